import { and, desc, eq, exists, inArray } from 'drizzle-orm';
import { classes, eduGrades, students } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { examQuestionGroups, examStudents, multiExams, singleExams } from '../schema.ts';

// Reads for students' own views: who the signed-in student is, and the published exams they sat.

export async function studentOfUser(ex: Executor, userId: number, schoolId: number) {
  const [row] = await ex
    .select({ id: students.id, name: students.name, studentNo: students.studentNo, className: classes.name })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.userId, userId), eq(students.schoolId, schoolId)));
  return row ?? null;
}

/** Multi-exams published to students (status 4 and publishedToStudents) that the student sat. */
export async function publishedExamsOfStudent(ex: Executor, schoolId: number, studentId: number) {
  return ex
    .select({ exam: multiExams, gradeName: eduGrades.name })
    .from(multiExams)
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .where(
      and(
        eq(multiExams.schoolId, schoolId),
        eq(multiExams.status, 4),
        eq(multiExams.publishedToStudents, true),
        exists(
          ex
            .select({ one: examStudents.id })
            .from(examStudents)
            .innerJoin(singleExams, eq(singleExams.id, examStudents.singleExamId))
            .where(and(eq(singleExams.multiExamId, multiExams.id), eq(examStudents.studentId, studentId))),
        ),
      ),
    )
    .orderBy(desc(multiExams.startDate), desc(multiExams.id));
}

export async function groupNames(ex: Executor, groupIds: number[]): Promise<Map<number, string>> {
  if (groupIds.length === 0) return new Map();
  const rows = await ex
    .select({ id: examQuestionGroups.id, name: examQuestionGroups.name })
    .from(examQuestionGroups)
    .where(inArray(examQuestionGroups.id, groupIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}
