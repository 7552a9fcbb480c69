import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  classes,
  classTeachers,
  eduCourses,
  eduGrades,
  examStudents,
  gradeTerms,
  multiExams,
  singleExams,
  students,
  teachers,
} from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { cardTemplates, cardTemplateVersions } from './card-schema.ts';

// The lists around answer cards: 我的答题卡's rows, who teaches which classes, the students a print
// run carries. Read-only; exam, school and people tables through db/schema.ts.

/** Single exams of the school (optionally one exam's) with their card, newest exam first. */
export async function cardListRows(ex: Executor, schoolId: number, meId: number | null) {
  return ex
    .select({
      meId: multiExams.id,
      examName: multiExams.name,
      createdBy: multiExams.createdBy,
      termId: multiExams.termId,
      gradeName: eduGrades.name,
      termName: gradeTerms.name,
      startDate: multiExams.startDate,
      seId: singleExams.id,
      courseId: singleExams.courseId,
      courseName: eduCourses.name,
      questionCount: sql<number>`(select count(*) from exam_questions q where q.single_exam_id = ${singleExams.id})`,
      studentCount: sql<number>`(select count(*) from exam_students s where s.single_exam_id = ${singleExams.id})`,
      templateId: cardTemplates.id,
      status: cardTemplates.status,
      version: cardTemplates.version,
      settings: cardTemplates.settings,
      updatedAt: cardTemplates.updatedAt,
    })
    .from(singleExams)
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .innerJoin(gradeTerms, eq(gradeTerms.id, multiExams.termId))
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .leftJoin(cardTemplates, eq(cardTemplates.singleExamId, singleExams.id))
    .where(
      meId === null
        ? eq(singleExams.schoolId, schoolId)
        : and(eq(singleExams.schoolId, schoolId), eq(singleExams.multiExamId, meId)),
    )
    .orderBy(desc(multiExams.startDate), desc(multiExams.id), asc(eduCourses.sortOrder));
}

/** Page counts of cards' current versions (the list shows them). */
export async function pageCounts(ex: Executor, templateIds: number[]): Promise<Map<number, number>> {
  if (templateIds.length === 0) return new Map();
  const rows = await ex
    .select({
      templateId: cardTemplateVersions.templateId,
      pages: sql<number>`jsonb_array_length(${cardTemplateVersions.template}->'pages')`,
    })
    .from(cardTemplateVersions)
    .innerJoin(
      cardTemplates,
      and(
        eq(cardTemplates.id, cardTemplateVersions.templateId),
        eq(cardTemplates.version, cardTemplateVersions.version),
      ),
    )
    .where(inArray(cardTemplateVersions.templateId, templateIds));
  return new Map(rows.map((r) => [r.templateId, Number(r.pages)]));
}

/** Classes seated in each single exam (a teacher sees the cards of the classes they teach). */
export async function seatedClasses(ex: Executor, seIds: number[]): Promise<Map<number, number[]>> {
  if (seIds.length === 0) return new Map();
  const rows = await ex
    .selectDistinct({ seId: examStudents.singleExamId, classId: examStudents.classId })
    .from(examStudents)
    .where(inArray(examStudents.singleExamId, seIds));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.seId, [...(out.get(r.seId) ?? []), r.classId]);
  return out;
}

/** A teacher's class-teacher links: (term, class, course), a 班主任 link counting for every course. */
export async function teachingLinks(ex: Executor, userId: number) {
  return ex
    .select({
      termId: classTeachers.termId,
      classId: classTeachers.classId,
      courseId: classTeachers.courseId,
      isHead: classTeachers.isHead,
    })
    .from(classTeachers)
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .where(eq(teachers.userId, userId));
}

/** Teachers of a course in given classes and term, with the classes each teaches. */
export async function courseTeachers(ex: Executor, termId: number, courseId: number, classIds: number[]) {
  if (classIds.length === 0) return [];
  return ex
    .select({ teacherId: teachers.id, name: teachers.name, className: classes.name })
    .from(classTeachers)
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .where(
      and(
        eq(classTeachers.termId, termId),
        eq(classTeachers.courseId, courseId),
        inArray(classTeachers.classId, classIds),
      ),
    )
    .orderBy(asc(teachers.name), asc(classes.name));
}

/** A single exam's students as printed on personalised cards: room, seat, class, 考号 order. */
export async function cardStudents(ex: Executor, seId: number, filter: { classId?: number; room?: string }) {
  const where = [eq(examStudents.singleExamId, seId)];
  if (filter.classId !== undefined) where.push(eq(examStudents.classId, filter.classId));
  if (filter.room !== undefined) where.push(eq(examStudents.room, filter.room));
  return ex
    .select({
      examNo: examStudents.examNo,
      studentNo: students.studentNo,
      name: students.name,
      className: classes.name,
      room: examStudents.room,
      seat: examStudents.seat,
    })
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .innerJoin(classes, eq(classes.id, examStudents.classId))
    .where(and(...where))
    .orderBy(
      sql`${examStudents.room} asc nulls last`,
      sql`${examStudents.seat} asc nulls last`,
      asc(classes.name),
      asc(examStudents.examNo),
    );
}

export async function classRow(ex: Executor, classId: number): Promise<{ schoolId: number } | null> {
  const [row] = await ex.select({ schoolId: classes.schoolId }).from(classes).where(eq(classes.id, classId));
  return row ?? null;
}
