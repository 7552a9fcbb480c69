import { WholeAnalysis } from '../components/grade/whole-analysis.tsx';
import { ReportPage } from '../components/report-page.tsx';

/** 年级整体分析 (grade-whole-analysis): the grade's total or one course, with the segment width control. */
export function GradeWholeAnalysisPage() {
  return (
    <ReportPage
      title="年级整体分析"
      definitions={['basic', 'rates', 'segments', 'over-mean', 'zt', 'ranks']}
      needs={{ subject: 'any', unit: 'grade', step: true }}
    >
      {(ctx) => <WholeAnalysis ctx={ctx} />}
    </ReportPage>
  );
}
