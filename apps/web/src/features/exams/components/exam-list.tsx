import type { MultiExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExamContext } from '../exam-context.ts';
import { dateRange, EXAM_STATUS_COLORS, EXAM_STATUS_OPTIONS, examStatusName, examTypeName } from '../exam-labels.ts';
import { useDeleteExam, useExamStatus } from '../mutations.ts';
import { examQueries } from '../queries.ts';
import { ExamImportButton } from './exam-import-button.tsx';

export interface ExamListProps {
  onOpen: (meId: string, step?: number) => void;
  onCreate: () => void;
}

/** 我的考试: the exams of the current school year, filtered by grade and status. */
export function ExamList({ onOpen, onCreate }: ExamListProps) {
  const { schoolId, canEdit, type } = useExamContext();
  const { selection } = useCurrentSelection();
  const schyId = selection?.schoolYear.schyId;
  const [query, setQuery] = useTableQuery();
  const [gradeId, setGradeId] = useState<string | undefined>();
  const [status, setStatus] = useState<number | undefined>();
  const grades = useQuery(examQueries.grades(schoolId));
  const params = { schyId, gradeId, status, keyword: query.keyword || undefined, ...pageOf(query) };
  const schoolList = useQuery({ ...examQueries.list(schoolId, params), enabled: canEdit && schyId !== undefined });
  const myList = useQuery({ ...examQueries.myList(schoolId, schyId), enabled: !canEdit && schyId !== undefined });
  const page = canEdit
    ? schoolList.data
    : pageLocally(
        myList.data?.list.filter(
          (exam) => (!gradeId || exam.gradeId === gradeId) && (status === undefined || exam.status === status),
        ),
        query,
        { searchText: (exam) => exam.name },
      );
  const navigate = useNavigate();
  const changeStatus = useExamStatus();
  const remove = useDeleteExam();

  async function setExamStatus(exam: MultiExam, next: number, done: string) {
    try {
      await changeStatus.mutateAsync({ meId: exam.meId, status: next });
      notifySuccess(done);
    } catch {
      // Shown by the api-client.
    }
  }

  const filters = (
    <Space wrap>
      <Select<string>
        aria-label="年级"
        allowClear
        placeholder="全部年级"
        style={{ width: 140 }}
        value={gradeId}
        onChange={(value) => {
          setGradeId(value);
          setQuery({ ...query, currentPage: 1 });
        }}
        options={(grades.data ?? []).map((grade) => ({ value: grade.gradeId, label: grade.gradeName }))}
      />
      <Select<number>
        aria-label="状态"
        allowClear
        placeholder="全部状态"
        style={{ width: 120 }}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setQuery({ ...query, currentPage: 1 });
        }}
        options={EXAM_STATUS_OPTIONS}
      />
      {canEdit ? (
        <>
          <Button type="primary" onClick={onCreate}>
            新建考试
          </Button>
          <ExamImportButton />
        </>
      ) : null}
    </Space>
  );

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary" data-testid="exam-list-year">
        {selection ? `${selection.schoolYear.name}的考试（可在页面顶部切换学年学期）` : '请先在页面顶部选择学年学期'}
      </Typography.Text>
      <DataTable<MultiExam>
        label="考试列表"
        rowKey="meId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={canEdit ? schoolList.isFetching : myList.isFetching}
        searchPlaceholder="输入考试名称搜索"
        toolbar={filters}
        emptyText={canEdit ? '本学年还没有考试，点“新建考试”开始' : '本学年还没有您可查看的考试'}
        columns={[
          {
            key: 'name',
            title: '考试名称',
            render: (_v, exam) => (
              <Typography.Link onClick={() => onOpen(exam.meId)} data-testid={`exam-${exam.name}`}>
                {exam.name}
              </Typography.Link>
            ),
          },
          { key: 'term', title: '学年/学期', render: (_v, exam) => `${exam.schoolYearName} ${exam.termName}` },
          { key: 'grade', title: '年级', dataIndex: 'gradeName' },
          { key: 'type', title: '类型', render: (_v, exam) => examTypeName(exam.examType) },
          { key: 'dates', title: '考试日期', render: (_v, exam) => dateRange(exam.startDate, exam.endDate) },
          {
            key: 'subjects',
            title: '科目',
            render: (_v, exam) =>
              exam.singleExams.length > 0 ? (
                <Flex gap={4} wrap>
                  {exam.singleExams.map((single) => (
                    <Tag key={single.seId}>{single.courseName}</Tag>
                  ))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">未添加</Typography.Text>
              ),
          },
          {
            key: 'status',
            title: '状态',
            render: (_v, exam) => (
              <Tag color={EXAM_STATUS_COLORS[exam.status]}>
                {examStatusName(exam.status)}
                {exam.publishedToStudents ? '（学生可见）' : ''}
              </Tag>
            ),
          },
        ]}
        actionsWidth={300}
        rowActions={(exam) => (
          <Space size={0} wrap>
            {canEdit && exam.status < 3 ? (
              <Button type="link" size="small" onClick={() => onOpen(exam.meId)}>
                编辑
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => onOpen(exam.meId)}>
                查看
              </Button>
            )}
            {exam.singleExams[0] ? (
              // 试卷制作 (features/scanning): the subjects' structure, standard papers and answer cards.
              <Button
                type="link"
                size="small"
                onClick={() => navigate(`/makeExamDetailInfo?seId=${encodeURIComponent(exam.singleExams[0]!.seId)}`)}
              >
                答题卡
              </Button>
            ) : null}
            {type === 1 && exam.status === 2 ? (
              <Button type="link" size="small" onClick={() => onOpen(exam.meId, 4)}>
                录入成绩
              </Button>
            ) : null}
            {canEdit && exam.status === 1 ? (
              <Button type="link" size="small" onClick={() => void setExamStatus(exam, 2, '考试已开始')}>
                开始考试
              </Button>
            ) : null}
            {canEdit && exam.status === 3 ? (
              <Popconfirm
                title={`确定撤销“${exam.name}”的完成状态吗？`}
                description="撤销后考试回到进行中，可以修改成绩；需要重新完成。"
                okText="确定"
                cancelText="取消"
                onConfirm={() => setExamStatus(exam, 2, '已撤销完成')}
              >
                <Button type="link" size="small">
                  撤销完成
                </Button>
              </Popconfirm>
            ) : null}
            {canEdit && exam.status < 3 ? (
              <Popconfirm
                title={`确定删除考试“${exam.name}”吗？`}
                description="考试的科目、考生、题目和成绩会一起删除，且不能恢复。"
                okText="确定"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(exam.meId);
                    notifySuccess('删除成功');
                  } catch {
                    // Shown by the api-client.
                  }
                }}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        )}
      />
    </Flex>
  );
}

function pageOf(query: { currentPage: number; pageSize: number }) {
  return { currentPage: query.currentPage, pageSize: query.pageSize };
}
