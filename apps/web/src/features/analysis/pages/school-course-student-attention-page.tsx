import { ReportPage } from '../components/report-page.tsx';
import { COURSE_NEEDS } from '../components/school/area-context.ts';
import { AttentionView } from '../components/school/attention-view.tsx';

/** 学科关注学生 (school-course-student-attention, type 4 managers): critical students of the area by school in one course. */
export function SchoolCourseStudentAttentionPage() {
  return (
    <ReportPage
      title="学科关注学生"
      definitions={['critical', 'lines', 'imbalance', 'progress', 'ranks']}
      needs={COURSE_NEEDS}
    >
      {(context) => <AttentionView context={context} />}
    </ReportPage>
  );
}
