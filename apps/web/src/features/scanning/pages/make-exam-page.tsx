import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Layout, Segmented, Space, Tabs, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { CARD_STATUS_COLORS, cardStatusName, MY_CARD_PATH } from '../card-labels.ts';
import { makingTabs } from '../components/making-tab-list.tsx';
import { availableTabs, chosenTab } from '../making-tabs.ts';
import { cardQueries, useCardContext } from '../queries.ts';

/**
 * 试卷制作 (/makeExamDetailInfo?seId=…&tab=…): one single exam's making page, walked from its
 * question structure to its answer card (and, as they land, scanning and marking set-up). The
 * subject and the tab live in the address, so a reload or a shared link comes back to them.
 */
export function MakeExamPage() {
  const [params, setParams] = useSearchParams();
  const seId = params.get('seId') ?? '';
  const { schoolId, canManage } = useCardContext();
  const parent = useQuery(cardQueries.parent(schoolId, seId));
  const info = useQuery(cardQueries.info(schoolId, seId));
  const meId = parent.data?.meId ?? '';
  const courses = useQuery(cardQueries.courses(schoolId, meId));
  const structure = useQuery(cardQueries.structure(schoolId, seId));
  const hasQuestions = (structure.data?.questions.length ?? 0) > 0;
  const tabs = availableTabs(makingTabs(), { canEdit: canManage, hasQuestions });
  const tab = chosenTab(tabs, params.get('tab'));
  const go = (next: { seId?: string; tab?: string }) =>
    setParams({ seId: next.seId ?? seId, tab: next.tab ?? tab?.key ?? '' });

  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }}>
      <Flex vertical gap={12} style={{ maxWidth: 1400, width: '100%', margin: '0 auto' }}>
        <Flex justify="space-between" align="flex-start" wrap gap={12}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              试卷制作{parent.data ? ` · ${parent.data.name}` : ''}
            </Typography.Title>
            {parent.data && info.data ? (
              <Typography.Text type="secondary">
                {info.data.schoolName} · {parent.data.gradeName} · {parent.data.termName}
              </Typography.Text>
            ) : null}
          </div>
          <Space>
            <Link to={MY_CARD_PATH}>我的答题卡</Link>
            {meId ? <Link to={`/teacher/examMark/my-exam?meId=${encodeURIComponent(meId)}`}>我的考试</Link> : null}
          </Space>
        </Flex>
        {!seId ? (
          <Alert type="warning" showIcon title="缺少考试科目，请从“我的答题卡”或“我的考试”进入" />
        ) : parent.error ? (
          <Alert type="error" showIcon title={`考试加载失败：${parent.error.message}`} />
        ) : (
          <>
            {courses.data && courses.data.length > 0 ? (
              <Segmented<string>
                aria-label="科目"
                value={seId}
                onChange={(next) => go({ seId: next })}
                options={courses.data.map((course) => ({
                  value: course.seId,
                  label: (
                    <Space size={4}>
                      {course.courseName}
                      {course.status ? (
                        <Tag color={CARD_STATUS_COLORS[course.status]} style={{ marginInlineEnd: 0 }}>
                          {cardStatusName(course.status)}
                        </Tag>
                      ) : null}
                    </Space>
                  ),
                }))}
              />
            ) : null}
            <Tabs
              activeKey={tab?.key}
              onChange={(key) => go({ tab: key })}
              destroyOnHidden
              items={tabs.map((definition) => ({
                key: definition.key,
                label: definition.label,
                children: meId ? definition.render({ seId, meId, canEdit: canManage, hasQuestions }) : null,
              }))}
            />
          </>
        )}
      </Flex>
    </Layout>
  );
}
