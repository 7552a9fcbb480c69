import { ReportPage } from '../components/report-page.tsx';
import { GRADE_NEEDS } from '../components/school/area-context.ts';
import { CompareView } from '../components/school/compare-view.tsx';

/** 年级学校对比 (school-grade-school, type 4 managers): the schools of the 联考 compared on the total: mean, rates, 超均率, T, rank, class evaluation. */
export function SchoolGradeSchoolPage() {
  return (
    <ReportPage
      title="年级学校对比"
      definitions={['basic', 'rates', 'over-mean', 'zt', 'ranks', 'class-evaluation']}
      needs={GRADE_NEEDS}
    >
      {(context) => <CompareView context={context} level="school" />}
    </ReportPage>
  );
}
