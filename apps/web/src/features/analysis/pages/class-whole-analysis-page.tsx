import { Loaded, NoClass } from '../components/class/class-parts.tsx';
import { PopulationSection, SegmentSection, SubjectsSection } from '../components/class/compare-sections.tsx';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { useReport } from '../queries.ts';

const NEEDS = { subject: 'total', unit: 'class', step: true } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['basic', 'rates', 'over-mean', 'zt', 'ranks', 'segments'];

/**
 * 班级整体分析 (class-whole-analysis, 班主任): the class across all courses — means, rates, ranks
 * among the classes — and the total's figures and segment distribution against the grade.
 */
export function ClassWholeAnalysisPage() {
  return (
    <ReportPage title="班级整体分析" definitions={TOPICS} needs={NEEDS}>
      {(context) => (context.classId ? <ClassWhole context={context} classId={context.classId} /> : <NoClass />)}
    </ReportPage>
  );
}

function ClassWhole({ context, classId }: { context: ReportContext; classId: string }) {
  const { schoolId, meId, step } = context;
  // The spec's class report call: the total's overview with the segments of the chosen width.
  const own = useReport('getClassReportStepMEVO', meId, { schoolId, meId, classId, step });
  const grade = useReport('getClassReportStepMEVO', meId, { schoolId, meId, step });
  return (
    <Loaded data={own.data} error={own.error} what="班级整体分析">
      {(classReport) => (
        <>
          <SubjectsSection context={context} classId={classId} />
          <PopulationSection context={context} classReport={classReport} gradeReport={grade.data} />
          <SegmentSection context={context} classReport={classReport} gradeReport={grade.data} />
        </>
      )}
    </Loaded>
  );
}
