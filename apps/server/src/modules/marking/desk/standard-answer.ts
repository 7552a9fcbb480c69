import type { DeskStandardAnswer, QuestionAnswer } from '@huikao/contracts';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { assertSchool } from '../../../platform/permissions.ts';
import * as dispatchRepo from '../dispatch/dispatch-repo.ts';
import { singleExamOf } from '../setup/setup-repo.ts';
import * as repo from './answer-repo.ts';

// The standard answer one key away on the desk (marking.md "The marking desk"): a marker or 题组长
// seated on the 题块 reads its questions' answers and scoring notes with the exam's standard
// papers; the school administrator enters them per subjective question on 阅卷设置.

const view = (
  q: { id: number; questionNo: string; fullMark: number },
  stored: { answer: string | null; notes: string | null; version: number | null } | undefined,
): QuestionAnswer => ({
  questionId: String(q.id),
  questionNo: q.questionNo,
  fullMarks: q.fullMark,
  answer: stored?.answer ?? null,
  notes: stored?.answer == null ? null : (stored.notes ?? ''),
  version: stored?.version ?? 0,
});

export function createStandardAnswerService(db: Db) {
  async function ownExam(actor: Actor, seId: number) {
    const single = await singleExamOf(db, seId);
    if (!single) throw notFound('科目考试不存在');
    assertSchool(actor, single.schoolId);
    return single;
  }

  return {
    /** The desk: only for whoever sits on the 题块 (a temporary account's seats are its tasks). */
    async forDesk(actor: Actor, blockId: number): Promise<DeskStandardAnswer> {
      const block = await dispatchRepo.blockOf(db, blockId);
      if (!block) throw notFound('题块不存在');
      if (!(await dispatchRepo.markerOf(db, blockId, actor.userId))) throw forbidden('您不是该题块的阅卷教师');
      const ids = block.questions.map((q) => Number(q.questionId));
      const [nos, answers, papers] = await Promise.all([
        dispatchRepo.questionNos(db, ids),
        repo.answersOf(db, ids),
        repo.standardPapersOf(db, block.singleExamId),
      ]);
      return {
        questions: block.questions.map((q) =>
          view(
            { id: Number(q.questionId), questionNo: nos.get(q.questionId) ?? '', fullMark: q.fullMarks },
            answers.get(Number(q.questionId)),
          ),
        ),
        papers,
      };
    },

    /** 阅卷设置: the exam's subjective questions with what has been entered. */
    async forExam(actor: Actor, seId: number): Promise<QuestionAnswer[]> {
      await ownExam(actor, seId);
      return (await repo.subjectiveQuestions(db, seId)).map((q) => view(q, q));
    },

    /** Saves one question's answer over the version read (a newer one is refused), audited. */
    async save(
      actor: Actor,
      p: { seId: string; questionId: string; answer: string; notes: string; version: number },
    ): Promise<QuestionAnswer> {
      const seId = Number(p.seId);
      const questionId = Number(p.questionId);
      const single = await ownExam(actor, seId);
      return db.transaction(async (tx) => {
        const question = await repo.questionOf(tx, questionId);
        if (!question || question.singleExamId !== seId) throw notFound('题目不存在或不属于该科目考试');
        if (question.kind !== 2) throw badInput(`第 ${question.questionNo} 题是客观题，标准答案在题目设置中录入`);
        const stale = () => conflict(`第 ${question.questionNo} 题的标准答案已被他人修改，请刷新后再保存`);
        const before = await repo.lockedAnswer(tx, questionId);
        if ((before?.version ?? 0) !== p.version) throw stale();
        const saved = await repo.saveAnswer(tx, p.version, {
          questionId,
          schoolId: single.schoolId,
          singleExamId: seId,
          answer: p.answer,
          notes: p.notes,
          updatedBy: actor.userId,
        });
        if (!saved) throw stale();
        await recordAudit(tx, {
          actor,
          action: 'marking.standard-answer.save',
          target: `exam_question:${questionId}`,
          before: before ? { answer: before.answer, notes: before.notes, version: before.version } : null,
          after: { answer: saved.answer, notes: saved.notes, version: saved.version },
        });
        return view(question, saved);
      });
    },
  };
}
