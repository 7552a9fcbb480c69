import { AttentionSections } from '../components/class/attention-sections.tsx';
import { NoClass } from '../components/class/class-parts.tsx';
import { type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import type { DefinitionTopic } from '../definitions.ts';

const NEEDS = { subject: 'any', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['lines', 'critical', 'imbalance', 'progress', 'ranks'];
const PARTS = { critical: true, imbalanced: true, movers: true } as const;

/**
 * 班级关注学生 (attention-card): the class's critical students per line, 偏科 students, and the
 * biggest rises and falls since the previous exam, in the total or one course.
 */
export function AttentionCardPage() {
  return (
    <ReportPage title="班级关注学生" definitions={TOPICS} needs={NEEDS}>
      {(context) =>
        context.classId ? <AttentionSections context={context} classId={context.classId} parts={PARTS} /> : <NoClass />
      }
    </ReportPage>
  );
}
