import { ReportPage } from '../components/report-page.tsx';
import { COURSE_NEEDS } from '../components/school/area-context.ts';
import { CompareView } from '../components/school/compare-view.tsx';

/** 学科学校对比 (school-course-school, type 4 managers): the schools of the 联考 compared on one course. */
export function SchoolCourseSchoolPage() {
  return (
    <ReportPage
      title="学科学校对比"
      definitions={['basic', 'rates', 'over-mean', 'zt', 'ranks', 'class-evaluation']}
      needs={COURSE_NEEDS}
    >
      {(context) => <CompareView context={context} level="school" />}
    </ReportPage>
  );
}
