import type { StudentScore, scoreInputSchema } from '@huikao/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, forbidden } from '../../../platform/errors.ts';
import {
  assertCanEditScores,
  type CallParams,
  idOf,
  ownClassId,
  ownSingleExam,
  type SingleWithMulti,
} from '../access.ts';
import { courseKey, examReadScope, readableClasses } from '../score-scope.ts';
import { toQuestion } from '../setup/questions-repo.ts';
import { insertExamStudents, seatOf } from '../students/exam-students-repo.ts';
import { applyPapers, openPapers, type PaperUpdate, paperOf, updateOf } from './score-apply.ts';
import { scoreBook } from './score-book.ts';
import { paperFromInput } from './score-input.ts';
import { questionsOf } from './score-write-repo.ts';
import { examStudentScores, studentById } from './scores-repo.ts';

// Score reads and the editors' writes (score grid, one card, add a student with scores). Reads give
// the classes the reader may read in the subject (score-scope.ts); writes follow assertCanEditScores
// (type 5 while unlocked, type 1 for the classes they teach while 进行中). Every write goes through
// applyPapers.

type ScoreInputParsed = z.output<typeof scoreInputSchema>;

export function createScoresService(db: Db) {
  /** Checks and writes the inputs of one single exam in one transaction; returns the changed count. */
  async function save(
    actor: Actor,
    single: SingleWithMulti,
    inputs: ScoreInputParsed[],
    options: { source: string; reason?: string; addMissing?: boolean },
  ): Promise<{ changedScores: number; studentIds: number[] }> {
    const studentIds = inputs.map((s) => idOf(s.studentId, '学生'));
    const seen = new Set<number>();
    for (const id of studentIds) {
      if (seen.has(id)) throw badInput(`同一学生的成绩重复提交：${id}`);
      seen.add(id);
    }
    return db.transaction(async (tx) => {
      const opened = await openPapers(tx, single.id, studentIds);
      const { questions, fullMark } = opened;
      let rows = opened.papers;
      const listed = new Set(rows.map((r) => r.studentId));
      const missing = studentIds.filter((id) => !listed.has(id));
      if (missing.length > 0) {
        await seatMissing(tx, single, missing, options.addMissing ?? false);
        // Read under the lock again: a parallel call may have seated (and scored) them first.
        rows = [...rows, ...(await openPapers(tx, single.id, missing)).papers];
      }
      await assertCanEditScores(tx, actor, single, new Set(rows.map((r) => r.classId)));

      const byStudent = new Map(rows.map((r) => [r.studentId, r]));
      const updates: PaperUpdate[] = [];
      const errors: string[] = [];
      inputs.forEach((input, i) => {
        const row = byStudent.get(studentIds[i]!)!;
        const result = paperFromInput(questions, fullMark, paperOf(row.score, row.absent), input);
        if ('errors' in result) {
          errors.push(...result.errors.map((e) => `${row.name}（${row.studentNo}）${e}`));
          return;
        }
        updates.push(updateOf(row, result.paper));
      });
      if (errors.length > 0) throw badInput(errors[0]!, { errors });
      const result = await applyPapers(
        tx,
        {
          actor,
          schoolId: single.schoolId,
          seId: single.id,
          questions,
          source: options.source,
          reason: options.reason ?? '',
        },
        updates,
      );
      return { changedScores: result.changedScores, studentIds };
    });
  }

  /** Students not yet listed: refused, or (addSingleStudentAndScores) seated with their current class. */
  async function seatMissing(tx: Executor, single: SingleWithMulti, studentIds: number[], add: boolean) {
    for (const studentId of studentIds) {
      const student = await studentById(tx, studentId);
      if (!student) throw badInput(`学生不存在：${studentId}`);
      if (student.schoolId !== single.schoolId) throw forbidden('无权访问其他学校的数据');
      if (!add) throw badInput(`${student.name}（${student.studentNo}）不是本科目的考生，请先添加考生`);
      if (student.status !== 1) throw badInput(`${student.name}（${student.studentNo}）已毕业或转出，不能添加为考生`);
      await insertExamStudents(tx, [seatOf(single.schoolId, single.id, student)]);
    }
  }

  /** Every exam student's row, and the classes of them the reader may read (platform/read-scope.ts). */
  async function readableRows(actor: Actor, single: SingleWithMulti, classId: string | undefined) {
    const requested = await ownClassId(db, single.schoolId, classId);
    const rows = await examStudentScores(db, single.id);
    const scope = await examReadScope(
      db,
      actor,
      single.multi,
      rows.map((r) => r.classId),
      [single.courseId],
    );
    return { rows, classIds: readableClasses(scope, courseKey(single.courseId), requested) };
  }

  /** The ranked book of the single exam, for the given students only. */
  async function booked(seId: number, studentIds: number[]): Promise<StudentScore[]> {
    const wanted = new Set(studentIds.map(String));
    return scoreBook(await examStudentScores(db, seId)).filter((s) => wanted.has(s.studentId));
  }

  return {
    async findStuScoresBySeId(actor: Actor, p: CallParams<'findStuScoresBySeId'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const visible = await readableRows(actor, single, p.classId);
      const keyword = p.keyword?.trim();
      // Ranks need every exam student of the single exam, so the book is built whole and paged here.
      const list = scoreBook(visible.rows).filter(
        (s) =>
          visible.classIds.has(Number(s.classId)) &&
          (!keyword || s.name.includes(keyword) || s.studentNo.includes(keyword)),
      );
      const start = (p.currentPage - 1) * p.pageSize;
      return {
        list: list.slice(start, start + p.pageSize),
        total: list.length,
        currentPage: p.currentPage,
        pageSize: p.pageSize,
      };
    },

    async findAnswerScoresBySeId(actor: Actor, p: CallParams<'findAnswerScoresBySeId'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const visible = await readableRows(actor, single, p.classId);
      const questions = (await questionsOf(db, single.id)).filter((q) => q.kind === 1);
      const students = scoreBook(visible.rows).filter((s) => visible.classIds.has(Number(s.classId)));
      return { questions: questions.map(toQuestion), students };
    },

    async updateSingleStudentsAndScores(actor: Actor, p: CallParams<'updateSingleStudentsAndScores'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const { changedScores, studentIds } = await save(actor, single, p.scores, { source: 'manual', reason: p.reason });
      return { changedScores, students: await booked(single.id, studentIds) };
    },

    async updateStudentCardScores(actor: Actor, p: CallParams<'updateStudentCardScores'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const { studentIds } = await save(actor, single, [p.score], { source: 'card', reason: p.reason });
      return (await booked(single.id, studentIds))[0]!;
    },

    async addSingleStudentAndScores(actor: Actor, p: CallParams<'addSingleStudentAndScores'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const { studentIds } = await save(actor, single, [p.score], {
        source: 'manual',
        reason: p.reason,
        addMissing: true,
      });
      return (await booked(single.id, studentIds))[0]!;
    },
  };
}

export type ScoresService = ReturnType<typeof createScoresService>;
