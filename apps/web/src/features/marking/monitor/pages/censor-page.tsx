import { markingMonitorApi as api, type SpotPaper } from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Image, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header.tsx';
import { call } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { notifySuccess } from '../../../../lib/notify.ts';

const KIND: Record<string, string> = {
  first: '一评',
  second: '二评',
  third: '三评',
  arbitration: '仲裁',
  'spot-check': '抽查更正',
};

/** 试卷抽查 (/markCensorInfo): a random sample of finished papers, passed or corrected with a reason. */
export function CensorPage() {
  const [params] = useSearchParams();
  const blockId = params.get('blockId') ?? undefined;
  const markerId = params.get('markerId') ?? undefined;
  const client = useQueryClient();
  const [papers, setPapers] = useState<SpotPaper[]>([]);
  const count = useQuery({
    queryKey: ['markMonitor', 'censorCount', blockId],
    queryFn: () => call(api.censorCount, { blockId: blockId! }),
    enabled: blockId !== undefined,
  });
  const draw = useMutation({
    mutationFn: () => call(api.censorSample, { blockId: blockId!, size: 10, ...(markerId ? { markerId } : {}) }),
    onSuccess: setPapers,
  });
  const refresh = (paper: SpotPaper) => {
    setPapers((list) => list.map((p) => (p.paperId === paper.paperId ? paper : p)));
    void client.invalidateQueries({ queryKey: ['markMonitor'] });
  };
  if (blockId === undefined) return <Empty description="请从题目监控进入抽查" />;
  return (
    <div style={{ padding: 24 }}>
      <PageHeader
        title="试卷抽查"
        description={markerId ? '抽查该阅卷教师评过的已评完试卷' : '抽查该题块已评完的试卷'}
        extra={
          <>
            <Typography.Text>
              已抽查 {count.data?.done ?? 0} / 要求 {count.data?.quota ?? 0}
            </Typography.Text>
            <Button type="primary" loading={draw.isPending} onClick={() => draw.mutate()}>
              随机抽取
            </Button>
          </>
        }
      />
      {draw.isSuccess && papers.length === 0 ? <Empty description="暂无已评完的试卷" /> : null}
      <Flex vertical gap={16}>
        {papers.map((paper, index) => (
          <SpotCard key={paper.paperId} index={index + 1} blockId={blockId} paper={paper} onChanged={refresh} />
        ))}
      </Flex>
    </div>
  );
}

function SpotCard({
  index,
  blockId,
  paper,
  onChanged,
}: {
  index: number;
  blockId: string;
  paper: SpotPaper;
  onChanged: (paper: SpotPaper) => void;
}) {
  const [editing, setEditing] = useState(false);
  const questions = Object.keys(paper.finalScores);
  const pass = useMutation({
    mutationFn: () => call(api.censorPass, { blockId, paperId: paper.paperId }),
    onSuccess: () => {
      notifySuccess('已确认无误');
      onChanged({ ...paper, checked: true });
    },
  });
  const correct = useMutation({
    mutationFn: (v: { reason: string; scores: Record<string, number> }) =>
      call(api.censorCorrect, { blockId, paperId: paper.paperId, ...v }),
    onSuccess: (next) => {
      notifySuccess('已更正得分');
      setEditing(false);
      onChanged(next);
    },
  });
  return (
    <Card
      title={`第 ${index} 份`}
      extra={
        <Space>
          {paper.checked ? <Tag color="green">已抽查</Tag> : null}
          <Typography.Text strong>终分 {paper.finalTotal}</Typography.Text>
        </Space>
      }
      aria-label={`抽查试卷 ${index}`}
    >
      {paper.imageUrl ? (
        // The crop from a signed link; click to zoom.
        <Image
          src={paper.imageUrl}
          alt={`抽查试卷 ${index} 的答题图片`}
          style={{ maxWidth: '100%', marginBottom: 12 }}
        />
      ) : null}
      {paper.text ? <Typography.Paragraph>{paper.text}</Typography.Paragraph> : null}
      <Table
        size="small"
        pagination={false}
        rowKey={(m) => `${m.markerId}-${m.kind}-${m.submittedAt}`}
        dataSource={paper.marks}
        columns={[
          { title: '评次', dataIndex: 'kind', render: (k: string) => KIND[k] ?? k },
          { title: '阅卷教师', dataIndex: 'markerName' },
          {
            title: '得分',
            key: 'scores',
            render: (_, m) => questions.map((q) => m.scores[q] ?? '—').join(' / '),
          },
          { title: '提交时间', dataIndex: 'submittedAt', render: (t: string) => formatDateTime(t) },
        ]}
      />
      {editing ? (
        <Form
          layout="inline"
          style={{ marginTop: 12 }}
          initialValues={{ scores: paper.finalScores }}
          onFinish={(v: { reason: string; scores: Record<string, number> }) => correct.mutate(v)}
        >
          {questions.map((q, i) => (
            <Form.Item
              key={q}
              label={questions.length > 1 ? `第${i + 1}问得分` : '更正得分'}
              name={['scores', q]}
              rules={[{ required: true, message: '请填写得分' }]}
            >
              <InputNumber min={0} step={0.5} aria-label="更正得分" />
            </Form.Item>
          ))}
          <Form.Item
            label="更正原因"
            name="reason"
            rules={[{ required: true, whitespace: true, message: '请填写更正原因' }]}
          >
            <Input maxLength={200} style={{ width: 260 }} aria-label="更正原因" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={correct.isPending}>
              提交更正
            </Button>
            <Button onClick={() => setEditing(false)}>取消</Button>
          </Space>
        </Form>
      ) : (
        <Space style={{ marginTop: 12 }}>
          <Button onClick={() => pass.mutate()} loading={pass.isPending} disabled={paper.checked}>
            无误
          </Button>
          <Button onClick={() => setEditing(true)}>更正得分</Button>
        </Space>
      )}
    </Card>
  );
}
