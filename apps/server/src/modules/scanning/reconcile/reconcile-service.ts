import type { ExamScanInfo, RoomScanInfo, scanningScansApi } from '@huikao/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { ownSingleExam } from '../../exams/index.ts';
import { cardTemplates, cardTemplateVersions } from '../cards/card-schema.ts';
import { examStudentsOf } from '../exceptions/sheets-repo.ts';
import { recognizeExceptions, scanBatches, scanPages } from '../scans/scans-schema.ts';

// Reconciliation (design: "Reconciliation"): per exam room and for the single exam, expected (exam
// students × pages of the card) against received: missing students, missing pages, extras, 缺考.
// makeScan/syncExamRoomScanInfo answers it; findRoomErrors lists the rooms that do not add up.

type Params<K extends keyof typeof scanningScansApi> = z.output<(typeof scanningScansApi)[K]['params']>;

/** Pages of the card in use: its newest version. */
async function pagesPerCard(ex: Executor, seId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`jsonb_array_length(${cardTemplateVersions.template}->'pages')` })
    .from(cardTemplateVersions)
    .innerJoin(cardTemplates, eq(cardTemplates.id, cardTemplateVersions.templateId))
    .where(eq(cardTemplates.singleExamId, seId))
    .orderBy(desc(cardTemplateVersions.version))
    .limit(1);
  return Number(row?.n ?? 0);
}

export async function examScanInfo(ex: Executor, seId: number, onlyRoom?: string): Promise<ExamScanInfo> {
  const perCard = await pagesPerCard(ex, seId);
  const students = await examStudentsOf(ex, seId);
  const pages = await ex
    .select({
      id: scanPages.id,
      esId: scanPages.examStudentId,
      pageNo: scanPages.pageNo,
      outcome: scanPages.outcome,
      discarded: scanPages.discarded,
      examNo: sql<string | null>`coalesce(${scanPages.corrections}->>'examNo', ${scanPages.examNoRead})`,
      detail: scanPages.detail,
      batchRoom: scanBatches.room,
    })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(and(eq(scanPages.singleExamId, seId), isNull(scanBatches.deletedAt), eq(scanPages.status, 'done')));
  const open = await ex
    .select({ esId: recognizeExceptions.examStudentId, pageEsId: scanPages.examStudentId, batchRoom: scanBatches.room })
    .from(recognizeExceptions)
    .leftJoin(scanPages, eq(scanPages.id, recognizeExceptions.pageId))
    .leftJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(and(eq(recognizeExceptions.singleExamId, seId), eq(recognizeExceptions.status, 0)));

  // Sheets a person accepted with pages missing (their questions count as unanswered) no longer miss them.
  const accepted = new Set(
    (
      await ex
        .select({ esId: recognizeExceptions.examStudentId })
        .from(recognizeExceptions)
        .where(
          and(
            eq(recognizeExceptions.singleExamId, seId),
            eq(recognizeExceptions.kind, 6),
            eq(recognizeExceptions.status, 1),
          ),
        )
    ).map((r) => r.esId),
  );
  const received = new Map<number, Set<number>>();
  for (const p of pages) {
    if (p.outcome !== 'read' || p.discarded || p.esId === null || p.pageNo === null) continue;
    received.set(p.esId, (received.get(p.esId) ?? new Set()).add(p.pageNo));
  }
  const roomOf = new Map(students.map((s) => [s.esId, s.room]));
  const rooms = [...new Set(students.map((s) => s.room))].filter((r) => onlyRoom === undefined || r === onlyRoom);
  rooms.sort((a, b) => (a ?? '').localeCompare(b ?? '', 'zh-CN', { numeric: true }));

  const infos: RoomScanInfo[] = rooms.map((room) => {
    const inRoom = students.filter((s) => s.room === room);
    const missingStudents: RoomScanInfo['missingStudents'] = [];
    const missingPages: RoomScanInfo['missingPages'] = [];
    let complete = 0;
    let receivedPages = 0;
    let absent = 0;
    for (const s of inRoom) {
      const got = received.get(s.esId);
      receivedPages += got?.size ?? 0;
      if (s.absent) absent++;
      if (!got) {
        if (!s.absent) missingStudents.push({ studentId: String(s.studentId), name: s.name, examNo: s.examNo });
        continue;
      }
      const lacking = Array.from({ length: perCard }, (_, i) => i + 1).filter((no) => !got.has(no));
      if (lacking.length === 0) complete++;
      else if (!accepted.has(s.esId))
        missingPages.push({ studentId: String(s.studentId), name: s.name, examNo: s.examNo, pageNos: lacking });
    }
    // Pages scanned in this room's batches that are not of a student placed here (or of no one).
    const extras = pages
      .filter(
        (p) =>
          room !== null && p.batchRoom === room && !p.discarded && (p.esId === null || roomOf.get(p.esId) !== room),
      )
      .map((p) => ({
        pageId: String(p.id),
        examNo: p.examNo,
        detail: p.esId === null ? (p.detail ?? '无法对应到考生') : '该考生不在本考场',
        studentRoom: p.esId === null ? null : (roomOf.get(p.esId) ?? null),
      }));
    const openExceptions = open.filter((e) => {
      const es = e.esId ?? e.pageEsId;
      return es !== null ? roomOf.get(es) === room : room !== null && e.batchRoom === room;
    }).length;
    return {
      room,
      examStudents: inRoom.length,
      expectedPages: inRoom.length * perCard,
      receivedPages,
      complete,
      absent,
      missingStudents,
      missingPages,
      extras,
      openExceptions,
      reconciled: missingStudents.length === 0 && missingPages.length === 0 && openExceptions === 0,
    };
  });

  const sum = (pick: (r: RoomScanInfo) => number) => infos.reduce((s, r) => s + pick(r), 0);
  const openTotal = onlyRoom === undefined ? open.length : sum((r) => r.openExceptions);
  const totals = {
    examStudents: sum((r) => r.examStudents),
    expectedPages: sum((r) => r.expectedPages),
    receivedPages: sum((r) => r.receivedPages),
    complete: sum((r) => r.complete),
    absent: sum((r) => r.absent),
    missingStudents: sum((r) => r.missingStudents.length),
    missingPages: sum((r) => r.missingPages.length),
    extras: sum((r) => r.extras.length),
    openExceptions: openTotal,
    reconciled: infos.every((r) => r.missingStudents.length === 0 && r.missingPages.length === 0) && openTotal === 0,
  };
  return { seId: String(seId), pagesPerCard: perCard, rooms: infos, totals };
}

export function createReconcileService(db: Db) {
  return {
    async syncExamRoomScanInfo(actor: Actor, p: Params<'syncExamRoomScanInfo'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return examScanInfo(db, single.id, p.room);
    },
    async findRoomErrors(actor: Actor, p: Params<'findRoomErrors'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return (await examScanInfo(db, single.id)).rooms.filter((r) => !r.reconciled || r.extras.length > 0);
    },
  };
}
