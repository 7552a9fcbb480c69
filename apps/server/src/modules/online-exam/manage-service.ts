import type { SittingRow as SittingView } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, notFound, ruleBroken } from '../../platform/errors.ts';
import { writeOnlineAnswers } from '../exams/index.ts';
import { finalScoresOfExam } from '../marking/index.ts';
import { closeSitting, makerActor } from './closing.ts';
import { createOnlineExamMaking, manageableExam } from './create-service.ts';
import * as repo from './repo.ts';
import type { Clock } from './sitting-service.ts';

// The maker's and the administrator's side of an online exam (issue #18): the sittings monitor
// (who is sitting, who submitted, how often each left the page), 收卷 and 重新开放 (school
// administrator only), 公布成绩, and the server's own closing of sittings at their deadline.

export function createManageService(db: Db, clock: Clock) {
  const making = createOnlineExamMaking(db);

  function assertAdmin(actor: Actor, schoolId: number) {
    if (actor.type !== 5 || actor.schoolId !== schoolId) throw forbidden('仅教务管理员可以收卷或重新开放');
  }

  return {
    async monitor(actor: Actor, onlineExamId: number): Promise<SittingView[]> {
      const exam = await manageableExam(db, actor, onlineExamId);
      const now = clock.now();
      return (await repo.monitorRows(db, exam.id, exam.singleExamId)).map((r) => ({
        studentId: String(r.studentId),
        name: r.name,
        className: r.className,
        state: !r.sitting
          ? 'not-started'
          : r.sitting.submittedAt || r.sitting.deadline <= now
            ? 'submitted'
            : 'sitting',
        startedAt: r.sitting?.startedAt.toISOString() ?? null,
        deadline: r.sitting?.deadline.toISOString() ?? null,
        submittedAt: r.sitting?.submittedAt?.toISOString() ?? null,
        submittedBy: r.sitting?.submittedBy ?? null,
        answered: r.answered,
        leaveCount: r.sitting?.leaveCount ?? 0,
        changedAfterMarking: r.sitting?.changedAfterMarking ?? [],
      }));
    },

    async forceSubmit(actor: Actor, onlineExamId: number, studentId: number) {
      const exam = await manageableExam(db, actor, onlineExamId);
      assertAdmin(actor, exam.schoolId);
      await db.transaction(async (tx) => {
        const sitting = await repo.lockSitting(tx, exam.id, studentId, 'update');
        if (!sitting) throw notFound('该学生尚未开始作答');
        if (sitting.submittedAt) throw ruleBroken('该学生已交卷');
        await closeSitting(tx, exam, sitting, clock.now(), 'admin');
      });
      return { ok: true as const };
    },

    /** 重新开放: a submitted (or timed-out) sitting is open again for `minutes` from now. */
    async reopen(actor: Actor, onlineExamId: number, studentId: number, minutes: number) {
      const exam = await manageableExam(db, actor, onlineExamId);
      assertAdmin(actor, exam.schoolId);
      if (exam.releasedAt) throw ruleBroken('成绩已公布，不能重新开放');
      await db.transaction(async (tx) => {
        const sitting = await repo.lockSitting(tx, exam.id, studentId, 'update');
        if (!sitting) throw notFound('该学生尚未开始作答');
        await repo.reopenSitting(tx, sitting.id, new Date(clock.now().getTime() + minutes * 60_000));
      });
      return { ok: true as const };
    },

    /**
     * 公布成绩: the marking desk's finished papers merged into the scores through the exams score
     * path, then results are shown to students. Released again later, later marks are merged too.
     */
    async release(actor: Actor, onlineExamId: number) {
      const exam = await manageableExam(db, actor, onlineExamId);
      await db.transaction(async (tx) => {
        const finals = await finalScoresOfExam(tx, exam.singleExamId);
        const examStudents = new Map(
          (await repo.examStudentsOf(tx, [...new Set(finals.map((f) => f.examStudentId))])).map((r) => [
            r.id,
            r.studentId,
          ]),
        );
        const byStudent = new Map<number, Record<string, number>>();
        for (const f of finals) {
          const studentId = examStudents.get(f.examStudentId);
          if (studentId === undefined) continue;
          byStudent.set(studentId, { ...(byStudent.get(studentId) ?? {}), ...f.scores });
        }
        await writeOnlineAnswers(
          tx,
          makerActor(exam),
          exam.singleExamId,
          [...byStudent].map(([studentId, scores]) => ({ studentId, scores })),
          '在线考试公布成绩（阅卷结果）',
        );
        await repo.setReleased(tx, exam.id, clock.now());
      });
      const row = (await repo.examById(db, exam.id))!;
      return (await making.summaries([row]))[0]!;
    },

    /** Closes every open sitting whose deadline has passed; returns how many. Safe in many processes at once. */
    async sweep(batch = 200): Promise<number> {
      let closed = 0;
      for (;;) {
        const n = await db.transaction(async (tx) => {
          const due = await repo.dueSittings(tx, clock.now(), batch);
          for (const sitting of due) {
            const exam = (await repo.examById(tx, sitting.onlineExamId))!;
            await closeSitting(tx, exam, sitting, sitting.deadline, 'deadline');
          }
          return due.length;
        });
        closed += n;
        if (n < batch) return closed;
      }
    },
  };
}
