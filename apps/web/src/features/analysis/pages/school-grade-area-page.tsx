import { ReportPage } from '../components/report-page.tsx';
import { GRADE_NEEDS } from '../components/school/area-context.ts';
import { CompareView } from '../components/school/compare-view.tsx';

/** 年级区域对比 (school-grade-area, type 4 managers): the areas of the 联考 compared on the total. */
export function SchoolGradeAreaPage() {
  return (
    <ReportPage title="年级区域对比" definitions={['basic', 'rates', 'over-mean', 'zt', 'ranks']} needs={GRADE_NEEDS}>
      {(context) => <CompareView context={context} level="area" />}
    </ReportPage>
  );
}
