import type { StudentSubjectReport } from '@huikao/contracts';
import { Alert, Card, Empty, Skeleton, type TableColumnsType, Tag } from 'antd';
import { FormulaText } from '../../../components/formula-text.tsx';
import {
  lostByKnowledgeOption,
  questionScoresOption,
  type StudentSegment,
  studentSegmentsOption,
} from '../charts/student-charts.ts';
import { ReportTable } from '../components/report-table.tsx';
import { ChartGrid } from '../components/school/chart-grid.tsx';
import { PositionStats, StudentReportError } from '../components/student/student-parts.tsx';
import { type StudentReportContext, StudentReportFrame } from '../components/student/student-report-frame.tsx';
import {
  type KnowledgeLossRow,
  knowledgeLossRows,
  type QuestionRow,
  questionRows,
} from '../components/student/student-report-model.ts';
import type { ExportColumn } from '../export-table.ts';
import { formatPercent, formatScore, formatSegment } from '../format.ts';
import { useReport } from '../queries.ts';

/**
 * 单科分析 (student-single-analysis): one course of the student's exam — position, the course's score
 * segments with the student's own, each question against the class mean, points lost by knowledge
 * point, and similar questions to practise.
 */
export function StudentSingleAnalysisPage() {
  return (
    <StudentReportFrame title="单科分析" definitions={['basic', 'ranks', 'pr', 'zt', 'segments', 'items']} course step>
      {(context) =>
        context.course ? (
          <SingleAnalysis context={context} seId={context.course.seId} />
        ) : (
          <Card>
            <Empty description="这次考试没有科目" />
          </Card>
        )
      }
    </StudentReportFrame>
  );
}

function SingleAnalysis({ context, seId }: { context: StudentReportContext; seId: string }) {
  const { schoolId, meId, step } = context;
  const report = useReport('getStudentReportSEVO', meId, { schoolId, seId });
  const segments = useReport('getExamQuestionReportStepSEVO', meId, { schoolId, seId, step });
  if (report.error) {
    return <StudentReportError title="单科分析读取失败" error={report.error} retry={() => void report.refetch()} />;
  }
  if (!report.data) return <Skeleton active />;
  const data = report.data;
  return (
    <>
      <Position report={data} />
      <SegmentsSection segments={segments.data?.segments ?? []} error={segments.error?.message} context={context} />
      <QuestionsSection rows={questionRows(data.questions)} context={context} />
      <KnowledgeSection rows={knowledgeLossRows(data.lostByKnowledge)} context={context} />
      <PracticeSection practice={data.practice} context={context} />
    </>
  );
}

function Position({ report }: { report: StudentSubjectReport }) {
  const p = report.position;
  return (
    <Card style={{ marginBottom: 16 }} title={`${report.examName} · ${p.subject.name}`}>
      <PositionStats label="成绩" position={p} />
    </Card>
  );
}

function SegmentsSection({
  segments,
  error,
  context,
}: {
  segments: StudentSegment[];
  error: string | undefined;
  context: StudentReportContext;
}) {
  const columns: TableColumnsType<StudentSegment> = [
    { key: 'segment', title: '分数段', render: (_, row) => formatSegment(row) },
    { key: 'count', title: '人数', dataIndex: 'count' },
    { key: 'share', title: '占比', render: (_, row) => formatPercent(row.share) },
    { key: 'mine', title: '我的位置', render: (_, row) => (row.mine ? <Tag color="orange">我在此段</Tag> : '') },
  ];
  return (
    <ReportTable
      title={`年级分数段（段宽 ${context.step}）`}
      fileName={context.exportName('分数段')}
      rows={segments}
      columns={columns}
      rowKey="low"
      chart={<ChartGrid charts={[{ option: studentSegmentsOption(segments), label: '分数段分布图' }]} />}
      description={
        error ? (
          <Alert type="error" showIcon title="分数段读取失败" description={error} style={{ marginBottom: 12 }} />
        ) : null
      }
    />
  );
}

function QuestionsSection({ rows, context }: { rows: QuestionRow[]; context: StudentReportContext }) {
  const columns: TableColumnsType<QuestionRow> = [
    { key: 'no', title: '题号', dataIndex: 'questionNo' },
    { key: 'fullMark', title: '满分', render: (_, row) => formatScore(row.fullMark) },
    { key: 'score', title: '我的得分', render: (_, row) => formatScore(row.score) },
    { key: 'lost', title: '失分', render: (_, row) => formatScore(row.lost) },
    { key: 'classMean', title: '班级平均', render: (_, row) => formatScore(row.classMean) },
    { key: 'gradeMean', title: '年级平均', render: (_, row) => formatScore(row.gradeMean) },
    { key: 'knowledge', title: '知识点', dataIndex: 'knowledgePoints' },
  ];
  return (
    <ReportTable
      title="逐题得分"
      fileName={context.exportName('逐题得分')}
      rows={rows}
      columns={columns}
      rowKey="questionId"
      chart={<ChartGrid charts={[{ option: questionScoresOption(rows), label: '逐题得分对比图' }]} />}
    />
  );
}

function KnowledgeSection({ rows, context }: { rows: KnowledgeLossRow[]; context: StudentReportContext }) {
  const columns: TableColumnsType<KnowledgeLossRow> = [
    { key: 'name', title: '知识点', dataIndex: 'name' },
    { key: 'fullMark', title: '分值', render: (_, row) => formatScore(row.fullMark) },
    { key: 'lost', title: '失分', render: (_, row) => formatScore(row.lost) },
    { key: 'lostRate', title: '失分率', render: (_, row) => formatPercent(row.lostRate) },
  ];
  return (
    <ReportTable
      title="知识点失分"
      fileName={context.exportName('知识点失分')}
      rows={rows}
      columns={columns}
      rowKey="name"
      chart={
        <ChartGrid
          charts={[
            {
              option: lostByKnowledgeOption(rows),
              label: '知识点失分图',
              height: Math.max(200, rows.filter((row) => row.lost > 0).length * 28 + 80),
            },
          ]}
        />
      }
    />
  );
}

type Practice = StudentSubjectReport['practice'][number];

const PRACTICE_EXPORT: readonly ExportColumn<Practice>[] = [
  { title: '题型', value: (row) => row.typeName },
  { title: '难度', value: (row) => formatScore(row.difficulty) },
  { title: '题目', value: (row) => row.stem },
];

function PracticeSection({ practice, context }: { practice: Practice[]; context: StudentReportContext }) {
  const columns: TableColumnsType<Practice> = [
    { key: 'type', title: '题型', dataIndex: 'typeName', width: 100 },
    { key: 'difficulty', title: '难度', width: 80, render: (_, row) => formatScore(row.difficulty) },
    { key: 'stem', title: '题目', render: (_, row) => <FormulaText text={row.stem} block /> },
  ];
  return (
    <ReportTable
      title="推荐练习（同知识点的相似题）"
      fileName={context.exportName('推荐练习')}
      rows={practice}
      columns={columns}
      exportColumns={PRACTICE_EXPORT}
      rowKey="quesId"
    />
  );
}
