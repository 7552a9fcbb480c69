import { ReportPage } from '../components/report-page.tsx';
import { COURSE_NEEDS } from '../components/school/area-context.ts';
import { CompareView } from '../components/school/compare-view.tsx';

/** 学科区域对比 (school-course-area, type 4 managers): the areas of the 联考 compared on one course. */
export function SchoolCourseAreaPage() {
  return (
    <ReportPage title="学科区域对比" definitions={['basic', 'rates', 'over-mean', 'zt', 'ranks']} needs={COURSE_NEEDS}>
      {(context) => <CompareView context={context} level="area" />}
    </ReportPage>
  );
}
