import { AttentionSections } from '../components/class/attention-sections.tsx';
import { NoClass } from '../components/class/class-parts.tsx';
import { type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import type { DefinitionTopic } from '../definitions.ts';

const NEEDS = { subject: 'total', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['lines', 'critical', 'imbalance', 'ranks'];
const PARTS = { critical: true, imbalanced: true, movers: false } as const;

/** 班级关注分析 (class-attention-analysis): 班主任 view: the class's critical students on the total's lines and its 偏科 students across courses. */
export function ClassAttentionAnalysisPage() {
  return (
    <ReportPage title="班级关注分析" definitions={TOPICS} needs={NEEDS}>
      {(context) =>
        context.classId ? <AttentionSections context={context} classId={context.classId} parts={PARTS} /> : <NoClass />
      }
    </ReportPage>
  );
}
