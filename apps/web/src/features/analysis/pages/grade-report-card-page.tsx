import { GradeReportCard } from '../components/grade/report-card.tsx';
import { ReportPage } from '../components/report-page.tsx';

/** 年级成绩单 (grade-report-card): every student's total and courses with class and grade ranks. */
export function GradeReportCardPage() {
  return (
    <ReportPage
      title="年级成绩单"
      definitions={['ranks', 'progress', 'imbalance']}
      needs={{ subject: false, unit: 'grade', step: false }}
    >
      {(ctx) => <GradeReportCard ctx={ctx} />}
    </ReportPage>
  );
}
