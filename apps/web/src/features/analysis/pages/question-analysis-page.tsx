import { Loaded, NoClass } from '../components/class/class-parts.tsx';
import { ItemsSection, MasterySection, PaperFigures } from '../components/class/items-sections.tsx';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { useReport } from '../queries.ts';

const NEEDS = { subject: 'course', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['basic', 'items', 'reliability'];

/**
 * 试题分析 (question-analysis): one course's questions for the class beside the grade — full mark,
 * mean, 得分率, discrimination, option shares of objective questions — and knowledge-point mastery.
 */
export function QuestionAnalysisPage() {
  return (
    <ReportPage title="试题分析" definitions={TOPICS} needs={NEEDS}>
      {(context) => (context.classId ? <QuestionAnalysis context={context} classId={context.classId} /> : <NoClass />)}
    </ReportPage>
  );
}

function QuestionAnalysis({ context, classId }: { context: ReportContext; classId: string }) {
  const { schoolId, meId, subjectKey } = context;
  const items = useReport('findItemsReport', meId, { schoolId, meId, subjectKey, classId });
  return (
    <Loaded data={items.data} error={items.error} what="试题分析">
      {({ grade, unit }) => (
        <>
          <PaperFigures grade={grade} unit={unit} />
          <ItemsSection context={context} grade={grade} unit={unit} />
          <MasterySection context={context} grade={grade} unit={unit} of="knowledge" />
        </>
      )}
    </Loaded>
  );
}
