import { type ExamQuestion, examsApi, type StudentScore } from '@huikao/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Layout, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { call } from '../../../lib/api-client.ts';
import { ScannedSheet } from '../components/scanned-sheet.tsx';
import { orDash } from '../exam-labels.ts';
import { useManagerContext } from '../manager-queries.ts';

/**
 * 单科成绩详情 (/analysis-manager-single-detail-info?seId=…), opened per subject from 成绩管理:
 * every student's score per question (the exams' score reads, so each reader sees the classes the
 * reports show them) and, on 查看答题卡, the student's scanned sheet in a drawer.
 */
export function SingleScoreDetailPage() {
  const [params] = useSearchParams();
  const seId = params.get('seId') ?? '';
  const { schoolId } = useManagerContext();
  const [query, setQuery] = useTableQuery();
  const [shown, setShown] = useState<StudentScore | null>(null);
  const single = useQuery({
    queryKey: ['exams-manager', schoolId, 'single-detail', seId],
    queryFn: ({ signal }) => call(examsApi.findSingleExamBySeId, { schoolId, seId }, { signal }),
    enabled: seId !== '',
  });
  const meId = single.data?.meId ?? '';
  const exam = useQuery({
    queryKey: ['exams-manager', schoolId, 'single-detail-exam', meId],
    queryFn: ({ signal }) => call(examsApi.getMultiExamByMeId, { schoolId, meId }, { signal }),
    enabled: meId !== '',
  });
  const questions = useQuery({
    queryKey: ['exams-manager', schoolId, 'single-detail-questions', seId],
    queryFn: ({ signal }) =>
      call(examsApi.findExamQuestionsBySeId, { schoolId, seId }, { signal }) as Promise<ExamQuestion[]>,
    enabled: seId !== '',
  });
  const scores = useQuery({
    queryKey: ['exams-manager', schoolId, 'single-detail-scores', seId, query],
    queryFn: ({ signal }) =>
      call(
        examsApi.findStuScoresBySeId,
        {
          schoolId,
          seId,
          keyword: query.keyword || undefined,
          currentPage: query.currentPage,
          pageSize: query.pageSize,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: seId !== '',
  });

  const columns: TableColumnsType<StudentScore> = [
    { key: 'studentNo', title: '学号', dataIndex: 'studentNo', fixed: 'left' },
    { key: 'name', title: '姓名', dataIndex: 'name', fixed: 'left' },
    { key: 'className', title: '班级', dataIndex: 'className' },
    {
      key: 'total',
      title: '总分',
      render: (_v, row) =>
        row.absent ? (
          <Tag color="warning">缺考</Tag>
        ) : (
          <Typography.Text strong>{orDash(row.totalScore)}</Typography.Text>
        ),
    },
    { key: 'objective', title: '客观题', render: (_v, row) => orDash(row.objectiveScore) },
    { key: 'subjective', title: '主观题', render: (_v, row) => orDash(row.subjectiveScore) },
    { key: 'gradeRank', title: '年级排名', render: (_v, row) => orDash(row.gradeRank) },
    ...(questions.data ?? []).map((q) => ({
      key: `q-${q.questionId}`,
      title: `${q.questionNo}（${q.fullMark}分）`,
      render: (_v: unknown, row: StudentScore) => {
        const choice = row.choices[q.questionId];
        const score = orDash(row.scores[q.questionId] ?? null);
        return q.kind === 1 && choice !== undefined ? `${score}（${choice || '未作答'}）` : score;
      },
    })),
  ];

  const title = single.data ? `${exam.data?.name ?? ''} · ${single.data.courseName} 单科成绩详情` : '单科成绩详情';
  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }}>
      <Flex vertical gap={16}>
        <PageHeader title={title} />
        {!seId ? (
          <Alert type="warning" showIcon title="缺少科目考试，请从成绩管理进入" />
        ) : single.error || scores.error ? (
          <Alert type="error" showIcon title={`成绩加载失败：${(single.error ?? scores.error)!.message}`} />
        ) : (
          <DataTable<StudentScore>
            label="单科成绩详情"
            rowKey="esId"
            size="small"
            query={query}
            onQueryChange={setQuery}
            page={scores.data}
            loading={scores.isFetching}
            searchPlaceholder="搜索姓名或学号"
            emptyText="还没有学生成绩"
            columns={columns}
            actionsWidth={110}
            rowActions={(row) => (
              <Button type="link" size="small" onClick={() => setShown(row)}>
                查看答题卡
              </Button>
            )}
          />
        )}
      </Flex>
      <Drawer
        open={shown !== null}
        onClose={() => setShown(null)}
        size="large"
        title={shown ? `${shown.name}（${shown.className}）的答题卡` : '答题卡'}
        destroyOnHidden
      >
        {shown ? <ScannedSheet schoolId={schoolId} seId={seId} studentId={shown.studentId} asStudent={false} /> : null}
      </Drawer>
    </Layout>
  );
}
