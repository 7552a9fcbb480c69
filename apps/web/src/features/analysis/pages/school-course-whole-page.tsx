import { ReportPage } from '../components/report-page.tsx';
import { COURSE_STEP_NEEDS } from '../components/school/area-context.ts';
import { WholeView } from '../components/school/whole-view.tsx';

/** 学科总体分析 (school-course-whole, type 4 managers): one course of the area's exam over every school: its figures, segments, each school against the 联考. */
export function SchoolCourseWholePage() {
  return (
    <ReportPage
      title="学科总体分析"
      definitions={['basic', 'rates', 'segments', 'over-mean', 'zt', 'ranks']}
      needs={COURSE_STEP_NEEDS}
    >
      {(context) => <WholeView context={context} everySubject={false} />}
    </ReportPage>
  );
}
