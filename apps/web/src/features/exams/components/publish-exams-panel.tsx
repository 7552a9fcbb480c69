import { EXAM_STATUS, EXAM_TYPES, HIDDEN_OPTIONS, type MultiExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { formatDateRange } from '../../../lib/date-format.ts';
import { hiddenOptionsOf } from '../hidden-options.ts';
import { managerQueries, useManagerContext, useWithdrawExam } from '../manager-queries.ts';
import { ExamDocDeleteButton } from './exam-doc-buttons.tsx';
import { PublishDialog } from './publish-dialog.tsx';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'warning', 4: 'success' };

export function ExamStatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]}>{EXAM_STATUS[status as keyof typeof EXAM_STATUS] ?? status}</Tag>;
}

/**
 * 考试发布: the school's exams of the current school year (and a chosen grade). An 已完成 exam is
 * published with its classes and settings; a published one can be withdrawn or its settings changed.
 */
export function PublishExamsPanel() {
  const { schoolId, canEdit } = useManagerContext();
  const { selection } = useCurrentSelection();
  const schyId = selection?.schoolYear.schyId ?? '';
  const [gradeId, setGradeId] = useState<string>('');
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [query, setQuery] = useTableQuery();
  const grades = useQuery(managerQueries.grades(schoolId));
  const exams = useQuery({
    ...managerQueries.exams(schoolId, {
      schyId,
      gradeId,
      status,
      keyword: query.keyword,
      currentPage: query.currentPage,
      pageSize: query.pageSize,
    }),
    enabled: schyId !== '',
  });
  const withdraw = useWithdrawExam();
  const [publishing, setPublishing] = useState<{ exam: MultiExam; mode: 'publish' | 'settings' } | null>(null);

  return (
    <>
      <DataTable<MultiExam>
        label="考试发布"
        rowKey="meId"
        query={query}
        onQueryChange={setQuery}
        page={exams.data}
        loading={exams.isFetching}
        searchPlaceholder="搜索考试名称"
        emptyText={selection ? `${selection.schoolYear.name}还没有考试` : '请先在页面顶部选择学年'}
        toolbar={
          <>
            <Select<string>
              aria-label="年级"
              value={gradeId}
              style={{ width: 140 }}
              onChange={(value) => {
                setGradeId(value);
                setQuery({ ...query, currentPage: 1 });
              }}
              options={[
                { value: '', label: '全部年级' },
                ...(grades.data ?? []).map((grade) => ({ value: grade.gradeId, label: grade.gradeName })),
              ]}
            />
            <Select<number | ''>
              aria-label="状态"
              value={status ?? ''}
              style={{ width: 120 }}
              onChange={(value) => {
                setStatus(value === '' ? undefined : value);
                setQuery({ ...query, currentPage: 1 });
              }}
              options={[
                { value: '', label: '全部状态' },
                ...Object.entries(EXAM_STATUS).map(([value, label]) => ({ value: Number(value), label })),
              ]}
            />
          </>
        }
        columns={[
          { key: 'name', title: '考试名称', dataIndex: 'name' },
          { key: 'gradeName', title: '年级', dataIndex: 'gradeName' },
          { key: 'termName', title: '学期', dataIndex: 'termName' },
          {
            key: 'examType',
            title: '类型',
            render: (_, exam) => EXAM_TYPES[exam.examType as keyof typeof EXAM_TYPES] ?? exam.examType,
          },
          { key: 'dates', title: '考试日期', render: (_, exam) => formatDateRange(exam.startDate, exam.endDate) },
          {
            key: 'subjects',
            title: '科目',
            // Each subject opens its 单科成绩详情 (scores per question, the scanned sheets).
            render: (_, exam) =>
              exam.singleExams.length === 0 ? (
                '—'
              ) : (
                <Space size={4} wrap>
                  {exam.singleExams.map((single) => (
                    <Link
                      key={single.seId}
                      to={`/analysis-manager-single-detail-info?seId=${single.seId}`}
                      title={`${single.courseName}单科成绩详情`}
                    >
                      {single.courseName}
                    </Link>
                  ))}
                </Space>
              ),
          },
          { key: 'status', title: '状态', render: (_, exam) => <ExamStatusTag status={exam.status} /> },
          {
            key: 'students',
            title: '学生查看',
            render: (_, exam) =>
              exam.status !== 4 ? (
                '—'
              ) : exam.publishedToStudents ? (
                <Space size={4} wrap>
                  <Tag color="green">已发布给学生</Tag>
                  {hiddenOptionsOf(exam.hiddenStudentOrder).map((option) => (
                    <Tag key={option}>{HIDDEN_OPTIONS[option]}</Tag>
                  ))}
                </Space>
              ) : (
                <Tag>未发布给学生</Tag>
              ),
          },
        ]}
        rowActions={(exam) =>
          canEdit ? (
            <Space size={0}>
              {exam.status === 3 ? (
                <Button type="link" size="small" onClick={() => setPublishing({ exam, mode: 'publish' })}>
                  发布
                </Button>
              ) : null}
              {exam.status === 4 ? (
                <>
                  <Button type="link" size="small" onClick={() => setPublishing({ exam, mode: 'settings' })}>
                    修改设置
                  </Button>
                  <ExamDocDeleteButton
                    label="撤回发布"
                    question={`确定撤回“${exam.name}”的发布吗？学生将看不到本次成绩。`}
                    onDelete={() => withdraw.mutateAsync(exam.meId)}
                  />
                </>
              ) : null}
              {exam.status < 3 ? <span>未完成</span> : null}
            </Space>
          ) : (
            <span>—</span>
          )
        }
      />
      <PublishDialog
        exam={publishing?.exam ?? null}
        mode={publishing?.mode ?? 'publish'}
        onClose={() => setPublishing(null)}
      />
    </>
  );
}
