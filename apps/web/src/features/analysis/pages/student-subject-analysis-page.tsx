import type { StudentReport } from '@huikao/contracts';
import { Alert, Card, Descriptions, Skeleton, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/date-format.ts';
import { studentPositionTrendOption, studentRadarOption, studentTTrendOption } from '../charts/student-charts.ts';
import { ReportTable } from '../components/report-table.tsx';
import { ChartGrid } from '../components/school/chart-grid.tsx';
import { PositionStats, StudentReportError } from '../components/student/student-parts.tsx';
import { type StudentReportContext, StudentReportFrame } from '../components/student/student-report-frame.tsx';
import {
  beatText,
  type OptionalField,
  type StudentSubjectRow,
  shownFields,
  studentSubjectRows,
  weakestCourse,
} from '../components/student/student-report-model.ts';
import { studentReportLink } from '../components/student/student-selection.ts';
import { formatPercent, formatRank, formatScore, MISSING } from '../format.ts';
import { useReport } from '../queries.ts';

const DISCLOSURE_TEXT: Record<StudentReport['disclosure'], string> = {
  rank: '学校设置为显示名次',
  band: '学校设置为显示名次段',
  beat: '学校设置为只显示超过的同学比例',
};

/**
 * 学科分析 (student-subject-analysis): the student's total and each course — score, class and grade
 * position as the school's disclosure allows, T scores across courses (radar), the total over
 * exams, and the weakest course.
 */
export function StudentSubjectAnalysisPage() {
  return (
    <StudentReportFrame title="学科分析" definitions={['basic', 'ranks', 'pr', 'zt', 'imbalance']}>
      {(context) => <SubjectAnalysis context={context} />}
    </StudentReportFrame>
  );
}

function SubjectAnalysis({ context }: { context: StudentReportContext }) {
  const { schoolId, meId } = context;
  const report = useReport('getStudentReportMEVO', meId, { schoolId, meId });
  if (report.error) {
    return <StudentReportError title="成绩分析读取失败" error={report.error} retry={() => void report.refetch()} />;
  }
  if (!report.data) return <Skeleton active />;
  const data = report.data;
  const rows = studentSubjectRows(data);
  return (
    <>
      <Overview report={data} />
      <SubjectsSection report={data} rows={rows} context={context} />
      <TrendSection report={data} context={context} />
    </>
  );
}

function Overview({ report }: { report: StudentReport }) {
  const total = report.total;
  const weakest = weakestCourse(report);
  return (
    <Card style={{ marginBottom: 16 }} title={`${report.examName} · 总分`}>
      <Descriptions
        size="small"
        style={{ marginBottom: 12 }}
        items={[
          { key: 'name', label: '姓名', children: report.student.name },
          { key: 'class', label: '班级', children: report.student.className },
          { key: 'disclosure', label: '名次显示', children: DISCLOSURE_TEXT[report.disclosure] },
        ]}
      />
      {total ? (
        <PositionStats label="总分" position={total} />
      ) : (
        <Typography.Text type="secondary">本次考试没有你的总分。</Typography.Text>
      )}
      {weakest ? (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title={
            <span>
              最薄弱学科：<Typography.Text strong>{weakest.name}</Typography.Text>（各科 Z 分数中最低）。
              {weakest.seId ? (
                <Link to={studentReportLink('student-single-analysis', report.meId, weakest.seId)}>查看单科分析</Link>
              ) : null}
            </span>
          }
        />
      ) : null}
    </Card>
  );
}

const OPTIONAL: readonly OptionalField[] = [
  'classMean',
  'gradeMean',
  'gradeMax',
  'classRank',
  'gradeRank',
  'rankBand',
  'beat',
  't',
];

function SubjectsSection({
  report,
  rows,
  context,
}: {
  report: StudentReport;
  rows: StudentSubjectRow[];
  context: StudentReportContext;
}) {
  const shown = shownFields(rows, OPTIONAL);
  const optional = (field: OptionalField, title: string, render: (row: StudentSubjectRow) => string) =>
    shown.has(field) ? [{ key: field, title, render: (_: unknown, row: StudentSubjectRow) => render(row) }] : [];
  const columns: TableColumnsType<StudentSubjectRow> = [
    {
      key: 'name',
      title: '科目',
      render: (_, row) =>
        row.seId ? (
          <Link to={studentReportLink('student-single-analysis', report.meId, row.seId)}>{row.name}</Link>
        ) : (
          <Typography.Text strong>{row.name}</Typography.Text>
        ),
    },
    { key: 'score', title: '成绩', render: (_, row) => (row.absent ? '缺考' : formatScore(row.score)) },
    { key: 'fullMark', title: '满分', render: (_, row) => formatScore(row.fullMark) },
    ...optional('classMean', '班级平均', (row) => formatScore(row.classMean)),
    ...optional('gradeMean', '年级平均', (row) => formatScore(row.gradeMean)),
    ...optional('gradeMax', '年级最高', (row) => formatScore(row.gradeMax)),
    ...optional('classRank', '班级名次', (row) => formatRank(row.classRank)),
    ...optional('gradeRank', '年级名次', (row) => formatRank(row.gradeRank)),
    ...optional('rankBand', '年级名次段', (row) => row.rankBand ?? MISSING),
    ...optional('beat', '超过的同学', (row) => (row.beat === null ? MISSING : formatPercent(row.beat))),
    ...optional('t', 'T分数', (row) => formatScore(row.t)),
    ...(rows.some((row) => row.weakest)
      ? [
          {
            key: 'weakest',
            title: '提示',
            render: (_: unknown, row: StudentSubjectRow) => (row.weakest ? <Tag color="orange">最薄弱</Tag> : ''),
          },
        ]
      : []),
  ];
  return (
    <ReportTable
      title="各科成绩"
      fileName={context.exportName('各科成绩')}
      rows={rows}
      columns={columns}
      rowKey="subjectKey"
      chart={
        <ChartGrid charts={[{ option: studentRadarOption(report.subjects), label: '各科T分数雷达图', height: 340 }]} />
      }
    />
  );
}

type TrendRow = StudentReport['trend'][number];

function TrendSection({ report, context }: { report: StudentReport; context: StudentReportContext }) {
  const rows = report.trend;
  const showRank = rows.some((row) => row.gradeRank !== null);
  const showBeat = rows.some((row) => row.beat !== null);
  const columns: TableColumnsType<TrendRow> = [
    { key: 'name', title: '考试', dataIndex: 'name' },
    { key: 'date', title: '日期', render: (_, row) => formatDate(row.startDate) },
    { key: 'score', title: '总分', render: (_, row) => formatScore(row.score) },
    { key: 't', title: 'T分数', render: (_, row) => formatScore(row.t) },
    ...(showRank
      ? [{ key: 'gradeRank', title: '年级名次', render: (_: unknown, row: TrendRow) => formatRank(row.gradeRank) }]
      : []),
    ...(showBeat
      ? [
          {
            key: 'beat',
            title: '年级位置',
            render: (_: unknown, row: TrendRow) => (row.beat === null ? MISSING : beatText(row.beat)),
          },
        ]
      : []),
  ];
  const position = studentPositionTrendOption(rows);
  return (
    <ReportTable
      title="成绩趋势"
      fileName={context.exportName('成绩趋势')}
      rows={rows}
      columns={columns}
      rowKey="meId"
      chart={
        <ChartGrid
          charts={[
            { option: studentTTrendOption(rows), label: '总分T分数趋势图' },
            position ? { option: position, label: showRank ? '年级名次趋势图' : '超过的同学趋势图' } : null,
          ]}
        />
      }
    />
  );
}
