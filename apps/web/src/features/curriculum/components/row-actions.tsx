import { Button, Popconfirm, Space } from 'antd';
import { notifySuccess } from '../../../lib/notify.ts';

/** 编辑 and 删除 (with a confirmation) of a row; a refusal is shown by the api-client as the server said it. */
export function RowActions({
  onEdit,
  question,
  onDelete,
}: {
  onEdit: () => void;
  question: string;
  onDelete: () => Promise<unknown>;
}) {
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onEdit}>
        编辑
      </Button>
      <Popconfirm
        title={question}
        okText="确定"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onConfirm={async () => {
          try {
            await onDelete();
            notifySuccess('删除成功');
          } catch {
            // Shown by the api-client.
          }
        }}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}
