import type { AnswerCardTemplate, CardSettings } from '@huikao/answer-card';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  classes,
  classTeachers,
  eduCourses,
  eduGrades,
  examStudents,
  gradeTerms,
  multiExams,
  schools,
  singleExams,
  students,
  teachers,
  users,
} from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { cardTemplates, cardTemplateVersions } from './card-schema.ts';

// The only Drizzle user of answer cards. Exam, school and people tables are read through
// db/schema.ts (never written here); cards are written only here.

export type CardRow = typeof cardTemplates.$inferSelect;
export type CardVersionRow = typeof cardTemplateVersions.$inferSelect;
export type CardStatusValue = CardRow['status'];

export async function findCardRow(ex: Executor, templateId: number): Promise<CardRow | null> {
  const [row] = await ex.select().from(cardTemplates).where(eq(cardTemplates.id, templateId));
  return row ?? null;
}

export async function findCardOfSingle(ex: Executor, seId: number): Promise<CardRow | null> {
  const [row] = await ex.select().from(cardTemplates).where(eq(cardTemplates.singleExamId, seId));
  return row ?? null;
}

/** The card's row, locked until the transaction ends: saves of one card take turns. */
export async function lockCard(tx: Executor, templateId: number): Promise<CardRow | null> {
  const [row] = await tx.select().from(cardTemplates).where(eq(cardTemplates.id, templateId)).for('update');
  return row ?? null;
}

export async function insertCard(
  tx: Executor,
  values: { schoolId: number; singleExamId: number; settings: CardSettings; questionsStamp: string; userId: number },
): Promise<number> {
  const [row] = await tx
    .insert(cardTemplates)
    .values({
      schoolId: values.schoolId,
      singleExamId: values.singleExamId,
      settings: values.settings,
      questionsStamp: values.questionsStamp,
      createdBy: values.userId,
      updatedBy: values.userId,
    })
    .returning({ id: cardTemplates.id });
  return row!.id;
}

export async function updateCard(
  tx: Executor,
  templateId: number,
  values: Partial<Pick<CardRow, 'status' | 'version' | 'revision' | 'settings' | 'questionsStamp' | 'updatedBy'>>,
): Promise<void> {
  await tx
    .update(cardTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cardTemplates.id, templateId));
}

export async function findVersion(ex: Executor, templateId: number, version: number): Promise<CardVersionRow | null> {
  const [row] = await ex
    .select()
    .from(cardTemplateVersions)
    .where(and(eq(cardTemplateVersions.templateId, templateId), eq(cardTemplateVersions.version, version)));
  return row ?? null;
}

/** Writes a version's template: a new version, or the current one rewritten while it is a draft. */
export async function putVersion(
  tx: Executor,
  values: { templateId: number; version: number; schoolId: number; template: AnswerCardTemplate },
): Promise<void> {
  await tx
    .insert(cardTemplateVersions)
    .values(values)
    .onConflictDoUpdate({
      target: [cardTemplateVersions.templateId, cardTemplateVersions.version],
      set: { template: values.template },
    });
}

export async function setPrinted(tx: Executor, templateId: number, version: number): Promise<void> {
  await tx
    .update(cardTemplateVersions)
    .set({ printedAt: sql`coalesce(${cardTemplateVersions.printedAt}, now())` })
    .where(and(eq(cardTemplateVersions.templateId, templateId), eq(cardTemplateVersions.version, version)));
}

/** Marks a version scanned once; true when this call was the first. */
export async function setScanned(tx: Executor, templateId: number, version: number): Promise<boolean> {
  const rows = await tx
    .update(cardTemplateVersions)
    .set({ scannedAt: sql`now()` })
    .where(
      and(
        eq(cardTemplateVersions.templateId, templateId),
        eq(cardTemplateVersions.version, version),
        sql`${cardTemplateVersions.scannedAt} is null`,
      ),
    )
    .returning({ version: cardTemplateVersions.version });
  return rows.length > 0;
}

export async function scannedVersions(ex: Executor, templateId: number): Promise<number[]> {
  const rows = await ex
    .select({ version: cardTemplateVersions.version })
    .from(cardTemplateVersions)
    .where(and(eq(cardTemplateVersions.templateId, templateId), isNotNull(cardTemplateVersions.scannedAt)))
    .orderBy(asc(cardTemplateVersions.version));
  return rows.map((r) => r.version);
}

/** Names a card's view shows: exam, grade, term, course and who saved it last. */
export async function cardNames(ex: Executor, seId: number, updatedBy: number | null) {
  const [row] = await ex
    .select({
      meId: multiExams.id,
      courseId: singleExams.courseId,
      examName: multiExams.name,
      gradeId: multiExams.gradeId,
      examType: multiExams.examType,
      examStatus: multiExams.status,
      gradeName: eduGrades.name,
      termName: gradeTerms.name,
      courseName: eduCourses.name,
      schoolName: schools.name,
    })
    .from(singleExams)
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .innerJoin(gradeTerms, eq(gradeTerms.id, multiExams.termId))
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .innerJoin(schools, eq(schools.id, singleExams.schoolId))
    .where(eq(singleExams.id, seId));
  const writer =
    updatedBy === null ? null : (await ex.select({ name: users.name }).from(users).where(eq(users.id, updatedBy)))[0];
  return { ...row!, writerName: writer?.name ?? null };
}

/** The longest 考号 among a single exam's students, else among the school's students; null if none. */
export async function examNumberLength(ex: Executor, schoolId: number, seId: number | null): Promise<number | null> {
  if (seId !== null) {
    const [own] = await ex
      .select({ n: sql<number | null>`max(char_length(${examStudents.examNo}))` })
      .from(examStudents)
      .where(eq(examStudents.singleExamId, seId));
    if (own?.n) return Number(own.n);
  }
  const [school] = await ex
    .select({ n: sql<number | null>`max(char_length(${students.examNo}))` })
    .from(students)
    .where(eq(students.schoolId, schoolId));
  return school?.n ? Number(school.n) : null;
}

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
      and(eq(cardTemplates.id, cardTemplateVersions.templateId), eq(cardTemplates.version, cardTemplateVersions.version)),
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

export async function schoolName(ex: Executor, schoolId: number): Promise<string | null> {
  const [row] = await ex.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return row?.name ?? null;
}

export async function classRow(ex: Executor, classId: number): Promise<{ schoolId: number } | null> {
  const [row] = await ex.select({ schoolId: classes.schoolId }).from(classes).where(eq(classes.id, classId));
  return row ?? null;
}
