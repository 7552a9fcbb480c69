import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';

export interface ExamDocDeleteButtonProps {
  /** The question, naming what goes, e.g. 确定删除文档“试卷.pdf”吗？ */
  question: string;
  onDelete: () => Promise<unknown>;
  label?: string;
}

/** 删除 (or another destructive row action) with a confirmation; a refusal is shown by the api-client. */
export function ExamDocDeleteButton({ question, onDelete, label = '删除' }: ExamDocDeleteButtonProps) {
  const [running, setRunning] = useState(false);
  return (
    <Popconfirm
      title={question}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: running }}
      onConfirm={async () => {
        setRunning(true);
        try {
          await onDelete();
          notifySuccess(`${label}成功`);
        } catch {
          // Shown by the api-client.
        } finally {
          setRunning(false);
        }
      }}
    >
      <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
        {label}
      </Button>
    </Popconfirm>
  );
}
