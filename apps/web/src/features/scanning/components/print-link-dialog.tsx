import type { AnswerSheetLink } from '@huikao/contracts';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';

export interface PrintLinkDialogProps {
  link: AnswerSheetLink | null;
  onClose: () => void;
}

/** Local time of a link's expiry (unix seconds), as the school reads it. */
function expiryText(expires: number): string {
  return formatDateTime(new Date(expires * 1000));
}

/**
 * The signed /answerSheet link: whoever prints the cards (a print room without an account) opens
 * it without signing in until it expires.
 */
export function PrintLinkDialog({ link, onClose }: PrintLinkDialogProps) {
  const url = link ? new URL(link.url, window.location.origin).toString() : '';
  async function copy() {
    await navigator.clipboard.writeText(url);
    notifySuccess('链接已复制');
  }
  return (
    <Modal
      title="打印链接"
      open={link !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      {link ? (
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            title={`无需登录即可打开并打印第 ${link.version} 版答题卡，${expiryText(link.expires)} 后失效。`}
          />
          <Input.Search
            aria-label="打印链接地址"
            readOnly
            value={url}
            enterButton="复制"
            onSearch={() => void copy()}
          />
          <Typography.Link href={url} target="_blank" rel="noreferrer">
            在新标签页打开
          </Typography.Link>
        </Flex>
      ) : null}
    </Modal>
  );
}
