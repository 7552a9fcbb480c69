import { type PaperSummary, questionBankUserApi } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Space } from 'antd';
import { useState } from 'react';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { basketKey, useBasket } from '../basket.ts';
import { BasketDrawer } from '../components/basket-drawer.tsx';
import { CoursePicker, useChosenCourse } from '../components/course-picker.tsx';
import { PaperDetailDrawer } from '../components/paper-detail-drawer.tsx';
import { questionBankQueries } from '../queries.ts';

/**
 * 校本试卷 (spec §2 school-paper): the papers the school has published (papers/get narrowed to the
 * school), each opened with its questions, or sent whole to the basket.
 */
export function SchoolPaperPage() {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const courseId = useChosenCourse();
  const queryClient = useQueryClient();
  const [query, setQuery] = useTableQuery({ pageSize: 50 });
  const [paperId, setPaperId] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const base = useQuery(questionBankQueries.base(courseId));
  const basket = useBasket(courseId);
  const papers = useQuery(
    questionBankQueries.papers(
      courseId
        ? {
            courseId,
            schoolId,
            keyword: query.keyword || undefined,
            currentPage: query.currentPage,
            pageSize: query.pageSize,
          }
        : null,
    ),
  );

  async function sendToBasket(paper: PaperSummary) {
    setSending(paper.paperId);
    try {
      const detail = await queryClient.fetchQuery(questionBankQueries.paper(paper.paperId));
      const quesIds = detail.sections.flatMap((section) => section.questions.map((q) => q.question.quesId));
      if (quesIds.length === 0) {
        notifyWarning('提示', '这份试卷没有可加入的试题');
        return;
      }
      const next = await call(questionBankUserApi.addManyToBasket, { quesIds: quesIds.slice(0, 50) });
      queryClient.setQueryData(basketKey(next.courseId), next);
      notifySuccess('已加入试题篮', `试题篮共 ${next.total} 题`);
    } catch {
      // The api-client has shown why (the basket's limit is a 提示 notice).
    } finally {
      setSending(null);
    }
  }

  return (
    <Flex vertical gap={12}>
      <PageHeader title="校本试卷" description="本校教务管理员发布的试卷，可查看内容或把整卷试题加入试题篮" />
      <Card size="small">
        <div style={{ maxWidth: 520 }}>
          <CoursePicker />
        </div>
      </Card>
      <DataTable<PaperSummary>
        label="校本试卷列表"
        rowKey="paperId"
        query={query}
        onQueryChange={setQuery}
        page={papers.data}
        loading={papers.isFetching}
        searchPlaceholder="搜索试卷名称"
        emptyText="本校还没有发布的试卷"
        columns={[
          {
            key: 'title',
            title: '试卷名称',
            render: (_: unknown, paper) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setPaperId(paper.paperId)}>
                {paper.title}
              </Button>
            ),
          },
          { key: 'grade', title: '年级', width: 90, render: (_: unknown, paper) => paper.gradeName ?? '—' },
          { key: 'count', title: '题数', dataIndex: 'questionCount', width: 70 },
          { key: 'score', title: '总分', width: 70, render: (_: unknown, paper) => paper.totalScore || '—' },
        ]}
        actionsWidth={200}
        rowActions={(paper) => (
          <Space size={4}>
            <Button size="small" onClick={() => setPaperId(paper.paperId)}>
              查看
            </Button>
            <Button
              size="small"
              type="primary"
              loading={sending === paper.paperId}
              onClick={() => void sendToBasket(paper)}
            >
              加入试题篮
            </Button>
          </Space>
        )}
      />
      <PaperDetailDrawer paperId={paperId} onClose={() => setPaperId(null)} />
      {courseId ? <BasketDrawer controls={basket} courseName={base.data?.courseName} /> : null}
    </Flex>
  );
}
