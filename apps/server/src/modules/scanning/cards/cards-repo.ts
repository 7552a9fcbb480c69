import type { AnswerCardTemplate, CardSettings } from '@huikao/answer-card';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  eduCourses,
  eduGrades,
  examStudents,
  gradeTerms,
  multiExams,
  schools,
  singleExams,
  students,
  users,
} from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { cardTemplates, cardTemplateVersions } from './card-schema.ts';

// Cards and their versions, the one place they are written (the lists around them are in
// card-lists-repo.ts). Exam, school and people tables are read through db/schema.ts, never written.

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
  values: {
    schoolId: number;
    singleExamId: number;
    settings: CardSettings;
    questionsStamp: string;
    userId: number | null;
  },
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

/**
 * The longest 考号 among a single exam's students, else among the school's students (a student
 * without one sits exams under their 学号, as exam students are seated); null if none.
 */
export async function examNumberLength(ex: Executor, schoolId: number, seId: number | null): Promise<number | null> {
  if (seId !== null) {
    const [own] = await ex
      .select({ n: sql<number | null>`max(char_length(${examStudents.examNo}))` })
      .from(examStudents)
      .where(eq(examStudents.singleExamId, seId));
    if (own?.n) return Number(own.n);
  }
  const [school] = await ex
    .select({ n: sql<number | null>`max(char_length(coalesce(${students.examNo}, ${students.studentNo})))` })
    .from(students)
    .where(eq(students.schoolId, schoolId));
  return school?.n ? Number(school.n) : null;
}

export async function schoolName(ex: Executor, schoolId: number): Promise<string | null> {
  const [row] = await ex.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return row?.name ?? null;
}

export async function singleExamsOf(ex: Executor, meId: number): Promise<{ id: number; schoolId: number }[]> {
  return ex
    .select({ id: singleExams.id, schoolId: singleExams.schoolId })
    .from(singleExams)
    .where(eq(singleExams.multiExamId, meId))
    .orderBy(asc(singleExams.id));
}
