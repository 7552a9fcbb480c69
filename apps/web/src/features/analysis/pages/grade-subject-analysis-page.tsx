import { GradeSubjectAnalysis } from '../components/grade/subject-analysis.tsx';
import { ReportPage } from '../components/report-page.tsx';

/** 学科分析 (grade-subject-analysis): difficulty, discrimination, α, contribution and effective scores per line. */
export function GradeSubjectAnalysisPage() {
  return (
    <ReportPage
      title="学科分析"
      definitions={['basic', 'items', 'reliability', 'contribution', 'lines', 'effective']}
      needs={{ subject: false, unit: 'grade', step: false }}
    >
      {(ctx) => <GradeSubjectAnalysis ctx={ctx} />}
    </ReportPage>
  );
}
