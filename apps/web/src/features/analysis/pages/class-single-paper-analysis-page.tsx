import { Loaded, NoClass } from '../components/class/class-parts.tsx';
import { MasterySection, PaperFigures } from '../components/class/items-sections.tsx';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { useReport } from '../queries.ts';

const NEEDS = { subject: 'course', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['basic', 'items', 'reliability'];

/**
 * 单科试卷分析 (class-single-paper-analysis): one course's paper for the class, per question group
 * and per knowledge point, against the grade.
 */
export function ClassSinglePaperAnalysisPage() {
  return (
    <ReportPage title="单科试卷分析" definitions={TOPICS} needs={NEEDS}>
      {(context) => (context.classId ? <PaperAnalysis context={context} classId={context.classId} /> : <NoClass />)}
    </ReportPage>
  );
}

function PaperAnalysis({ context, classId }: { context: ReportContext; classId: string }) {
  const { schoolId, meId, subjectKey } = context;
  const items = useReport('findItemsReport', meId, { schoolId, meId, subjectKey, classId });
  return (
    <Loaded data={items.data} error={items.error} what="单科试卷分析">
      {({ grade, unit }) => (
        <>
          <PaperFigures grade={grade} unit={unit} />
          <MasterySection context={context} grade={grade} unit={unit} of="groups" />
          <MasterySection context={context} grade={grade} unit={unit} of="knowledge" />
        </>
      )}
    </Loaded>
  );
}
