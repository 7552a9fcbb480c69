import { NoClass } from '../components/class/class-parts.tsx';
import { LevelSections } from '../components/class/level-sections.tsx';
import { type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import type { DefinitionTopic } from '../definitions.ts';

const NEEDS = { subject: 'course', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['ranks', 'progress'];

/**
 * 单科分层分析 (class-single-level-analysis): 班主任 view: the same bands for one course of the class.
 */
export function ClassSingleLevelAnalysisPage() {
  return (
    <ReportPage title="单科分层分析" definitions={TOPICS} needs={NEEDS}>
      {(context) => (context.classId ? <LevelSections context={context} classId={context.classId} /> : <NoClass />)}
    </ReportPage>
  );
}
