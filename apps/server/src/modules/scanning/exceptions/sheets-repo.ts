import { and, eq, inArray, isNull, like, notInArray, sql } from 'drizzle-orm';
import { examStudents, students } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { cardTemplateVersions } from '../cards/card-schema.ts';
import { recognizeExceptions, scanBatches, scanPages, scanStudentCards } from '../scans/scans-schema.ts';
import type { SheetPage, WantedException } from './sheet-rules.ts';

// What the sheet rules read and write: exam students by 考号, a student's kept pages, the card's page
// count, typed cards, and the exceptions (one row per key; only open ones are refreshed or dropped).

export interface ExamStudentRef {
  esId: number;
  studentId: number;
  name: string;
  examNo: string | null;
  room: string | null;
  absent: boolean;
}

const studentColumns = {
  esId: examStudents.id,
  studentId: examStudents.studentId,
  name: students.name,
  examNo: examStudents.examNo,
  room: examStudents.room,
  absent: examStudents.absent,
};

export async function examStudentByExamNo(ex: Executor, seId: number, examNo: string): Promise<ExamStudentRef | null> {
  const [row] = await ex
    .select(studentColumns)
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .where(and(eq(examStudents.singleExamId, seId), eq(examStudents.examNo, examNo)));
  return row ?? null;
}

export async function examStudentsByIds(ex: Executor, esIds: number[]): Promise<ExamStudentRef[]> {
  if (esIds.length === 0) return [];
  return ex
    .select(studentColumns)
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .where(inArray(examStudents.id, esIds));
}

export async function examStudentsOf(ex: Executor, seId: number): Promise<ExamStudentRef[]> {
  return ex
    .select(studentColumns)
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .where(eq(examStudents.singleExamId, seId));
}

const sheetColumns = {
  id: scanPages.id,
  outcome: scanPages.outcome,
  detail: scanPages.detail,
  pageNo: scanPages.pageNo,
  templateId: scanPages.templateId,
  templateVersion: scanPages.templateVersion,
  examNoRead: scanPages.examNoRead,
  examStudentId: scanPages.examStudentId,
  absentMarked: scanPages.absentMarked,
  result: scanPages.result,
  corrections: scanPages.corrections,
  discarded: scanPages.discarded,
};

interface SheetRow {
  id: number;
  outcome: string | null;
  detail: string | null;
  pageNo: number | null;
  templateId: string | null;
  templateVersion: number | null;
  examNoRead: string | null;
  examStudentId: number | null;
  absentMarked: boolean;
  result: SheetPage['result'];
  corrections: SheetPage['corrections'];
  discarded: boolean;
}

function toSheetPage(r: SheetRow): SheetPage {
  const { templateId, templateVersion, ...rest } = r;
  return {
    ...rest,
    templateKey: templateId ? `${templateId}:${templateVersion}` : null,
    corrections: r.corrections ?? {},
  };
}

/** The read, kept pages of these exam students, in batches that are not deleted. */
export async function pagesOfStudents(ex: Executor, esIds: number[]): Promise<SheetPage[]> {
  if (esIds.length === 0) return [];
  const rows = await ex
    .select(sheetColumns)
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(
      and(
        inArray(scanPages.examStudentId, esIds),
        eq(scanPages.outcome, 'read'),
        eq(scanPages.discarded, false),
        isNull(scanBatches.deletedAt),
      ),
    );
  return rows.map(toSheetPage);
}

/** One page as the rules see it; a page of a deleted batch counts as set aside. */
export async function sheetPage(ex: Executor, pageId: number): Promise<SheetPage | null> {
  const [row] = await ex
    .select({ ...sheetColumns, batchDeleted: sql<boolean>`${scanBatches.deletedAt} is not null` })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(eq(scanPages.id, pageId));
  if (!row) return null;
  const { batchDeleted, ...page } = row;
  return { ...toSheetPage(page), discarded: page.discarded || Boolean(batchDeleted) };
}

/** Pages of a card version: how many a complete sheet has. */
export async function cardPageCount(ex: Executor, templateKey: string): Promise<number | null> {
  const [id, version] = templateKey.split(':').map(Number);
  const [row] = await ex
    .select({ n: sql<number>`jsonb_array_length(${cardTemplateVersions.template}->'pages')` })
    .from(cardTemplateVersions)
    .where(and(eq(cardTemplateVersions.templateId, id!), eq(cardTemplateVersions.version, version!)));
  return row ? Number(row.n) : null;
}

export async function typedCards(ex: Executor, esIds: number[]) {
  if (esIds.length === 0) return new Map<number, typeof scanStudentCards.$inferSelect>();
  const rows = await ex.select().from(scanStudentCards).where(inArray(scanStudentCards.examStudentId, esIds));
  return new Map(rows.map((r) => [r.examStudentId, r]));
}

/** Resolutions of 缺考-with-answers, by exam student. */
export async function absentDecisions(ex: Executor, seId: number, esIds: number[]): Promise<Map<number, boolean>> {
  if (esIds.length === 0) return new Map();
  const rows = await ex
    .select({ esId: recognizeExceptions.examStudentId, resolution: recognizeExceptions.resolution })
    .from(recognizeExceptions)
    .where(
      and(
        eq(recognizeExceptions.singleExamId, seId),
        eq(recognizeExceptions.kind, 8),
        eq(recognizeExceptions.status, 1),
        inArray(recognizeExceptions.examStudentId, esIds),
      ),
    );
  const decisions = new Map<number, boolean>();
  for (const row of rows) {
    const absent = (row.resolution as { absent?: unknown } | null)?.absent;
    if (row.esId !== null && typeof absent === 'boolean') decisions.set(row.esId, absent);
  }
  return decisions;
}

/**
 * Makes the open exceptions under `prefix` exactly `wanted`: new ones inserted, open ones refreshed,
 * open ones no longer wanted dropped. Resolved ones stay as they are (a person's decision is kept).
 */
export async function replaceExceptions(
  tx: Executor,
  scope: { schoolId: number; seId: number; prefix: string },
  wanted: WantedException[],
): Promise<void> {
  const keys = wanted.map((w) => w.key);
  const stale = and(
    eq(recognizeExceptions.singleExamId, scope.seId),
    like(recognizeExceptions.key, `${scope.prefix}%`),
    eq(recognizeExceptions.status, 0),
  );
  await tx
    .delete(recognizeExceptions)
    .where(keys.length > 0 ? and(stale, notInArray(recognizeExceptions.key, keys)) : stale);
  if (wanted.length === 0) return;
  await tx
    .insert(recognizeExceptions)
    .values(
      wanted.map((w) => ({
        schoolId: scope.schoolId,
        singleExamId: scope.seId,
        key: w.key,
        kind: w.kind,
        detail: w.detail,
        pageId: w.pageId,
        examStudentId: w.examStudentId,
        questionNo: w.questionNo,
        data: w.data,
      })),
    )
    .onConflictDoUpdate({
      target: [recognizeExceptions.singleExamId, recognizeExceptions.key],
      set: {
        detail: sql`excluded.detail`,
        data: sql`excluded.data`,
        pageId: sql`excluded.page_id`,
        examStudentId: sql`excluded.exam_student_id`,
      },
      setWhere: sql`${recognizeExceptions.status} = 0`,
    });
}
