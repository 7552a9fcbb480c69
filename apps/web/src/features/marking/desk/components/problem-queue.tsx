import { markingDeskApi } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import { call } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { RevealIdentityButton } from '../../quality/reveal-identity-button.tsx';
import { useProblems } from '../desk-queries.ts';

/** The 题组长's 问题卷 queue: each flagged paper with its reason; 退回 puts it back in the queue. */
export function ProblemQueue({ blockId }: { blockId: string }) {
  const problems = useProblems(blockId, true);
  const client = useQueryClient();
  async function giveBack(problemId: string) {
    await call(markingDeskApi.resolveProblem, { blockId, problemId, action: 'return' });
    notifySuccess('已退回待评');
    await client.invalidateQueries({ queryKey: ['markDesk'] });
  }
  if (problems.data && problems.data.length === 0) return <Empty description="没有待处理的问题卷" />;
  return (
    <List
      dataSource={problems.data ?? []}
      rowKey="id"
      renderItem={(p) => (
        <List.Item>
          <Space wrap>
            <Tag color="orange">{p.reason}</Tag>
            <Typography.Text>{p.note}</Typography.Text>
            <Typography.Text type="secondary">
              {p.markerName} · {formatDateTime(p.createdAt)}
            </Typography.Text>
            <Button size="small" onClick={() => void giveBack(p.id).catch(() => undefined)}>
              退回待评
            </Button>
            <RevealIdentityButton blockId={blockId} problemId={p.id} />
          </Space>
        </List.Item>
      )}
    />
  );
}
