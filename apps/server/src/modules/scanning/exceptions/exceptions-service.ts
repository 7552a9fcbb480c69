import { RECOGNIZE_EXCEPTION_KINDS, type RecognizeException, type scanningScansApi } from '@huikao/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, ruleBroken } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { idOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import { ownSingleExam } from '../../exams/index.ts';
import { findCardVersion } from '../cards/card-versions.ts';
import type { PageCorrections } from '../scans/scans-schema.ts';
import * as repo from './exceptions-repo.ts';
import { refreshPage, refreshStudents } from './sheet-refresh.ts';
import { examStudentByExamNo } from './sheets-repo.ts';

// examRecognizeException (design: "Exceptions"): one queue per kind, read by exam, page and status;
// the card count and summary; a person's report; and the resolution, which writes the corrected value
// and who decided it (audit log), never the image, then works the page and sheet out again.

type Params<K extends keyof typeof scanningScansApi> = z.output<(typeof scanningScansApi)[K]['params']>;
type Resolution = Params<'updateException'>['resolution'];

const kindName = (kind: number) => RECOGNIZE_EXCEPTION_KINDS[kind as keyof typeof RECOGNIZE_EXCEPTION_KINDS] ?? '其他';

export function toException(row: repo.ExceptionView): RecognizeException {
  return {
    exceptionId: String(row.id),
    seId: String(row.singleExamId),
    kind: row.kind,
    kindName: kindName(row.kind),
    status: row.status,
    detail: row.detail,
    pageId: row.pageId === null ? null : String(row.pageId),
    batchId: row.batchId === null ? null : String(row.batchId),
    studentId: row.studentId === null ? null : String(row.studentId),
    studentName: row.studentName,
    examNo: row.examNo,
    questionNo: row.questionNo,
    data: row.data,
    resolution: row.resolution,
    resolvedByName: row.resolvedByName,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createExceptionsService(db: Db) {
  return {
    async findBySeId(actor: Actor, p: Params<'findExceptionsBySeId'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const { rows, total } = await repo.listExceptions(
        db,
        { seId: single.id, kind: p.kind, status: p.status },
        { offset: (p.currentPage - 1) * p.pageSize, limit: p.pageSize },
      );
      return { list: rows.map(toException), total, currentPage: p.currentPage, pageSize: p.pageSize };
    },

    async findByEpId(actor: Actor, p: Params<'findExceptionsByEpId'>) {
      const school = schoolOf(actor, p.schoolId);
      const page = ownedBy(await repo.findPage(db, idOf(p.epId, '扫描页')), school, '扫描页不存在');
      return (await repo.listExceptions(db, { seId: page.singleExamId, pageId: page.id })).rows.map(toException);
    },

    async findByStatus(actor: Actor, p: Params<'findExceptionsByStatus'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return (await repo.listExceptions(db, { seId: single.id, status: p.status })).rows.map(toException);
    },

    async summary(actor: Actor, p: Params<'exceptionSummary'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const counts = await repo.exceptionCounts(db, single.id);
      const kinds = Object.keys(RECOGNIZE_EXCEPTION_KINDS)
        .map(Number)
        .map((kind) => ({
          kind,
          kindName: kindName(kind),
          open: counts.find((c) => c.kind === kind && c.status === 0)?.n ?? 0,
          resolved: counts.find((c) => c.kind === kind && c.status === 1)?.n ?? 0,
        }));
      return {
        kinds,
        open: kinds.reduce((s, k) => s + k.open, 0),
        resolved: kinds.reduce((s, k) => s + k.resolved, 0),
      };
    },

    async cardCount(actor: Actor, p: Params<'exceptionCardCount'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return repo.cardCounts(db, single.id);
    },

    async save(actor: Actor, p: Params<'saveException'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const page = ownedBy(await repo.findPage(db, idOf(p.pageId, '扫描页')), single.schoolId, '扫描页不存在');
      if (page.singleExamId !== single.id) throw badInput('扫描页不属于该科目考试');
      const id = await db.transaction(async (tx) => {
        const inserted = await repo.insertManualException(tx, {
          schoolId: single.schoolId,
          singleExamId: single.id,
          key: `m:${page.id}:${Date.now()}`,
          kind: 1,
          detail: p.detail,
          pageId: page.id,
          data: { reportedBy: actor.name },
        });
        await recordAudit(tx, {
          actor,
          action: 'scanning.exception.report',
          target: `scan_page:${page.id}`,
          after: { detail: p.detail },
        });
        return inserted;
      });
      return toException((await repo.findExceptionView(db, id))!);
    },

    async update(actor: Actor, p: Params<'updateException'>) {
      const school = schoolOf(actor, p.schoolId);
      const id = idOf(p.exceptionId, '异常');
      // The exam first, read without a lock: its scan-results lock is taken before any row lock, as a
      // recognition job and a typed card take it, so resolving never waits in the opposite order.
      const found = ownedBy(await repo.findExceptionView(db, id), school, '异常不存在');
      await db.transaction(async (tx) => {
        await lockKey(tx, 'scan-results', found.singleExamId);
        const row = await repo.lockException(tx, id);
        // A page read again meanwhile drops the open exceptions it no longer raises.
        if (!row) throw ruleBroken('该异常已不存在（扫描页已重新识别），请刷新列表后再处理');
        if (row.status !== 0) {
          const by = (await repo.findExceptionView(tx, id))?.resolvedByName;
          throw ruleBroken(`该异常已由${by || '他人'}处理，请刷新列表`);
        }
        const context = {
          actor,
          schoolId: row.schoolId,
          seId: row.singleExamId,
          reason: `处理识别异常：${kindName(row.kind)}`,
        };
        const touched = await resolve(tx, row, p.resolution);
        await repo.markResolved(tx, row.id, actor.userId, { ...p.resolution });
        await recordAudit(tx, {
          actor,
          action: 'scanning.exception.resolve',
          target: `recognize_exception:${row.id}`,
          before: { kind: row.kind, detail: row.detail, data: row.data },
          after: p.resolution,
        });
        const students = new Set<number>(row.examStudentId ? [row.examStudentId] : []);
        for (const pageId of touched) for (const es of await refreshPage(tx, context, pageId)) students.add(es);
        await refreshStudents(tx, context, [...students]);
      });
      return toException((await repo.findExceptionView(db, id))!);
    },
  };
}

/** Applies a decision to the pages it concerns; returns the pages to work out again. */
async function resolve(tx: Executor, row: repo.ExceptionRow, r: Resolution): Promise<number[]> {
  const page = row.pageId ? await repo.lockPage(tx, row.pageId) : null;
  const corrections: PageCorrections = { ...(page?.corrections ?? {}) };
  const correct = async () => {
    await repo.updatePageCorrections(tx, page!.id, { corrections });
    return [page!.id];
  };
  const discard = async () => {
    await repo.updatePageCorrections(tx, page!.id, { discarded: true });
    return [page!.id];
  };
  switch (row.kind) {
    case 1:
    case 2:
      if (!r.discard) throw badInput('请确认将该页置为无效（重新扫描后再上传即可识别）');
      return page ? discard() : [];
    case 3:
    case 4: {
      if (r.discard) return discard();
      if (!r.examNo) throw badInput('请填写正确的考号');
      if (!(await examStudentByExamNo(tx, row.singleExamId, r.examNo)))
        throw badInput(`考号 ${r.examNo} 不是本科目的考生`);
      corrections.examNo = r.examNo;
      return correct();
    }
    case 5: {
      const candidates = Object.entries((row.data as { pages?: Record<string, string[]> }).pages ?? {});
      const keep = new Set(r.keepPageIds ?? []);
      if (keep.size === 0) throw badInput('请选择要保留的答题卡页');
      if (!r.reason) throw badInput('请说明保留的理由');
      const dropped: number[] = [];
      for (const [pageNo, ids] of candidates) {
        const kept = ids.filter((id) => keep.has(id));
        if (kept.length !== 1) throw badInput(`第 ${pageNo} 页请保留且只保留一份`);
        dropped.push(...ids.filter((id) => !keep.has(id)).map(Number));
      }
      for (const id of dropped) {
        await repo.lockPage(tx, id);
        await repo.updatePageCorrections(tx, id, { discarded: true });
      }
      return dropped;
    }
    case 6:
      if (!r.accept) throw badInput('请确认缺页（缺页上的题目按未作答处理），或上传缺少的页');
      return [];
    case 7: {
      if (r.answer === undefined) throw badInput('请填写该题的选项（未作答请留空）');
      const allowed = await optionsOf(tx, page!, row.questionNo!);
      const bad = [...r.answer].filter((letter) => !allowed.includes(letter));
      if (bad.length > 0) throw badInput(`选项“${r.answer}”不允许，只能填 ${allowed.split('').join('、')}`);
      corrections.answers = { ...corrections.answers, [row.questionNo!]: r.answer };
      return correct();
    }
    case 8:
      if (typeof r.absent !== 'boolean') throw badInput('请选择该考生是否缺考');
      return [];
    default:
      return [];
  }
}

/** The letters a question's bubbles print, from the card version the page was read with. */
async function optionsOf(
  tx: Executor,
  page: NonNullable<Awaited<ReturnType<typeof repo.lockPage>>>,
  questionNo: string,
) {
  const card = page.templateId ? await findCardVersion(tx, Number(page.templateId), page.templateVersion ?? 1) : null;
  for (const region of card?.template.pages[(page.pageNo ?? 1) - 1]?.regions ?? []) {
    if (region.kind !== 'objectiveBlock') continue;
    const row = region.rows.find((r) => r.number === questionNo);
    if (row) return row.bubbles.map((b) => b.option).join('');
  }
  return 'ABCDEFG';
}
