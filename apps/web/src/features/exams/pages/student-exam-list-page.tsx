import type { StudentExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDate } from '../../../lib/date-format.ts';
import { useExamContext } from '../exam-context.ts';
import { examTypeName, orDash } from '../exam-labels.ts';
import { examQueries } from '../queries.ts';

type Subject = StudentExam['subjects'][number];

/** The student's 学情分析 pages (student-analysis-main). */
const ANALYSIS = '/student/student-analysis-main';

/**
 * 我的考试 (student): `above` is what other features add on top (the online exams, handed in by
 * router.tsx); then the published exams with each subject's score or level, and the ranks and
 * averages the exam's 学生查看设置 allows (the server leaves hidden figures null: shown as —, and a
 * column nobody may see is left out).
 */
export function StudentExamListPage({ above }: { above?: React.ReactNode }) {
  const { schoolId } = useExamContext();
  const exams = useQuery(examQueries.studentExams(schoolId));
  return (
    <Flex vertical gap={16}>
      <PageHeader title="我的考试" description="已发布的考试成绩；点科目名查看逐题得分，点“成绩分析”查看学情分析" />
      {above}
      {exams.error ? <Alert type="error" showIcon title={`考试加载失败：${exams.error.message}`} /> : null}
      {exams.data && exams.data.length === 0 ? <Empty description="还没有发布的考试" /> : null}
      {(exams.data ?? []).map((exam) => (
        <ExamCard key={exam.meId} exam={exam} />
      ))}
    </Flex>
  );
}

const anyShown = (rows: Array<Partial<Subject>>, field: keyof Subject) =>
  rows.some((row) => row[field] !== null && row[field] !== undefined);

function ExamCard({ exam }: { exam: StudentExam }) {
  const rows: Array<Subject & { isTotal?: boolean }> = [...exam.subjects];
  if (exam.total) rows.push({ ...exam.total, seId: 'total', courseName: '总分', isTotal: true });
  const column = (field: keyof Subject, title: string) =>
    anyShown(rows, field)
      ? [{ key: field, title, render: (_v: unknown, row: Subject) => orDash(row[field] as number) }]
      : [];
  const columns: TableColumnsType<Subject & { isTotal?: boolean }> = [
    {
      key: 'course',
      title: '科目',
      render: (_v, row) =>
        row.isTotal ? (
          <Typography.Text strong>总分</Typography.Text>
        ) : (
          // A student's own paper: the server knows whose from the session.
          <Link to={`/findStudentDetailPaper?seId=${row.seId}`}>{row.courseName}</Link>
        ),
    },
    {
      key: 'score',
      title: '成绩',
      render: (_v, row) =>
        row.absent ? (
          <Tag color="warning">缺考</Tag>
        ) : (
          <span>
            {row.score !== null ? <Typography.Text strong>{row.score}</Typography.Text> : null}
            {row.score !== null ? ` / ${row.fullMark}` : null}
            {row.score === null && row.level === null ? '—' : null}
          </span>
        ),
    },
    ...(anyShown(rows, 'level')
      ? [
          {
            key: 'level',
            title: '等级',
            render: (_v: unknown, row: Subject) => (row.level ? <Tag>{row.level}</Tag> : '—'),
          },
        ]
      : []),
    {
      key: 'analysis',
      title: '分析',
      render: (_v, row) =>
        row.isTotal ? (
          <Link to={`${ANALYSIS}/student-subject-analysis?meId=${exam.meId}`}>学科分析</Link>
        ) : (
          <Link to={`${ANALYSIS}/student-single-analysis?meId=${exam.meId}&seId=${row.seId}`}>单科分析</Link>
        ),
    },
    ...column('classRank', '班级名次'),
    ...column('gradeRank', '年级名次'),
    ...column('classAverage', '班级平均'),
    ...column('gradeAverage', '年级平均'),
    ...column('gradeMax', '年级最高'),
  ];
  return (
    <Card
      title={exam.name}
      extra={
        <Flex gap={8} align="center">
          {/* Only published exams are listed: each has its 学情分析 reports. */}
          <Link to={`${ANALYSIS}/student-subject-analysis?meId=${exam.meId}`}>成绩分析</Link>
          <Tag>{examTypeName(exam.examType)}</Tag>
          <Typography.Text type="secondary">
            {exam.gradeName} · {formatDate(exam.startDate)}
          </Typography.Text>
        </Flex>
      }
      data-testid={`student-exam-${exam.name}`}
    >
      <Table
        aria-label={`${exam.name}成绩`}
        rowKey="seId"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
