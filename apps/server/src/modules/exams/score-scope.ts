import type { Actor } from '../../platform/auth-context.ts';
import type { Executor } from '../../platform/db.ts';
import {
  type ReadScope,
  requireClass,
  requireSubject,
  scopeOf,
  scopeSource,
  scopeView,
} from '../../platform/read-scope.ts';
import { examClassesAndCourses, type MultiExamRow } from './lookup-repo.ts';

// Score reads and exports follow the same reading rule as the reports (platform/read-scope.ts,
// roles-and-permissions.md): type 5, 校长/副校长 and the grade's 年级主任 read every class and course;
// a 教研组长 their course; a 班主任 every course and the total of their class; a course teacher their
// course in the classes they teach. Nobody else reads scores here (the routes admit teachers only).

/** The reader's scope in one multi-exam, over the classes that sit it and its courses. */
export async function examReadScope(
  ex: Executor,
  actor: Actor,
  multi: MultiExamRow,
  classIds: Iterable<number>,
  courseIds: readonly number[],
): Promise<ReadScope> {
  const source = await scopeSource(ex, actor, multi.schoolId, [multi.termId]);
  return scopeOf(
    source,
    { schoolId: multi.schoolId, termId: multi.termId, gradeId: multi.gradeId },
    [...new Set(classIds)],
    courseIds,
  );
}

/** What the reader may read of the exam, as the exam page shows it (which subjects and classes to offer). */
export async function examScopeView(ex: Executor, actor: Actor, multi: MultiExamRow) {
  const { classIds, courseIds } = await examClassesAndCourses(ex, multi.id);
  return scopeView(await examReadScope(ex, actor, multi, classIds, courseIds));
}

/** The subject key of a course, as the scope names it ('0' is the total). */
export const courseKey = (courseId: number) => String(courseId);

/**
 * The classes whose rows of one subject the reader gets: refused when they read the subject in no
 * class (or not in the class asked for). A class that does not sit the exam has no rows to give.
 */
export function readableClasses(scope: ReadScope, subjectKey: string, classId: number | null): Set<number> {
  if (classId !== null) {
    if (!scope.byClass.has(classId) && scope.whole) return new Set();
    requireClass(scope, classId, subjectKey);
    return new Set([classId]);
  }
  if (scope.whole) return new Set(scope.byClass.keys());
  return requireSubject(scope, subjectKey);
}

/** The same, for a reader who may have nothing of this subject (a multi-exam's workbook). */
export function readableClassesOrNone(scope: ReadScope, subjectKey: string, classId: number | null): Set<number> {
  return new Set(
    [...scope.byClass]
      .filter(([id, keys]) => keys.has(subjectKey) && (classId === null || id === classId))
      .map(([id]) => id),
  );
}
