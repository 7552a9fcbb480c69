import { and, eq } from 'drizzle-orm';
import { examStudents, multiExams, singleExams } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';

// What exams (issue #4) use of the school base, so a delete can be refused naming the exam.
// Exam tables are only read here, through db/schema.ts; each finder returns the name of one
// exam that uses the row, or null.

async function firstName(query: Promise<{ name: string }[]>): Promise<string | null> {
  const [row] = await query;
  return row?.name ?? null;
}

/** An exam the student sits (an exam student row, with or without scores). */
export function examOfStudent(ex: Executor, studentId: number) {
  return firstName(
    ex
      .select({ name: multiExams.name })
      .from(examStudents)
      .innerJoin(singleExams, eq(singleExams.id, examStudents.singleExamId))
      .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
      .where(eq(examStudents.studentId, studentId))
      .limit(1),
  );
}

/** An exam whose students include the class (the class at the time of the exam). */
export function examOfClass(ex: Executor, classId: number) {
  return firstName(
    ex
      .select({ name: multiExams.name })
      .from(examStudents)
      .innerJoin(singleExams, eq(singleExams.id, examStudents.singleExamId))
      .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
      .where(eq(examStudents.classId, classId))
      .limit(1),
  );
}

export function examOfTerm(ex: Executor, termId: number) {
  return firstName(ex.select({ name: multiExams.name }).from(multiExams).where(eq(multiExams.termId, termId)).limit(1));
}

export function examOfSchoolYear(ex: Executor, schoolYearId: number) {
  return firstName(
    ex.select({ name: multiExams.name }).from(multiExams).where(eq(multiExams.schoolYearId, schoolYearId)).limit(1),
  );
}

/** An exam of the school's grade, or of one course of it. */
export function examOfGrade(ex: Executor, schoolId: number, gradeId: number, courseId?: number) {
  const base = and(eq(multiExams.schoolId, schoolId), eq(multiExams.gradeId, gradeId));
  if (courseId === undefined) {
    return firstName(ex.select({ name: multiExams.name }).from(multiExams).where(base).limit(1));
  }
  return firstName(
    ex
      .select({ name: multiExams.name })
      .from(singleExams)
      .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
      .where(and(base, eq(singleExams.courseId, courseId)))
      .limit(1),
  );
}

/**
 * An exam of the link's term that seats the link's class in its course (any course for a
 * 班主任-only link): the link decides who may enter and read those scores.
 */
export function examOfLink(ex: Executor, termId: number, classId: number, courseId: number | null) {
  return firstName(
    ex
      .select({ name: multiExams.name })
      .from(examStudents)
      .innerJoin(singleExams, eq(singleExams.id, examStudents.singleExamId))
      .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
      .where(
        and(
          eq(multiExams.termId, termId),
          eq(examStudents.classId, classId),
          courseId === null ? undefined : eq(singleExams.courseId, courseId),
        ),
      )
      .limit(1),
  );
}
