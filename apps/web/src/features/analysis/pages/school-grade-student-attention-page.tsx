import { ReportPage } from '../components/report-page.tsx';
import { GRADE_NEEDS } from '../components/school/area-context.ts';
import { AttentionView } from '../components/school/attention-view.tsx';

/** 年级关注学生 (school-grade-student-attention, type 4 managers): critical students of the area by school on the total, imbalanced students, movers. */
export function SchoolGradeStudentAttentionPage() {
  return (
    <ReportPage
      title="年级关注学生"
      definitions={['critical', 'lines', 'imbalance', 'progress', 'ranks']}
      needs={GRADE_NEEDS}
    >
      {(context) => <AttentionView context={context} />}
    </ReportPage>
  );
}
