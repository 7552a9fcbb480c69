import { type MultiExam, type ReadScopeView, type SingleExam, TOTAL_SUBJECT } from '@huikao/contracts';

// What the score step offers: only the subjects and classes the server says the reader may read
// (getMultiExamByMeId's readScope, the same rule as every score read), so a teacher never picks a
// class the server would refuse. The rule itself lives on the server; this only reads its answer.

/** An exam as getMultiExamByMeId answers it; other calls answer without readScope (everything). */
export type ExamWithScope = MultiExam & { readScope?: ReadScopeView };

const keysOf = (scope: ReadScopeView) => Object.values(scope.subjectsByClass);

/** The subjects the reader reads in at least one class. */
export function readableSubjects(scope: ReadScopeView | undefined, subjects: readonly SingleExam[]): SingleExam[] {
  if (!scope || scope.wholeGrade) return [...subjects];
  return subjects.filter((subject) => keysOf(scope).some((keys) => keys.includes(subject.courseId)));
}

/** Whether a class's rows of a course are readable. */
export function readsClass(scope: ReadScopeView | undefined, classId: string, courseId: string): boolean {
  if (!scope || scope.wholeGrade) return true;
  return scope.subjectsByClass[classId]?.includes(courseId) ?? false;
}

/** Whether the reader reads the total somewhere (the totals export: 班主任 and whole-grade readers). */
export function readsTotal(scope: ReadScopeView | undefined): boolean {
  if (!scope || scope.wholeGrade) return true;
  return keysOf(scope).some((keys) => keys.includes(TOTAL_SUBJECT));
}
