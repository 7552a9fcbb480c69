import { NoClass } from '../components/class/class-parts.tsx';
import { LevelSections } from '../components/class/level-sections.tsx';
import { type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import type { DefinitionTopic } from '../definitions.ts';

const NEEDS = { subject: 'total', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['ranks', 'progress'];

/**
 * 班级分层分析 (class-level-analysis): 班主任 view: the class's students by grade rank band of the total, and how the bands moved since the previous exam.
 */
export function ClassLevelAnalysisPage() {
  return (
    <ReportPage title="班级分层分析" definitions={TOPICS} needs={NEEDS}>
      {(context) => (context.classId ? <LevelSections context={context} classId={context.classId} /> : <NoClass />)}
    </ReportPage>
  );
}
