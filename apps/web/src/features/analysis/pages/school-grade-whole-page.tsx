import { ReportPage } from '../components/report-page.tsx';
import { GRADE_STEP_NEEDS } from '../components/school/area-context.ts';
import { WholeView } from '../components/school/whole-view.tsx';

/** 年级总体分析 (school-grade-whole, type 4 managers): the area's whole exam over every school: the total and every course, the total's segments, each school against the 联考. */
export function SchoolGradeWholePage() {
  return (
    <ReportPage
      title="年级总体分析"
      definitions={['basic', 'rates', 'segments', 'over-mean', 'zt', 'ranks']}
      needs={GRADE_STEP_NEEDS}
    >
      {(context) => <WholeView context={context} everySubject />}
    </ReportPage>
  );
}
