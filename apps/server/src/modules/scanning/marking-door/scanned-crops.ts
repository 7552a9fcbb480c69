import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { examStudents } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { recognizeExceptions, scanBatches, scanPages } from '../scans/scans-schema.ts';

// What online marking (issue #17) reads of scanning: the stored answer crops of each exam student's
// kept pages, and whether exceptions are still open. Read-only; marking owns what it makes of them.

export interface ScannedCrop {
  examStudentId: number;
  pageId: number;
  /** Question numbers the crop's box covers, as printed on the card. */
  questionNumbers: string[];
  key: string;
}

/** Every crop of the exam's recognised, kept pages of known students who are not 缺考. */
export async function scannedCropsOf(ex: Executor, seId: number): Promise<ScannedCrop[]> {
  const rows = await ex
    .select({ pageId: scanPages.id, examStudentId: scanPages.examStudentId, result: scanPages.result })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .innerJoin(examStudents, eq(examStudents.id, scanPages.examStudentId))
    .where(
      and(
        eq(scanPages.singleExamId, seId),
        eq(scanPages.discarded, false),
        isNotNull(scanPages.result),
        sql`${scanBatches.deletedAt} is null`,
        eq(examStudents.absent, false),
      ),
    )
    .orderBy(scanPages.id);
  return rows.flatMap((r) =>
    (r.result?.crops ?? []).map((c) => ({
      examStudentId: r.examStudentId!,
      pageId: r.pageId,
      questionNumbers: c.questionNumbers,
      key: c.key,
    })),
  );
}

/**
 * Open recognition exceptions of the exam that concern these question numbers or no question at all
 * (a sheet's identity, a missing page): those stop the marking of the questions from finishing.
 */
export async function openScanExceptions(ex: Executor, seId: number, questionNos: string[]): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(recognizeExceptions)
    .where(
      and(
        eq(recognizeExceptions.singleExamId, seId),
        eq(recognizeExceptions.status, 0),
        questionNos.length > 0
          ? sql`(${recognizeExceptions.questionNo} is null or ${inArray(recognizeExceptions.questionNo, questionNos)})`
          : sql`${recognizeExceptions.questionNo} is null`,
      ),
    );
  return row?.n ?? 0;
}

/** A student's kept, recognised pages of the exam in page order: the image a person sees of each. */
export async function sheetPagesOf(ex: Executor, seId: number, examStudentId: number) {
  const rows = await ex
    .select({ pageNo: scanPages.pageNo, imageKey: scanPages.imageKey, sourceKey: scanPages.sourceKey })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(
      and(
        eq(scanPages.singleExamId, seId),
        eq(scanPages.examStudentId, examStudentId),
        eq(scanPages.discarded, false),
        isNotNull(scanPages.result),
        sql`${scanBatches.deletedAt} is null`,
      ),
    )
    .orderBy(scanPages.pageNo, scanPages.id);
  return rows.map((r) => ({ pageNo: r.pageNo ?? 0, key: r.imageKey ?? r.sourceKey }));
}
