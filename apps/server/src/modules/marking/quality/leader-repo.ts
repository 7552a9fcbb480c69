import { and, eq, inArray } from 'drizzle-orm';
import { classes, examStudents, markPapers, markProblems, students, users } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';

// The 题组长's reads beyond quality-repo: names for the 标准卷 list, and who wrote a problem paper.

export async function userNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The problem with its paper's student: name, class and 考号 (the exam's, else the student's own). */
export async function problemWithStudent(db: Executor, problemId: number) {
  const [row] = await db
    .select({
      id: markProblems.id,
      blockId: markProblems.blockId,
      paperId: markProblems.paperId,
      resolvedAt: markProblems.resolvedAt,
      stage: markPapers.stage,
      examStudentId: examStudents.id,
      name: students.name,
      className: classes.name,
      examNo: examStudents.examNo,
      ownExamNo: students.examNo,
    })
    .from(markProblems)
    .innerJoin(markPapers, eq(markPapers.id, markProblems.paperId))
    .innerJoin(examStudents, eq(examStudents.id, markPapers.examStudentId))
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .innerJoin(classes, eq(classes.id, examStudents.classId))
    .where(and(eq(markProblems.id, problemId)));
  return row;
}
