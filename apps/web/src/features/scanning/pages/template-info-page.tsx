import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Layout, Space, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { CARD_STATUS_COLORS, cardStatusName, MY_CARD_PATH, makingPath } from '../card-labels.ts';
import { cardSummary } from '../card-types.ts';
import { CardActions } from '../components/card-actions.tsx';
import { CardDesigner } from '../components/card-designer.tsx';
import { useGenerateCard } from '../mutations.ts';
import { cardQueries, useCardContext } from '../queries.ts';

/**
 * 答题卡信息 (/examTemplateInfo?seId=…): the designer of one single exam's answer card, its
 * version and status, and its downloads.
 */
export function TemplateInfoPage() {
  const [params] = useSearchParams();
  const seId = params.get('seId') ?? '';
  const { schoolId, canManage } = useCardContext();
  const info = useQuery(cardQueries.info(schoolId, seId));
  const card = useQuery(cardQueries.template(schoolId, seId));
  const generate = useGenerateCard();
  const data = card.data;

  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }}>
      <Flex vertical gap={16} style={{ maxWidth: 1600, width: '100%', margin: '0 auto' }}>
        <Flex justify="space-between" align="flex-start" gap={16} wrap>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              答题卡信息{info.data ? ` · ${info.data.examName} ${info.data.courseName}` : ''}
            </Typography.Title>
            <Space size={8} wrap style={{ marginTop: 4 }}>
              {info.data ? (
                <Typography.Text type="secondary">
                  {info.data.schoolName} · {info.data.gradeName}
                </Typography.Text>
              ) : null}
              {data ? (
                <>
                  <Tag color={CARD_STATUS_COLORS[data.status]} data-testid="card-status">
                    {cardStatusName(data.status)}
                  </Tag>
                  <Tag data-testid="card-version">第 {data.version} 版</Tag>
                  <Typography.Text type="secondary">
                    {summaryText(data.template)}
                    {data.updatedByName ? ` · ${data.updatedByName} 修改于 ${formatDateTime(data.updatedAt)}` : ''}
                  </Typography.Text>
                </>
              ) : null}
            </Space>
          </div>
          <Space wrap>
            <Link to={MY_CARD_PATH}>返回我的答题卡</Link>
            {seId ? <Link to={makingPath(seId, 'card')}>试卷制作</Link> : null}
          </Space>
        </Flex>
        {data ? (
          <CardActions
            seId={seId}
            templateId={data.templateId}
            status={data.status}
            version={data.version}
            withDesign={false}
            size="middle"
            variant="default"
          />
        ) : null}
        {!seId ? (
          <Alert type="warning" showIcon title="缺少考试科目，请从“我的答题卡”进入" />
        ) : card.error ? (
          <Alert type="error" showIcon title={`答题卡加载失败：${card.error.message}`} />
        ) : card.isPending ? (
          <Typography.Text type="secondary">加载中…</Typography.Text>
        ) : data ? (
          <CardDesigner card={data} />
        ) : (
          <Empty description="这个科目还没有答题卡">
            {canManage ? (
              <Button
                type="primary"
                loading={generate.isPending}
                onClick={() =>
                  generate
                    .mutateAsync({ seId, regenerate: false })
                    .then(() => notifySuccess('答题卡已生成'))
                    .catch(() => undefined)
                }
              >
                生成答题卡
              </Button>
            ) : null}
          </Empty>
        )}
      </Flex>
    </Layout>
  );
}

function summaryText(template: Parameters<typeof cardSummary>[0]): string {
  const { objective, boxes, pages } = cardSummary(template);
  return `${template.settings.paper} ${template.settings.columns} 栏 · ${pages} 页 · 客观题 ${objective} 道 · 答题框 ${boxes} 个`;
}
