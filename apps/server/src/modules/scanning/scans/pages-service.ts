import type { ScanPage, scanningScansApi } from '@huikao/contracts';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { examStudents, students } from '../../../db/schema.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { FileResult } from '../../../platform/files.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { idOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import { effectiveAnswer } from '../exceptions/sheet-rules.ts';
import * as repo from './scans-repo.ts';
import { scanFiles, scanPages } from './scans-schema.ts';

// Pages as the resolve screen shows them: where a page came from, what was read beside what a person
// corrected, and the image itself (the page as scanned, or a subjective box's crop). Images are read
// only by the exam's school administrators (the route's permission) and only for their school.

type Params<K extends keyof typeof scanningScansApi> = z.output<(typeof scanningScansApi)[K]['params']>;

const pageColumns = {
  page: scanPages,
  fileName: scanFiles.fileName,
  studentId: examStudents.studentId,
  studentName: students.name,
};

export async function pageViews(ex: Executor, where: SQL | undefined, offset = 0, limit = 10_000) {
  const rows = await ex
    .select(pageColumns)
    .from(scanPages)
    .innerJoin(scanFiles, eq(scanFiles.id, scanPages.fileId))
    .leftJoin(examStudents, eq(examStudents.id, scanPages.examStudentId))
    .leftJoin(students, eq(students.id, examStudents.studentId))
    .where(where)
    .orderBy(asc(scanPages.fileId), asc(scanPages.pageIndex))
    .offset(offset)
    .limit(limit);
  return rows.map(toPage);
}

function toPage(row: {
  page: repo.PageRow;
  fileName: string;
  studentId: number | null;
  studentName: string | null;
}): ScanPage {
  const { page } = row;
  const questions = page.result?.questions ?? [];
  const sheet = {
    id: page.id,
    outcome: page.outcome,
    detail: page.detail,
    pageNo: page.pageNo,
    templateKey: null,
    examNoRead: page.examNoRead,
    examStudentId: page.examStudentId,
    absentMarked: page.absentMarked,
    result: page.result,
    corrections: page.corrections,
    discarded: page.discarded,
  };
  return {
    pageId: String(page.id),
    batchId: String(page.batchId),
    fileId: String(page.fileId),
    fileName: row.fileName,
    pageIndex: page.pageIndex,
    status: page.status as ScanPage['status'],
    outcome: page.outcome,
    detail: page.detail,
    templateId: page.templateId,
    templateVersion: page.templateVersion,
    pageNo: page.pageNo,
    turned: page.turned,
    examNoRead: page.examNoRead,
    examNo: page.corrections.examNo ?? page.examNoRead,
    studentId: row.studentId === null ? null : String(row.studentId),
    studentName: row.studentName,
    absentMarked: page.corrections.absent ?? page.absentMarked,
    answers: Object.fromEntries(
      questions.map((q) => [q.questionNo, effectiveAnswer(sheet, q.questionNo, q.flags, q.answer)]),
    ),
    questions: questions.map((q) => ({
      questionNo: q.questionNo,
      ratios: q.ratios,
      letters: q.letters,
      flags: q.flags,
      answer: q.answer,
      corrected: page.corrections.answers?.[q.questionNo] ?? null,
    })),
    crops: (page.result?.crops ?? []).map((c) => ({
      boxId: c.boxId,
      label: c.label,
      questionNumbers: c.questionNumbers,
    })),
    discarded: page.discarded,
    recognisedAt: page.recognisedAt?.toISOString() ?? null,
  };
}

export function createPagesService(db: Db, storage: FileStorage) {
  async function ownPage(actor: Actor, schoolId: string, pageId: string) {
    const school = schoolOf(actor, schoolId);
    return ownedBy(await repo.findPageRow(db, idOf(pageId, '扫描页')), school, '扫描页不存在');
  }

  return {
    async findPages(actor: Actor, p: Params<'findPages'>) {
      const school = schoolOf(actor, p.schoolId);
      const batch = ownedBy(await repo.findBatch(db, idOf(p.batchId, '扫描批次')), school, '扫描批次不存在');
      const { total } = await repo.pagesOfBatch(db, batch.id, 0, 0);
      const list = await pageViews(db, eq(scanPages.batchId, batch.id), (p.currentPage - 1) * p.pageSize, p.pageSize);
      return { list, total, currentPage: p.currentPage, pageSize: p.pageSize };
    },

    async findPage(actor: Actor, p: Params<'findPage'>) {
      const page = await ownPage(actor, p.schoolId, p.pageId);
      return (await pageViews(db, eq(scanPages.id, page.id)))[0]!;
    },

    async pageImage(actor: Actor, p: Params<'pageImage'>) {
      const page = await ownPage(actor, p.schoolId, p.pageId);
      const key = page.imageKey ?? page.sourceKey;
      const type = page.imageKey || page.sourceFormat === 'jpeg' ? 'image/jpeg' : 'image/png';
      return new FileResult(`page-${page.id}.${type === 'image/jpeg' ? 'jpg' : 'png'}`, type, await storage.get(key));
    },

    async cropImage(actor: Actor, p: Params<'cropImage'>) {
      const page = await ownPage(actor, p.schoolId, p.pageId);
      const crop = page.result?.crops.find((c) => c.boxId === p.boxId);
      if (!crop) throw notFound(`该页没有答题框“${p.boxId}”的切图`);
      return new FileResult(`crop-${page.id}-${crop.boxId}.jpg`, 'image/jpeg', await storage.get(crop.key));
    },
  };
}

/** Pages of these exam students (any outcome, kept or set aside), for a student's card. */
export async function pagesOfExamStudents(ex: Executor, esIds: number[]): Promise<ScanPage[]> {
  if (esIds.length === 0) return [];
  return pageViews(ex, inArray(scanPages.examStudentId, esIds));
}
