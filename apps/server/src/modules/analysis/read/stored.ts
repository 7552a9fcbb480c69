import type { ReportKind, ReportStatus } from '@huikao/contracts';
import type { Db } from '../../../platform/db.ts';
import { conflict, notFound, ruleBroken } from '../../../platform/errors.ts';
import { type ReportRuns, schoolRunKey, unionRunKey } from '../runs/service.ts';
import { reportBody, runComputed } from './repo.ts';

// A stored report, or a clear Chinese message saying why there is none yet: the exam is not
// finalised, the computation is queued or running (with its progress), it failed (with why), or the
// report of that subject or scope does not exist. Report calls never compute.

/** What report calls use of the computation: its state, and a recomputation on request. */
export type ReportRunsView = Pick<ReportRuns, 'request' | 'status' | 'statuses'>;

export { schoolRunKey, unionRunKey };
/** A school's exam reads its own run; a 联考's comparisons read the union run. */
export const runKeyOf = (exam: { id: number; unionKey: string | null }, union: boolean) =>
  union && exam.unionKey ? unionRunKey(exam.unionKey) : schoolRunKey(exam.id);

export const NOT_FINALISED = '该考试尚未完成成绩汇总，暂无分析报告';

/** Refuses exams whose scores are not final yet (status 3 已完成 and 4 已发布 have reports). */
export function requireFinalised(exam: { status: number }): void {
  if (exam.status < 3) throw ruleBroken(NOT_FINALISED);
}

/** Why a run has no stored report, as the error to answer with. */
export function whyNoReport(status: ReportStatus, missing: string): Error {
  switch (status.status) {
    case 1:
      return conflict('分析报告排队计算中，请稍候');
    case 2:
      return conflict(`报告正在计算中（进度 ${Math.round(status.progress)}%），请稍候`);
    case 4:
      return ruleBroken(`分析报告计算失败：${status.error ?? '原因未知'}。请联系教务管理员重新计算`);
    case 3:
      return notFound(missing);
    default:
      return ruleBroken('该考试的分析报告尚未生成，请联系教务管理员计算报告');
  }
}

export function createStoredReports(db: Db, runs: ReportRunsView) {
  return {
    /** The stored body, or the reason there is none. */
    async read<T>(
      runKey: string,
      kind: ReportKind,
      subjectKey: string,
      scopeKey: string,
      missing = '暂无该范围的报告数据',
    ): Promise<T> {
      const body = await reportBody(db, { runKey, kind, subjectKey, scopeKey });
      if (body !== null) return body as T;
      throw whyNoReport(await runs.status(runKey), missing);
    },
    /** The stored body, or null when that scope has none; still refuses a run that is not computed. */
    async readOptional<T>(runKey: string, kind: ReportKind, subjectKey: string, scopeKey: string): Promise<T | null> {
      const body = await reportBody(db, { runKey, kind, subjectKey, scopeKey });
      if (body !== null) return body as T;
      const status = await runs.status(runKey);
      if (status.status === 3 || status.computedAt !== null) return null;
      throw whyNoReport(status, '');
    },
    /** Refuses when a run has no stored results at all (student rows are read directly after this). */
    async requireComputed(runKey: string): Promise<void> {
      if (await runComputed(db, runKey)) return;
      throw whyNoReport(await runs.status(runKey), '');
    },
  };
}

export type StoredReports = ReturnType<typeof createStoredReports>;
