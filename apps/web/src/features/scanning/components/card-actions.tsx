import type { CardStatus } from '@huikao/contracts';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify.ts';
import { designerPath } from '../card-labels.ts';
import { useCardDownloads, useMarkPrinted, useSignLink } from '../mutations.ts';
import { useCardContext } from '../queries.ts';
import { PrintLinkDialog } from './print-link-dialog.tsx';

export interface CardActionsProps {
  seId: string;
  templateId: string;
  status: CardStatus;
  version: number;
  /** The designer itself leaves out 设计. */
  withDesign?: boolean;
  size?: 'small' | 'middle';
  /** Buttons as links (in a table row) or as buttons (in a page header). */
  variant?: 'link' | 'default';
}

/** What one can do with a card: design it, download it blank or personalised, print it. */
export function CardActions({
  seId,
  templateId,
  status,
  version,
  withDesign = true,
  size = 'small',
  variant = 'link',
}: CardActionsProps) {
  const { canManage } = useCardContext();
  const navigate = useNavigate();
  const downloads = useCardDownloads();
  const printed = useMarkPrinted();
  const sign = useSignLink();
  const [busy, setBusy] = useState<'blank' | 'personalised' | null>(null);
  const type = variant === 'link' ? 'link' : 'default';

  async function download(kind: 'blank' | 'personalised') {
    setBusy(kind);
    try {
      await downloads[kind](templateId);
    } catch {
      // Shown by the api-client.
    } finally {
      setBusy(null);
    }
  }

  return (
    <Space size={variant === 'link' ? 0 : 8} wrap>
      {withDesign ? (
        <Button type={type} size={size} onClick={() => navigate(designerPath(seId))}>
          {canManage ? '设计' : '查看'}
        </Button>
      ) : null}
      <Button type={type} size={size} loading={busy === 'blank'} onClick={() => void download('blank')}>
        下载空白卡
      </Button>
      <Button type={type} size={size} loading={busy === 'personalised'} onClick={() => void download('personalised')}>
        下载个性化卡
      </Button>
      {canManage && status === 'draft' ? (
        <Popconfirm
          title={`确定将第 ${version} 版标记为已印刷吗？`}
          description="已印刷的版本不再改动：之后的修改会生成新版本。"
          okText="确定"
          cancelText="取消"
          onConfirm={async () => {
            try {
              await printed.mutateAsync(templateId);
              notifySuccess('已标记为已印刷');
            } catch {
              // Shown by the api-client.
            }
          }}
        >
          <Button type={type} size={size}>
            标记已印刷
          </Button>
        </Popconfirm>
      ) : null}
      <Button type={type} size={size} loading={sign.isPending} onClick={() => sign.mutate(templateId)}>
        打印链接
      </Button>
      <PrintLinkDialog link={sign.data ?? null} onClose={() => sign.reset()} />
    </Space>
  );
}
