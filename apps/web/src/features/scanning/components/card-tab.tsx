import { BLOCK_ORDER } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  CARD_STATUS_COLORS,
  cardStatusName,
  DEFAULT_BLOCK_ORDER,
  DEFAULT_QUESTIONS_PER_BLOCK,
  designerPath,
  IDENTITY_OPTIONS,
} from '../card-labels.ts';
import { boxHeightsOf, cardSummary } from '../card-types.ts';
import { useGenerateCard } from '../mutations.ts';
import { cardQueries, useCardContext } from '../queries.ts';
import { CardActions } from './card-actions.tsx';
import { CardPageView } from './card-page-view.tsx';

/** 答题卡: the single exam's card at a glance: generate or regenerate it, open the designer, download. */
export function CardTab({ seId, hasQuestions }: { seId: string; hasQuestions: boolean }) {
  const { schoolId, canManage } = useCardContext();
  const card = useQuery(cardQueries.template(schoolId, seId));
  const generate = useGenerateCard();
  const navigate = useNavigate();

  const run = (regenerate: boolean) =>
    generate
      .mutateAsync({ seId, regenerate })
      .then(() => notifySuccess(regenerate ? '答题卡已重新生成' : '答题卡已生成'))
      .catch(() => undefined);

  if (card.error) return <Alert type="error" showIcon title={`答题卡加载失败：${card.error.message}`} />;
  if (card.isPending) return <Typography.Text type="secondary">加载中…</Typography.Text>;
  const data = card.data;
  if (!data) {
    return (
      <Empty description={hasQuestions ? '这个科目还没有答题卡' : '先设置题目结构，再生成答题卡'}>
        {canManage ? (
          <Button type="primary" disabled={!hasQuestions} loading={generate.isPending} onClick={() => void run(false)}>
            生成答题卡
          </Button>
        ) : null}
      </Empty>
    );
  }
  const summary = cardSummary(data.template);
  const identity = IDENTITY_OPTIONS.find((option) => option.value === data.settings.identityMode)?.label;
  return (
    <Flex vertical gap={12}>
      {data.structureChanged ? (
        <Alert type="warning" showIcon title="题目结构在生成答题卡后修改过，请重新生成答题卡" />
      ) : null}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 3 }}
        items={[
          {
            key: 'status',
            label: '状态',
            children: (
              <Tag color={CARD_STATUS_COLORS[data.status]} data-testid="card-tab-status">
                {cardStatusName(data.status)} · 第{data.version}版
              </Tag>
            ),
          },
          {
            key: 'layout',
            label: '版式',
            children: `${data.settings.paper} ${data.settings.columns} 栏 · ${data.settings.sides === 2 ? '双面' : '单面'} · ${summary.pages} 页`,
          },
          { key: 'identity', label: '考生识别', children: `${identity}（考号 ${data.settings.examNumberLength} 位）` },
          {
            key: 'objective',
            label: '客观题',
            children: `${summary.objective} 道 · 每组 ${data.settings.questionsPerBlock ?? DEFAULT_QUESTIONS_PER_BLOCK} 题${BLOCK_ORDER[data.settings.blockOrder ?? DEFAULT_BLOCK_ORDER]}`,
          },
          { key: 'boxes', label: '答题框', children: `${summary.boxes} 个` },
          {
            key: 'updated',
            label: '修改',
            children: `${data.updatedByName ?? '—'} ${formatDateTime(data.updatedAt)}`,
          },
        ]}
      />
      <Flex gap={8} wrap>
        <Button type="primary" onClick={() => navigate(designerPath(seId))}>
          {canManage ? '打开设计器' : '查看答题卡'}
        </Button>
        {canManage ? (
          <Popconfirm
            title="确定按现在的题目重新生成答题卡吗？"
            description="答题框高度恢复为默认值；已印刷或已扫描的版本不变，生成新版本。"
            okText="确定"
            cancelText="取消"
            onConfirm={() => run(true)}
          >
            <Button loading={generate.isPending}>重新生成</Button>
          </Popconfirm>
        ) : null}
        <CardActions
          seId={seId}
          templateId={data.templateId}
          status={data.status}
          version={data.version}
          withDesign={false}
          size="middle"
          variant="default"
        />
      </Flex>
      <Card size="small" title="版面一览">
        <Flex gap={12} wrap>
          {data.template.pages.map((page) => (
            <CardPageView
              key={page.number}
              page={page}
              boxHeights={boxHeightsOf(data.template)}
              editable={false}
              onResize={() => undefined}
              width={page.width > 300 ? 420 : 240}
            />
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}
