import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { examStudents, students, users } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import {
  type PageCorrections,
  recognizeExceptions,
  scanBatches,
  scanPages,
  scanStudentCards,
} from '../scans/scans-schema.ts';

// Exceptions as the queues read them, a person's decisions, page corrections and typed cards.

export type ExceptionRow = typeof recognizeExceptions.$inferSelect;

export interface ExceptionView extends ExceptionRow {
  batchId: number | null;
  studentId: number | null;
  studentName: string | null;
  examNo: string | null;
  resolvedByName: string | null;
}

const viewColumns = {
  exception: recognizeExceptions,
  batchId: scanPages.batchId,
  studentId: examStudents.studentId,
  studentName: students.name,
  examNo: examStudents.examNo,
  pageExamNo: scanPages.examNoRead,
  resolvedByName: users.name,
};

function view(ex: Executor) {
  return ex
    .select(viewColumns)
    .from(recognizeExceptions)
    .leftJoin(scanPages, eq(scanPages.id, recognizeExceptions.pageId))
    .leftJoin(
      examStudents,
      sql`${examStudents.id} = coalesce(${recognizeExceptions.examStudentId}, ${scanPages.examStudentId})`,
    )
    .leftJoin(students, eq(students.id, examStudents.studentId))
    .leftJoin(users, eq(users.id, recognizeExceptions.resolvedBy));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof view>['execute']>>[number];
const toView = (r: ViewRow): ExceptionView => ({
  ...r.exception,
  batchId: r.batchId,
  studentId: r.studentId,
  studentName: r.studentName,
  examNo: r.examNo ?? r.pageExamNo,
  resolvedByName: r.resolvedByName,
});

export async function listExceptions(
  ex: Executor,
  filter: { seId: number; kind?: number; status?: number; pageId?: number },
  paging?: { offset: number; limit: number },
): Promise<{ rows: ExceptionView[]; total: number }> {
  const where = and(
    eq(recognizeExceptions.singleExamId, filter.seId),
    filter.kind !== undefined ? eq(recognizeExceptions.kind, filter.kind) : undefined,
    filter.status !== undefined ? eq(recognizeExceptions.status, filter.status) : undefined,
    filter.pageId !== undefined ? eq(recognizeExceptions.pageId, filter.pageId) : undefined,
  );
  let query = view(ex)
    .where(where)
    .orderBy(asc(recognizeExceptions.status), asc(recognizeExceptions.kind), asc(recognizeExceptions.id))
    .$dynamic();
  if (paging) query = query.offset(paging.offset).limit(paging.limit);
  const rows = (await query).map(toView);
  if (!paging) return { rows, total: rows.length };
  const [count] = await ex.select({ n: sql<number>`count(*)::int` }).from(recognizeExceptions).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findExceptionView(ex: Executor, id: number): Promise<ExceptionView | null> {
  const [row] = await view(ex).where(eq(recognizeExceptions.id, id));
  return row ? toView(row) : null;
}

export async function lockException(tx: Executor, id: number): Promise<ExceptionRow | null> {
  const [row] = await tx.select().from(recognizeExceptions).where(eq(recognizeExceptions.id, id)).for('update');
  return row ?? null;
}

export async function markResolved(tx: Executor, id: number, userId: number, resolution: Record<string, unknown>) {
  await tx
    .update(recognizeExceptions)
    .set({ status: 1, resolution, resolvedBy: userId, resolvedAt: sql`now()` })
    .where(eq(recognizeExceptions.id, id));
}

export async function insertManualException(tx: Executor, row: typeof recognizeExceptions.$inferInsert) {
  const [inserted] = await tx.insert(recognizeExceptions).values(row).returning({ id: recognizeExceptions.id });
  return inserted!.id;
}

export async function exceptionCounts(ex: Executor, seId: number) {
  const rows = await ex
    .select({ kind: recognizeExceptions.kind, status: recognizeExceptions.status, n: sql<number>`count(*)::int` })
    .from(recognizeExceptions)
    .where(eq(recognizeExceptions.singleExamId, seId))
    .groupBy(recognizeExceptions.kind, recognizeExceptions.status);
  return rows.map((r) => ({ kind: r.kind, status: r.status, n: Number(r.n) }));
}

export async function setPageStudent(tx: Executor, pageId: number, esId: number | null): Promise<void> {
  await tx.update(scanPages).set({ examStudentId: esId }).where(eq(scanPages.id, pageId));
}

export async function lockPage(tx: Executor, pageId: number) {
  const [row] = await tx.select().from(scanPages).where(eq(scanPages.id, pageId)).for('update');
  return row ?? null;
}

export async function updatePageCorrections(
  tx: Executor,
  pageId: number,
  change: { corrections?: PageCorrections; discarded?: boolean },
): Promise<void> {
  await tx.update(scanPages).set(change).where(eq(scanPages.id, pageId));
}

export async function saveTypedCard(tx: Executor, row: typeof scanStudentCards.$inferInsert): Promise<void> {
  await tx
    .insert(scanStudentCards)
    .values(row)
    .onConflictDoUpdate({
      target: scanStudentCards.examStudentId,
      set: { answers: row.answers, absent: row.absent, updatedBy: row.updatedBy, updatedAt: sql`now()` },
    });
}

export async function examStudentRef(tx: Executor, seId: number, studentId: number) {
  const [row] = await tx
    .select({
      esId: examStudents.id,
      schoolId: examStudents.schoolId,
      examNo: examStudents.examNo,
      absent: examStudents.absent,
      name: students.name,
    })
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .where(and(eq(examStudents.singleExamId, seId), eq(examStudents.studentId, studentId)));
  return row ?? null;
}

export async function findPage(ex: Executor, pageId: number) {
  const [row] = await ex.select().from(scanPages).where(eq(scanPages.id, pageId));
  return row ?? null;
}

/** examRecognizeException/cardCount: pages by outcome and students' sheets (complete: every page of the card). */
export async function cardCounts(ex: Executor, seId: number) {
  const pages = await ex
    .select({
      esId: scanPages.examStudentId,
      pageNo: scanPages.pageNo,
      status: scanPages.status,
      outcome: scanPages.outcome,
      discarded: scanPages.discarded,
      pageCount: sql<number | null>`(select jsonb_array_length(v.template->'pages') from card_template_versions v
        where v.template_id = ${scanPages.templateId}::bigint and v.version = ${scanPages.templateVersion})`,
    })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(and(eq(scanPages.singleExamId, seId), isNull(scanBatches.deletedAt)));
  const [students] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(examStudents)
    .where(eq(examStudents.singleExamId, seId));
  const sheets = new Map<number, { pageNos: Set<number>; count: number }>();
  let read = 0;
  let refused = 0;
  let pending = 0;
  for (const p of pages) {
    if (p.status !== 'done') pending++;
    else if (p.outcome === 'read' && !p.discarded) read++;
    else if (p.outcome !== 'read') refused++;
    if (p.status === 'done' && p.outcome === 'read' && !p.discarded && p.esId !== null && p.pageNo !== null) {
      const sheet = sheets.get(p.esId) ?? { pageNos: new Set<number>(), count: Number(p.pageCount ?? 0) };
      sheet.pageNos.add(p.pageNo);
      sheets.set(p.esId, sheet);
    }
  }
  return {
    pages: pages.length,
    pagesRead: read,
    pagesRefused: refused,
    pagesPending: pending,
    sheets: sheets.size,
    completeSheets: [...sheets.values()].filter((s) => s.count > 0 && s.pageNos.size >= s.count).length,
    examStudents: Number(students?.n ?? 0),
  };
}
