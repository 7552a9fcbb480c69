import { ReportPage } from '../components/report-page.tsx';
import { COURSE_NEEDS } from '../components/school/area-context.ts';
import { CompareView } from '../components/school/compare-view.tsx';

/** 学科班级对比 (school-course-class, type 4 managers): every class of every school of the 联考 ranked on one course. */
export function SchoolCourseClassPage() {
  return (
    <ReportPage
      title="学科班级对比"
      definitions={['basic', 'rates', 'over-mean', 'zt', 'ranks', 'class-evaluation']}
      needs={COURSE_NEEDS}
    >
      {(context) => <CompareView context={context} level="class" />}
    </ReportPage>
  );
}
