import { markingDeskApi, type ReviewedMark } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useSetSeeded } from '../../quality/quality-queries.ts';
import { useReviewList } from '../desk-queries.ts';

const KIND: Record<string, string> = { first: '一评', second: '二评', third: '三评', arbitration: '仲裁' };

/**
 * 回评: the marker's last 50 marks, each changeable until the 题块 is finished (a new mark); a
 * 题组长 may also declare one of their papers a 标准卷 with their mark as the reference.
 */
export function ReviewDrawer({
  blockId,
  open,
  leader = false,
  onClose,
}: {
  blockId: string;
  open: boolean;
  leader?: boolean;
  onClose: () => void;
}) {
  const list = useReviewList(blockId, open);
  const seed = useSetSeeded(blockId);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Drawer title="回评（最近50份）" open={open} onClose={onClose} width={480}>
      {list.data && list.data.length === 0 ? <Empty description="还没有评过的试卷" /> : null}
      <List
        dataSource={list.data ?? []}
        rowKey="markId"
        renderItem={(m, i) => (
          <List.Item aria-label={`回评第${i + 1}份`}>
            {editing === m.paperId ? (
              <Remark blockId={blockId} mark={m} onDone={() => setEditing(null)} />
            ) : (
              <Space wrap>
                <Typography.Text>第 {i + 1} 份</Typography.Text>
                <Tag>{KIND[m.kind] ?? m.kind}</Tag>
                <Typography.Text aria-label="得分">{Object.values(m.scores).join(' / ')} 分</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(m.submittedAt)}</Typography.Text>
                <Button size="small" disabled={!m.changeable} onClick={() => setEditing(m.paperId)}>
                  重评
                </Button>
                {leader ? (
                  <Button
                    size="small"
                    loading={seed.isPending && seed.variables === m.paperId}
                    onClick={() => seed.mutate(m.paperId)}
                  >
                    设为标准卷
                  </Button>
                ) : null}
              </Space>
            )}
          </List.Item>
        )}
      />
    </Drawer>
  );
}

function Remark({ blockId, mark, onDone }: { blockId: string; mark: ReviewedMark; onDone: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(Object.entries(mark.scores).map(([k, v]) => [k, String(v)])),
  );
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      const scores = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)]));
      await call(markingDeskApi.remark, { blockId, paperId: mark.paperId, scores, seconds: 0 });
      notifySuccess('已重评');
      await client.invalidateQueries({ queryKey: ['markDesk'] });
      onDone();
    } catch {
      // call() has shown the reason
    } finally {
      setBusy(false);
    }
  }
  return (
    <Space wrap>
      {Object.keys(values).map((id) => (
        <Input
          key={id}
          aria-label="重评得分"
          style={{ width: 80 }}
          value={values[id]}
          onChange={(e) => setValues({ ...values, [id]: e.target.value.replace(/[^0-9.]/g, '') })}
          onPressEnter={() => void save()}
        />
      ))}
      <Button size="small" type="primary" loading={busy} onClick={() => void save()}>
        保存
      </Button>
      <Button size="small" onClick={onDone}>
        取消
      </Button>
    </Space>
  );
}
