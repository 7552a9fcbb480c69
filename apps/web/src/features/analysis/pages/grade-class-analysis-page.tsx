import { GradeClassAnalysis } from '../components/grade/class-analysis.tsx';
import { ReportPage } from '../components/report-page.tsx';

/** 班级对比分析 (grade-class-analysis): classes side by side per course and total, with class evaluation. */
export function GradeClassAnalysisPage() {
  return (
    <ReportPage
      title="班级对比分析"
      definitions={['basic', 'rates', 'over-mean', 'zt', 'ranks', 'class-evaluation']}
      needs={{ subject: 'any', unit: 'grade', step: false }}
    >
      {(ctx) => <GradeClassAnalysis ctx={ctx} />}
    </ReportPage>
  );
}
