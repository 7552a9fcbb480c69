import { markingQualityApi } from '@huikao/contracts';
import { Button, Descriptions } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api-client.ts';
import { alertDialog, confirmDialog } from '../../../lib/notify.ts';

/**
 * 揭示身份 on a 问题卷 (marking.md 匿名阅卷): the 题组长 asks, confirms that it is logged, and sees
 * the student's name, class and 考号 in a dialog; nothing of it is kept on the page.
 */
export function RevealIdentityButton({ blockId, problemId }: { blockId: string; problemId: string }) {
  const [busy, setBusy] = useState(false);
  async function reveal() {
    setBusy(true);
    try {
      const who = await call(markingQualityApi.revealIdentity, { blockId, problemId });
      alertDialog({
        title: '考生身份',
        content: (
          <Descriptions column={1} size="small" aria-label="考生身份">
            <Descriptions.Item label="姓名">{who.name}</Descriptions.Item>
            <Descriptions.Item label="班级">{who.className}</Descriptions.Item>
            <Descriptions.Item label="考号">{who.examNo || '-'}</Descriptions.Item>
          </Descriptions>
        ),
      });
    } catch {
      // call() has shown the reason
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="small"
      loading={busy}
      onClick={() =>
        confirmDialog({
          title: '揭示该问题卷的考生身份？',
          content: '阅卷为匿名阅卷，查看考生身份将记入操作日志。',
          onOk: () => reveal(),
        })
      }
    >
      揭示身份
    </Button>
  );
}
