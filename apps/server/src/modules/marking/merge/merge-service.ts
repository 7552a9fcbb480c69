import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Tx } from '../../../platform/db.ts';
import { notFound, ruleBroken } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { assertSchool } from '../../../platform/permissions.ts';
import { writeMarkedScores } from '../../exams/index.ts';
import { openScanExceptions } from '../../scanning/index.ts';
import * as setupRepo from '../setup/setup-repo.ts';
import * as repo from './merge-repo.ts';

// 合成成绩 (marking.md "Into scores"): when every 题块 of a subject is finished and its scan
// exceptions are resolved, each student's subjective finals go into the exam's scores through the
// exams' one write path (source 网上阅卷), beside the objective scores scanning wrote, so records,
// the score version and the analysis follow as for imports. Running it again writes only changes.

export function createMergeService(db: Db) {
  return {
    async mergeScores(actor: Actor, params: { seId: string }) {
      const seId = Number(params.seId);
      return db.transaction(async (tx) => {
        await lockKey(tx, 'mark_merge', seId);
        const single = await setupRepo.singleExamOf(tx, seId);
        if (!single) throw notFound('科目考试不存在');
        assertSchool(actor, single.schoolId);
        const blocks = await repo.blocksOfExam(tx, seId);
        if (blocks.length === 0) throw ruleBroken('该科目还没有设置题块，不能合成成绩');
        const unfinished = blocks.filter((b) => b.status !== 4).map((b) => `「${b.name}」`);
        if (unfinished.length > 0) throw ruleBroken(`题块${unfinished.join('、')}还没有结束阅卷，不能合成成绩`);
        const exceptions = await openScanExceptions(tx, seId, []);
        if (exceptions > 0) throw ruleBroken(`该科目还有 ${exceptions} 条扫描异常未处理，不能合成成绩`);
        const result = await writeFinals(
          tx,
          actor,
          seId,
          blocks.map((b) => b.id),
          undefined,
          '合成成绩',
        );
        await recordAudit(tx, { actor, action: 'marking.merge', target: `single_exam:${seId}`, after: result });
        return result;
      });
    },
  };
}

/**
 * A later correction or arbitration of papers in a finished subject: the students' finals are
 * written again the same way. Does nothing while a 题块 of the subject is still being marked
 * (合成成绩 then writes them). Runs in the caller's transaction.
 */
export async function remergeStudents(tx: Tx, actor: Actor, seId: number, examStudentIds: number[]) {
  const blocks = await repo.blocksOfExam(tx, seId);
  if (blocks.length === 0 || blocks.some((b) => b.status !== 4)) return null;
  return writeFinals(
    tx,
    actor,
    seId,
    blocks.map((b) => b.id),
    examStudentIds,
    '阅卷更正',
  );
}

async function writeFinals(
  tx: Tx,
  actor: Actor,
  seId: number,
  blockIds: number[],
  examStudentIds: number[] | undefined,
  reason: string,
) {
  const finals = await repo.finalsOf(tx, blockIds, examStudentIds);
  const papers = [...finals].map(([examStudentId, scores]) => ({ examStudentId, scores }));
  const written = await writeMarkedScores(tx, actor, seId, papers, reason);
  if (written.locked) throw ruleBroken('该科目成绩已归档，不能合成成绩');
  return { students: papers.length, changedScores: written.changedScores, problems: written.problems };
}
