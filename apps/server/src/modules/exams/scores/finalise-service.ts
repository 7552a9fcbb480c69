import type { AnalysisSettings, MultiExam } from '@huikao/contracts';
import { sumScores } from '@huikao/stats';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { AppError, badInput, notFound, ruleBroken } from '../../../platform/errors.ts';
import { auditExam, type CallParams, ownMultiExam, subjectOfMulti } from '../access.ts';
import type { MultiExamRow } from '../lookup-repo.ts';
import { multiExamView } from '../setup/multi-exams-repo.ts';
import { classIdsOfMulti, lockMultiExam, lockSingleExams, updateMultiExamFields } from './finalise-repo.ts';
import { applyPapers, openPapers, paperOf } from './score-apply.ts';
import { isChoiceQuestion, questionLabel } from './score-input.ts';
import { type SingleExamOfMulti, singleExamsOfMulti } from './scores-repo.ts';

// summaryQiqExamToScExam (完成: recompute, check completeness, lock, hand to analysis),
// publishMultiExam (已完成 → 已发布, optionally to students) and saveExamAnalysisSettings.

export function createFinaliseService(db: Db) {
  async function view(ex: Executor, meId: number): Promise<MultiExam> {
    const exam = await multiExamView(ex, meId);
    if (!exam) throw notFound('考试不存在或已删除');
    return exam;
  }

  /** Recomputes every score row of a subject and lists what keeps it from being complete. */
  async function recomputeAndCheck(tx: Executor, actor: Actor, multi: MultiExamRow, single: SingleExamOfMulti) {
    const problems: string[] = [];
    const { questions, papers: rows } = await openPapers(tx, single.id);
    const name = single.courseName;
    if (rows.length === 0) problems.push(`${name}：没有考生`);
    if (questions.length > 0) {
      const sum = sumScores(questions.map((q) => q.fullMark));
      if (sum !== single.fullMark) problems.push(`${name}：各题满分合计${sum}分，与科目满分${single.fullMark}分不一致`);
    }
    await applyPapers(
      tx,
      {
        actor,
        schoolId: multi.schoolId,
        seId: single.id,
        questions,
        source: 'key',
        reason: '完成考试时按答案重新计算',
        rewriteStale: true,
      },
      rows
        .filter((r) => r.score)
        .map((r) => ({
          studentId: r.studentId,
          examStudentId: r.esId,
          before: r.score,
          beforeAbsent: r.absent,
          next: paperOf(r.score, r.absent),
        })),
    );
    const incomplete: string[] = [];
    for (const row of rows) {
      if (row.absent) continue;
      const score = row.score;
      if (questions.length === 0) {
        if (score?.totalScore === null || score?.totalScore === undefined) incomplete.push(`${who(row)}未录入总分`);
        continue;
      }
      const missing = questions.filter((q) =>
        isChoiceQuestion(q) ? score?.choices[String(q.id)] === undefined : score?.scores[String(q.id)] === undefined,
      );
      if (missing.length === questions.length) incomplete.push(`${who(row)}未录入成绩`);
      else if (missing.length > 0) incomplete.push(`${who(row)}未录入${missing.map(questionLabel).join('、')}`);
    }
    // Every student is listed, not the first few: the teacher fixes the list in one pass (#22).
    for (const line of incomplete) problems.push(`${name}：${line}`);
    return problems;
  }

  async function assertClassesOfExam(ex: Executor, meId: number, settings: AnalysisSettings) {
    const classes = await classIdsOfMulti(ex, meId);
    for (const id of settings.classIds) {
      if (!classes.has(Number(id)))
        throw badInput(`班级${id}没有参加该考试，不能选为分析班级`, { field: 'settings.classIds' });
    }
  }

  return {
    async summaryQiqExamToScExam(actor: Actor, p: CallParams<'summaryQiqExamToScExam'>) {
      const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
      const seId = await subjectOfMulti(db, multi, p.seId);
      if (multi.status === 1) throw ruleBroken('考试还是草稿，请先开始考试（进行中），录入成绩后再完成');
      if (multi.status >= 3) throw ruleBroken('考试已完成并锁定');
      const singles = await singleExamsOfMulti(db, multi.id);
      if (singles.length === 0) throw ruleBroken('考试还没有科目，不能完成');
      const targets = singles.filter((s) => (seId === null || s.id === seId) && s.status < 3);
      if (seId !== null && !singles.some((s) => s.id === seId)) throw badInput('科目考试不属于该考试');
      if (targets.length === 0) throw ruleBroken('该科目已完成并锁定');
      await db.transaction(async (tx) => {
        // The exam row first (as status moves and publishing do), then papers, then single exams.
        if ((await lockMultiExam(tx, multi.id)).status !== multi.status) {
          throw ruleBroken('考试状态刚被他人修改，请刷新后重试');
        }
        const problems: string[] = [];
        // Subjects in id order, like every writer of scores (no circular waits); problems in catalogue order.
        const byId = new Map<number, string[]>();
        for (const single of [...targets].sort((a, b) => a.id - b.id)) {
          byId.set(single.id, await recomputeAndCheck(tx, actor, multi, single));
        }
        for (const single of targets) problems.push(...byId.get(single.id)!);
        if (problems.length > 0) {
          // Rolls the recomputation back too: nothing changes until the exam can be locked.
          const more = problems.length > 1 ? `等共${problems.length}个问题` : '';
          throw new AppError(422, `成绩不完整，不能完成考试：${problems[0]}${more}`, 200, { problems });
        }
        await lockSingleExams(
          tx,
          targets.map((s) => s.id),
        );
        const allLocked = singles.every((s) => s.status >= 3 || targets.includes(s));
        const now = new Date();
        await updateMultiExamFields(tx, multi.id, allLocked ? { status: 3, finalisedAt: now } : {});
        await auditExam(tx, actor, 'multi-exam.finalise', `multi-exam:${multi.id}`, {
          before: { status: multi.status },
          after: { locked: targets.map((s) => s.courseName), status: allLocked ? 3 : multi.status },
        });
      });
      return { exam: await view(db, multi.id), problems: [] };
    },

    async publishMultiExam(actor: Actor, p: CallParams<'publishMultiExam'>) {
      const { id } = await ownMultiExam(db, actor, p.schoolId, p.meId);
      await db.transaction(async (tx) => {
        // Read again under lock: a parallel reopen or publish must not be overwritten.
        const multi = await lockMultiExam(tx, id);
        if (multi.status < 3) throw ruleBroken('考试尚未完成，请先完成（锁定）成绩再发布');
        if (p.settings) await assertClassesOfExam(tx, multi.id, p.settings);
        await updateMultiExamFields(tx, multi.id, {
          status: 4,
          publishedToStudents: p.toStudents,
          ...(p.settings ? { settings: p.settings } : {}),
          ...(multi.status === 3 ? { publishedAt: new Date() } : {}),
        });
        await auditExam(tx, actor, 'multi-exam.publish', `multi-exam:${multi.id}`, {
          before: { status: multi.status, publishedToStudents: multi.publishedToStudents },
          after: { status: 4, publishedToStudents: p.toStudents, settings: p.settings },
        });
      });
      return view(db, id);
    },

    async saveExamAnalysisSettings(actor: Actor, p: CallParams<'saveExamAnalysisSettings'>) {
      const { id } = await ownMultiExam(db, actor, p.schoolId, p.meId);
      await db.transaction(async (tx) => {
        // The audit's "before" is what this write replaces, read under lock.
        const multi = await lockMultiExam(tx, id);
        await assertClassesOfExam(tx, multi.id, p.settings);
        await updateMultiExamFields(tx, multi.id, {
          settings: p.settings,
          ...(p.hiddenStudentOrder ? { hiddenStudentOrder: p.hiddenStudentOrder } : {}),
        });
        await auditExam(tx, actor, 'multi-exam.settings', `multi-exam:${multi.id}`, {
          before: { settings: multi.settings, hiddenStudentOrder: multi.hiddenStudentOrder },
          after: { settings: p.settings, hiddenStudentOrder: p.hiddenStudentOrder },
        });
      });
      return view(db, id);
    },
  };
}

const who = (row: { className: string; name: string; studentNo: string }) =>
  `${row.className} ${row.name}（${row.studentNo}）`;
