import type { OverviewReport, ReportExam } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';
import { classRankingOption } from '../charts/class-compare.ts';
import { type ClassRankRow, classRanking } from '../components/class/class-compare-rows.ts';
import { ChartRow, Loaded, NoClass, SectionNote } from '../components/class/class-parts.tsx';
import { percentColumn, rankColumn, scoreColumn, textColumn } from '../components/class/columns.ts';
import { PopulationSection, SegmentSection, SubjectsSection } from '../components/class/compare-sections.tsx';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import { ReportTable } from '../components/report-table.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { formatScore } from '../format.ts';
import { useReport } from '../queries.ts';

const NEEDS = { subject: 'any', unit: 'class', step: true } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['basic', 'rates', 'over-mean', 'zt', 'ranks', 'segments'];

/**
 * 班级分析 (class-analysis): the class against its grade in the chosen subject — figures and rates,
 * score segments, the class among the classes — and the class in every subject the caller reads.
 */
export function ClassAnalysisPage() {
  return (
    <ReportPage title="班级分析" definitions={TOPICS} needs={NEEDS}>
      {(context) => (context.classId ? <ClassAnalysis context={context} classId={context.classId} /> : <NoClass />)}
    </ReportPage>
  );
}

function ClassAnalysis({ context, classId }: { context: ReportContext; classId: string }) {
  const { schoolId, meId, subjectKey } = context;
  const own = useReport('findOverviewReport', meId, { schoolId, meId, subjectKey, classId });
  const grade = useReport('findOverviewReport', meId, { schoolId, meId, subjectKey });
  return (
    <Loaded data={own.data} error={own.error} what="班级分析">
      {(classReport) => (
        <>
          <PopulationSection context={context} classReport={classReport} gradeReport={grade.data} />
          <SegmentSection context={context} classReport={classReport} gradeReport={grade.data} />
          {grade.data ? <RankingSection context={context} gradeReport={grade.data} classId={classId} /> : null}
          <SubjectsSection context={context} classId={classId} />
        </>
      )}
    </Loaded>
  );
}

const RANKING_COLUMNS: TableColumnsType<ClassRankRow> = [
  textColumn('班级', (row) => (row.mine ? `${row.name}（本班）` : row.name)),
  scoreColumn('人数', (row) => row.count),
  scoreColumn('平均分', (row) => row.mean, { sortable: true }),
  percentColumn('超均率', (row) => row.overMeanRate),
  scoreColumn('班级T', (row) => row.tScore),
  rankColumn('名次', (row) => row.rank, { sortable: true }),
];

function RankingSection({
  context,
  gradeReport,
  classId,
}: {
  context: ReportContext;
  gradeReport: OverviewReport;
  classId: string;
}) {
  const rows = classRanking(gradeReport, classId);
  const exam = context.exam as ReportExam;
  const partial = !exam.scope.wholeGrade && rows.length < exam.classes.length;
  return (
    <ReportTable
      title="各班对比"
      fileName={context.exportName('各班对比')}
      rows={rows}
      columns={RANKING_COLUMNS}
      rowKey="classId"
      chart={
        <ChartRow
          rows={rows}
          charts={[{ option: classRankingOption(rows, gradeReport.summary?.mean ?? null), label: '各班平均分' }]}
        />
      }
      description={
        partial ? (
          <SectionNote>
            只列出你有权查看的班级；名次是在全年级 {exam.classes.length} 个班中的名次，年级平均分{' '}
            {formatScore(gradeReport.summary?.mean)}。
          </SectionNote>
        ) : null
      }
    />
  );
}
