import type { AreaReportExam } from '@huikao/contracts';
import type { ReportContext } from '../report-page.tsx';

/** What a school-area page body gets from the ReportPage (needs.area: findSchoolReportMe's exams). */
export type AreaContext = ReportContext<AreaReportExam>;

/** The school-area pages' picker needs: no class, the total (grade level) or one course (course level). */
export const GRADE_NEEDS = { subject: 'total', unit: false, step: false, area: true } as const;
export const COURSE_NEEDS = { subject: 'course', unit: false, step: false, area: true } as const;
export const GRADE_STEP_NEEDS = { ...GRADE_NEEDS, step: true } as const;
export const COURSE_STEP_NEEDS = { ...COURSE_NEEDS, step: true } as const;

/** A subject key's name in the exam ('0' 总分); the key itself when the exam does not list it. */
export function subjectName(exam: AreaReportExam, subjectKey: string | null): string | null {
  if (subjectKey === null) return null;
  if (subjectKey === '0') return '总分';
  return exam.subjects.find((subject) => subject.subjectKey === subjectKey)?.name ?? subjectKey;
}
