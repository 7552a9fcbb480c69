import { GradeTrend } from '../components/grade/trend-analysis.tsx';
import { ReportPage } from '../components/report-page.tsx';

/** 年级趋势分析 (grade-trend-analysis): each class's T and rank over the grade's exams. */
export function GradeTrendAnalysisPage() {
  return (
    <ReportPage
      title="年级趋势分析"
      definitions={['basic', 'over-mean', 'zt', 'ranks']}
      needs={{ subject: 'any', unit: 'grade', step: false }}
    >
      {(ctx) => <GradeTrend ctx={ctx} />}
    </ReportPage>
  );
}
