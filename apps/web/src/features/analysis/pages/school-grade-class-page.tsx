import { ReportPage } from '../components/report-page.tsx';
import { GRADE_NEEDS } from '../components/school/area-context.ts';
import { CompareView } from '../components/school/compare-view.tsx';

/** 年级班级对比 (school-grade-class, type 4 managers): every class of every school of the 联考 ranked on the total. */
export function SchoolGradeClassPage() {
  return (
    <ReportPage
      title="年级班级对比"
      definitions={['basic', 'rates', 'over-mean', 'zt', 'ranks', 'class-evaluation']}
      needs={GRADE_NEEDS}
    >
      {(context) => <CompareView context={context} level="class" />}
    </ReportPage>
  );
}
