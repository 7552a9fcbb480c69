import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import {
  classes,
  classYears,
  eduCourses,
  eduGrades,
  examQuestions,
  gradeTerms,
  multiExams,
  singleExams,
  students,
} from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';

// Reads of 新建在线考试 (issue #18): the exam subjects offered as a structure, the students a
// teacher may choose. School-base and exams tables are read, never written, here.

/** The school's exam subjects that have questions, newest first (the 已有考试的结构 list). */
export async function structureSources(ex: Executor, schoolId: number) {
  return ex
    .select({
      seId: singleExams.id,
      examName: multiExams.name,
      courseName: eduCourses.name,
      gradeName: eduGrades.name,
      examDate: singleExams.examDate,
      fullMark: singleExams.fullMark,
      questionCount: count(examQuestions.id),
    })
    .from(singleExams)
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .innerJoin(examQuestions, eq(examQuestions.singleExamId, singleExams.id))
    .where(eq(singleExams.schoolId, schoolId))
    .groupBy(singleExams.id, multiExams.id, eduCourses.id, eduGrades.id)
    .orderBy(desc(multiExams.startDate), desc(singleExams.id))
    .limit(200);
}

export async function termOf(ex: Executor, termId: number) {
  const [row] = await ex.select().from(gradeTerms).where(eq(gradeTerms.id, termId));
  return row ?? null;
}

/**
 * 在读 students of the school's classes in a school year, by name or 学号, at most 50;
 * `classIds` narrows to those classes (a teacher's own).
 */
export async function candidates(
  ex: Executor,
  p: { schoolId: number; schoolYearId: number; classIds: number[] | null; keyword: string },
) {
  if (p.classIds?.length === 0) return [];
  const like = `%${p.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return ex
    .select({
      studentId: students.id,
      name: students.name,
      studentNo: students.studentNo,
      classId: classes.id,
      className: classes.name,
      gradeId: classYears.gradeId,
    })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .innerJoin(classYears, and(eq(classYears.classId, classes.id), eq(classYears.schoolYearId, p.schoolYearId)))
    .where(
      and(
        eq(students.schoolId, p.schoolId),
        eq(students.status, 1),
        eq(classes.graduated, false),
        p.classIds ? inArray(classes.id, p.classIds) : undefined,
        p.keyword ? or(ilike(students.name, like), ilike(students.studentNo, like)) : undefined,
      ),
    )
    .orderBy(asc(classes.name), asc(students.studentNo))
    .limit(50);
}
