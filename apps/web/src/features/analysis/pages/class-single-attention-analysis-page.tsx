import { AttentionSections } from '../components/class/attention-sections.tsx';
import { NoClass } from '../components/class/class-parts.tsx';
import { type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import type { DefinitionTopic } from '../definitions.ts';

const NEEDS = { subject: 'course', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['lines', 'critical', 'ranks'];
const PARTS = { critical: true, imbalanced: false, movers: false } as const;

/** 单科关注分析 (class-single-attention-analysis): 班主任 view: the critical students of one course of the class. */
export function ClassSingleAttentionAnalysisPage() {
  return (
    <ReportPage title="单科关注分析" definitions={TOPICS} needs={NEEDS}>
      {(context) =>
        context.classId ? <AttentionSections context={context} classId={context.classId} parts={PARTS} /> : <NoClass />
      }
    </ReportPage>
  );
}
