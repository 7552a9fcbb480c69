import type { MarkBlock } from '@huikao/contracts';
import type { Executor } from '../../../platform/db.ts';
import { questionNos } from '../dispatch/dispatch-repo.ts';
import * as quality from '../quality/quality-repo.ts';
import type { markBlocks } from '../schema.ts';
import * as settings from './settings-repo.ts';
import * as repo from './setup-repo.ts';

// A 题块 as the set-up screens show it: its questions with their numbers, settings and paper count.

type BlockRow = typeof markBlocks.$inferSelect;

export async function shownBlocks(executor: Executor, rows: BlockRow[]): Promise<MarkBlock[]> {
  const nos = await questionNos(
    executor,
    rows.flatMap((b) => b.questions.map((q) => Number(q.questionId))),
  );
  const ids = rows.map((b) => b.id);
  const extra = await settings.settingsOf(executor, ids);
  const shares = await quality.settingsOf(executor, ids);
  const counts = await repo.papersCount(executor, ids);
  return rows.map((b) => ({
    id: String(b.id),
    seId: String(b.singleExamId),
    name: b.name,
    questions: b.questions.map((q) => ({ ...q, questionNo: nos.get(q.questionId) ?? '' })),
    mode: b.mode,
    tolerance: b.tolerance,
    step: b.step,
    doubleSharePercent: b.doubleSharePercent,
    status: b.status,
    distribution: extra.get(b.id)!.distribution,
    dailyCap: extra.get(b.id)!.dailyCap,
    selfCheckPercent: shares.get(b.id)!.selfCheckPercent,
    seededPercent: shares.get(b.id)!.seededPercent,
    version: extra.get(b.id)!.version,
    paperCount: counts.get(b.id) ?? 0,
  }));
}
