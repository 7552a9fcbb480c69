import { GradeAttention } from '../components/grade/attention-card.tsx';
import { ReportPage } from '../components/report-page.tsx';

/** 年级关注学生 (grade-attention-card): 临界生, 偏科 and the biggest rises and falls. */
export function GradeAttentionCardPage() {
  return (
    <ReportPage
      title="年级关注学生"
      definitions={['lines', 'critical', 'imbalance', 'progress', 'zt', 'ranks']}
      needs={{ subject: 'any', unit: 'grade', step: false }}
    >
      {(ctx) => <GradeAttention ctx={ctx} />}
    </ReportPage>
  );
}
