import type { OnlineResult, Sitting, StudentOnlineExam } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, notFound, ruleBroken } from '../../platform/errors.ts';
import { onlinePaperScores } from '../exams/index.ts';
import { closeSitting } from './closing.ts';
import { studentPaper } from './paper-view.ts';
import type { OnlineExamRow, SittingRow } from './repo.ts';
import * as repo from './repo.ts';

// Sitting an online exam (issue #18), for students (type 2) only: the exams given to them, their
// sitting (started once; its deadline is the earlier of start + duration and the window's close),
// answers saved as they go with a version each, submission, and their released result. A student
// only ever reaches their own sitting: every call finds it from the caller's own student row.

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export function createSittingService(db: Db, clock: Clock = systemClock) {
  /** Question ids of each exam's paper (a snapshot, never edited after making). */
  const paperQuestions = new Map<number, Set<string>>();
  async function me(actor: Actor, schoolId: number) {
    const student = await repo.studentOfUser(db, actor.userId, schoolId);
    if (!student) throw forbidden('当前账号不是本校学生');
    return student;
  }

  /** The exam and the caller's exam-student row (one query): an exam not given to them is 404, as if absent. */
  async function given(actor: Actor, onlineExamId: number) {
    const row = await repo.examGivenToUser(db, onlineExamId, actor.userId, actor.schoolId);
    if (!row) throw notFound('在线考试不存在');
    return { exam: row.exam, student: { id: row.studentId }, examStudent: { id: row.examStudentId } };
  }

  function stateOf(exam: OnlineExamRow, sitting: SittingRow | null, now: Date): StudentOnlineExam['state'] {
    if (exam.releasedAt) return 'released';
    if (sitting?.submittedAt) return 'submitted';
    if (sitting && sitting.deadline > now) return 'sitting';
    if (sitting) return 'submitted';
    if (now < exam.opensAt) return 'upcoming';
    if (now >= exam.closesAt) return 'closed';
    return 'open';
  }

  async function sittingView(exam: OnlineExamRow, sitting: SittingRow, studentId: number): Promise<Sitting> {
    const course = await repo.courseNameOf(db, exam.singleExamId);
    const answers = await repo.answersOf(db, [sitting.id]);
    return {
      onlineExamId: String(exam.id),
      name: exam.name,
      courseName: course.name,
      now: clock.now().toISOString(),
      deadline: sitting.deadline.toISOString(),
      submittedAt: sitting.submittedAt?.toISOString() ?? null,
      sections: studentPaper(exam.paper, exam.shuffle, exam.id, studentId).map((s) => ({
        title: s.title,
        questions: s.questions.map(({ source: _source, ...q }) => q),
      })),
      answers: answers.map((a) => ({
        questionId: a.questionId,
        answer: a.answer,
        flagged: a.flagged,
        version: a.version,
      })),
    };
  }

  return {
    async myExams(actor: Actor, schoolId: string): Promise<StudentOnlineExam[]> {
      if (Number(schoolId) !== actor.schoolId) throw forbidden('无权访问其他学校的数据');
      const student = await me(actor, actor.schoolId);
      const now = clock.now();
      const out: StudentOnlineExam[] = [];
      for (const { exam } of await repo.examsOfStudent(db, student.id)) {
        const sitting = await repo.sittingOf(db, exam.id, student.id);
        const course = await repo.courseNameOf(db, exam.singleExamId);
        const state = stateOf(exam, sitting, now);
        const paper = state === 'released' ? await onlinePaperScores(db, exam.singleExamId, student.id) : null;
        out.push({
          onlineExamId: String(exam.id),
          name: exam.name,
          courseName: course.name,
          opensAt: exam.opensAt.toISOString(),
          closesAt: exam.closesAt.toISOString(),
          durationMinutes: exam.durationMinutes,
          state,
          total: paper?.totalScore ?? null,
          fullMark: course.fullMark,
        });
      }
      return out;
    },

    /** Starts the caller's sitting, or resumes it with the time left. */
    async start(actor: Actor, onlineExamId: number): Promise<Sitting> {
      const { exam, student, examStudent } = await given(actor, onlineExamId);
      const now = clock.now();
      let sitting = await repo.sittingOf(db, exam.id, student.id);
      if (!sitting) {
        if (now < exam.opensAt) throw ruleBroken('考试尚未开始');
        if (now >= exam.closesAt) throw ruleBroken('考试已结束，不能再开始作答');
        const byDuration = now.getTime() + exam.durationMinutes * 60_000;
        sitting = await repo.insertSitting(db, {
          onlineExamId: exam.id,
          studentId: student.id,
          examStudentId: examStudent.id,
          startedAt: now,
          deadline: new Date(Math.min(byDuration, exam.closesAt.getTime())),
        });
      }
      return sittingView(exam, sitting, student.id);
    },

    /**
     * One statement on the hot path (issue #18's load target): the paper's question ids are known
     * from a cache (papers are snapshots, never edited), the sitting is found from the caller's
     * user and school inside the save itself. The slower look-ups only run to name a refusal.
     */
    async save(
      actor: Actor,
      p: { onlineExamId: string; questionId: string; answer: string; flagged: boolean; version: number },
    ) {
      const onlineExamId = Number(p.onlineExamId);
      let questions = paperQuestions.get(onlineExamId);
      if (!questions) {
        const { exam } = await given(actor, onlineExamId);
        questions = new Set(exam.paper.sections.flatMap((s) => s.questions.map((q) => q.questionId)));
        if (paperQuestions.size > 1000) paperQuestions.clear();
        paperQuestions.set(onlineExamId, questions);
      }
      if (!questions.has(p.questionId)) {
        await given(actor, onlineExamId); // an exam not given to the caller stays 404 as if absent
        throw notFound('题目不属于该考试');
      }
      const saved = await repo.saveAnswerAtOnce(db, {
        onlineExamId,
        userId: actor.userId,
        schoolId: actor.schoolId,
        questionId: p.questionId,
        answer: p.answer,
        flagged: p.flagged,
        version: p.version,
        now: clock.now(),
      });
      if (!saved) {
        await given(actor, onlineExamId);
        throw ruleBroken('请先开始作答');
      }
      if (saved.submitted) throw ruleBroken('已交卷，不能再修改答案');
      if (saved.timedOut) throw ruleBroken('考试时间已到，不能再修改答案');
      return { questionId: p.questionId, version: saved.version, stored: saved.stored };
    },

    async submit(actor: Actor, onlineExamId: number) {
      const { exam, student } = await given(actor, onlineExamId);
      return db.transaction(async (tx) => {
        const sitting = await repo.lockSitting(tx, exam.id, student.id, 'update');
        if (!sitting) throw ruleBroken('尚未开始作答，不能交卷');
        if (sitting.submittedAt) throw ruleBroken('已交卷');
        const now = clock.now();
        if (now >= sitting.deadline) throw ruleBroken('考试时间已到，系统已自动收卷');
        const closed = await closeSitting(tx, exam, sitting, now, 'student');
        return { submittedAt: (closed?.submittedAt ?? now).toISOString() };
      });
    },

    async leave(actor: Actor, onlineExamId: number) {
      const { exam, student } = await given(actor, onlineExamId);
      const sitting = await repo.sittingOf(db, exam.id, student.id);
      if (!sitting || sitting.submittedAt) return { leaveCount: sitting?.leaveCount ?? 0 };
      return { leaveCount: await repo.countLeave(db, sitting.id) };
    },

    async result(actor: Actor, onlineExamId: number): Promise<OnlineResult> {
      const { exam, student } = await given(actor, onlineExamId);
      if (!exam.releasedAt) throw ruleBroken('成绩尚未公布');
      const sitting = await repo.sittingOf(db, exam.id, student.id);
      const answers = new Map(
        (sitting ? await repo.answersOf(db, [sitting.id]) : []).map((a) => [a.questionId, a.answer]),
      );
      const paper = await onlinePaperScores(db, exam.singleExamId, student.id);
      const course = await repo.courseNameOf(db, exam.singleExamId);
      return {
        name: exam.name,
        total: paper?.totalScore ?? null,
        fullMark: course.fullMark,
        releaseAnswers: exam.releaseAnswers,
        questions: studentPaper(exam.paper, exam.shuffle, exam.id, student.id).flatMap((s) =>
          s.questions.map(({ source, ...q }) => ({
            ...q,
            answer: answers.get(q.questionId) ?? '',
            key: exam.releaseAnswers ? source.key : null,
            explanation: exam.releaseAnswers ? source.explanation : null,
            score: paper?.scores[q.questionId] ?? null,
          })),
        ),
      };
    },
  };
}
