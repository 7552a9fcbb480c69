import type { scanningScansApi } from '@huikao/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, notFound } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { ownSingleExam } from '../../exams/index.ts';
import { pagesOfExamStudents } from '../scans/pages-service.ts';
import * as repo from './exceptions-repo.ts';
import { refreshStudents } from './sheet-refresh.ts';
import { studentSheet } from './sheet-rules.ts';
import { absentDecisions, examStudentsOf, pagesOfStudents, typedCards } from './sheets-repo.ts';

// examStudentCard: one student's scanned pages and effective answers; answers typed by hand for a sheet
// that cannot be scanned (kept beside the scans, never over an image); and examStudentHwscore, which
// writes every student's scanned answers to the scores again through the one score path.

type Params<K extends keyof typeof scanningScansApi> = z.output<(typeof scanningScansApi)[K]['params']>;

export function createStudentCardsService(db: Db) {
  async function card(seId: number, studentId: number) {
    const ref = await repo.examStudentRef(db, seId, studentId);
    if (!ref) throw notFound('该学生不是本科目的考生');
    const kept = await pagesOfStudents(db, [ref.esId]);
    const typed = (await typedCards(db, [ref.esId])).get(ref.esId);
    const decided = typed?.absent ?? (await absentDecisions(db, seId, [ref.esId])).get(ref.esId);
    const sheet = studentSheet(ref.esId, kept, null, ref.absent);
    return {
      seId: String(seId),
      studentId: String(studentId),
      name: ref.name,
      examNo: ref.examNo,
      absent: decided ?? ref.absent,
      answers: { ...sheet.answers, ...(typed?.answers ?? {}) },
      pages: await pagesOfExamStudents(db, [ref.esId]),
    };
  }

  return {
    async findExamStudentCard(actor: Actor, p: Params<'findExamStudentCard'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return card(single.id, idOf(p.studentId, '学生'));
    },

    async saveOrUpdateExamStudentCard(actor: Actor, p: Params<'saveOrUpdateExamStudentCard'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const studentId = idOf(p.studentId, '学生');
      await db.transaction(async (tx) => {
        await lockKey(tx, 'scan-results', single.id);
        const ref = await repo.examStudentRef(tx, single.id, studentId);
        if (!ref) throw notFound('该学生不是本科目的考生');
        const before = (await typedCards(tx, [ref.esId])).get(ref.esId);
        const answers = { ...(before?.answers ?? {}), ...(p.answers ?? {}) };
        const absent = p.absent ?? before?.absent ?? null;
        await repo.saveTypedCard(tx, {
          examStudentId: ref.esId,
          schoolId: single.schoolId,
          singleExamId: single.id,
          answers,
          absent,
          updatedBy: actor.userId,
        });
        const written = await refreshStudents(
          tx,
          { actor, schoolId: single.schoolId, seId: single.id, reason: '答题卡手工录入' },
          [ref.esId],
        );
        if (written.problems.length > 0) throw badInput(written.problems[0]!, { errors: written.problems });
        await recordAudit(tx, {
          actor,
          action: 'scanning.card.save',
          target: `exam_student:${ref.esId}`,
          before: before ? { answers: before.answers, absent: before.absent } : null,
          after: { answers, absent },
        });
      });
      return card(single.id, studentId);
    },

    async updateExamScoreByHwscore(actor: Actor, p: Params<'updateExamScoreByHwscore'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return db.transaction(async (tx) => {
        await lockKey(tx, 'scan-results', single.id);
        const students = await examStudentsOf(tx, single.id);
        const written = await refreshStudents(
          tx,
          { actor, schoolId: single.schoolId, seId: single.id, reason: '按扫描结果重新计算客观题成绩' },
          students.map((s) => s.esId),
        );
        return { students: written.students, changedScores: written.changedScores };
      });
    },
  };
}
