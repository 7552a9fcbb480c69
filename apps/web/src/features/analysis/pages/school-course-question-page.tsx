import { ReportPage } from '../components/report-page.tsx';
import { COURSE_NEEDS } from '../components/school/area-context.ts';
import { QuestionView } from '../components/school/question-view.tsx';

/** 学科试题分析 (school-course-question, type 4 managers): question analysis across the schools of the 联考. */
export function SchoolCourseQuestionPage() {
  return (
    <ReportPage title="学科试题分析" definitions={['items', 'reliability']} needs={COURSE_NEEDS}>
      {(context) => <QuestionView context={context} />}
    </ReportPage>
  );
}
