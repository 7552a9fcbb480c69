import { GradeReportFile } from '../components/grade/report-file.tsx';
import { ReportPage } from '../components/report-page.tsx';

/** 年级报告文件 (grade-report-file): the exam's Excel workbook of every table and its Word summary. */
export function GradeReportFilePage() {
  return (
    <ReportPage
      title="年级报告文件"
      definitions={['basic', 'rates', 'over-mean', 'zt', 'ranks', 'lines', 'effective', 'critical', 'class-evaluation']}
      needs={{ subject: false, unit: 'grade', step: false }}
    >
      {(ctx) => <GradeReportFile ctx={ctx} />}
    </ReportPage>
  );
}
