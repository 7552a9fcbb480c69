import type { ScoreRecord } from '@huikao/contracts';
import { normaliseChoice } from '@huikao/stats';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import {
  assertCanEditScores,
  auditExam,
  type CallParams,
  idOf,
  optionalIdOf,
  ownedBy,
  ownSingleExam,
  schoolOf,
} from '../access.ts';
import { findSingleExamRow } from '../lookup-repo.ts';
import {
  deletePendingRecord,
  insertRecord,
  lockRecords,
  recordPage,
  recordsByIds,
  recordView,
  type ScoreRecordRow,
  updatePendingRecord,
} from './records-repo.ts';
import { applyPapers, derivedBefore, openPapers, type PaperUpdate, paperOf } from './score-apply.ts';
import {
  type InputQuestion,
  isChoiceQuestion,
  type ParsedScoreInput,
  paperFromInput,
  questionLabel,
  scoreProblem,
} from './score-input.ts';
import { derivePaper } from './score-paper.ts';
import { questionsOf } from './score-write-repo.ts';
import { examStudentScores, studentById } from './scores-repo.ts';

// Score corrections (teacher/singleExamStudentQuestionRecord). Any teacher who may read the exam
// asks for a correction of one question (status 1 待审核); the author edits or withdraws it while
// pending; the administrator rejects it (3) or applies pending ones (2), in one transaction through
// the same derive path as every score write. An applied request IS the record of that change (its
// old value refreshed to what it replaced), so no second record is written for it.

const PENDING = 1;
const APPLIED = 2;
const REJECTED = 3;

export function createRecordsService(db: Db) {
  /** The question (or the total of a total-only subject) and the checked new value. */
  async function checkedValue(
    ex: Executor,
    seId: number,
    fullMark: number,
    questionId: number | null,
    newScore: number | null | undefined,
    newChoice: string | null | undefined,
  ) {
    const questions = await questionsOf(ex, seId);
    if (questionId === null) {
      if (questions.length > 0) throw badInput('请选择要更正的题目');
      if (newScore === null || newScore === undefined) throw badInput('请填写更正后的总分');
      const problem = scoreProblem(newScore, fullMark, '总分');
      if (problem) throw badInput(problem);
      return { questions, question: null, newScore, newChoice: null };
    }
    const question = questions.find((q) => q.id === questionId);
    if (!question) throw badInput(`题目不存在：${questionId}`);
    if (isChoiceQuestion(question)) {
      if (newChoice === null || newChoice === undefined)
        throw badInput(`${questionLabel(question)}是客观题，请填写更正后的选项`);
      const normalised = normaliseChoice(question.objectiveType!, question.optionCount, newChoice);
      if ('error' in normalised) throw badInput(`${questionLabel(question)}：${normalised.error}`);
      return { questions, question, newScore: null, newChoice: normalised.choice };
    }
    if (newScore === null || newScore === undefined) throw badInput(`请填写${questionLabel(question)}更正后的分数`);
    const problem = scoreProblem(newScore, question.fullMark, `${questionLabel(question)}分数`);
    if (problem) throw badInput(problem);
    return { questions, question, newScore, newChoice: null };
  }

  async function ownRecord(actor: Actor, schoolId: string, recordId: string): Promise<ScoreRecordRow> {
    const school = schoolOf(actor, schoolId);
    const [record] = await recordsByIds(db, [idOf(recordId, '记录')]);
    return ownedBy(record, school, '成绩记录不存在或已删除');
  }

  return {
    async findScoreRecords(actor: Actor, p: CallParams<'findScoreRecords'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      // Filters name rows of the school: another school's exam or student is refused, not an empty page.
      const seId = p.seId === undefined ? null : (await ownSingleExam(db, actor, p.schoolId, p.seId)).id;
      const studentId = optionalIdOf(p.studentId, '学生');
      if (studentId !== null) ownedBy(await studentById(db, studentId), schoolId, '学生不存在');
      const page = await recordPage(db, {
        schoolId,
        seId,
        studentId,
        status: p.status ?? null,
        keyword: p.keyword,
        teacherUserId: actor.type === 5 ? undefined : actor.userId,
        offset: (p.currentPage - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return { ...page, currentPage: p.currentPage, pageSize: p.pageSize };
    },

    async saveScoreRecord(actor: Actor, p: CallParams<'saveScoreRecord'>): Promise<ScoreRecord> {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const studentId = idOf(p.studentId, '学生');
      const [row] = await examStudentScores(db, single.id, [studentId]);
      if (!row) {
        const student = await studentById(db, studentId);
        if (student && student.schoolId !== single.schoolId) throw forbidden('无权访问其他学校的数据');
        throw badInput('该学生不是本科目的考生');
      }
      const value = await checkedValue(
        db,
        single.id,
        single.fullMark,
        optionalIdOf(p.questionId, '题目'),
        p.newScore,
        p.newChoice,
      );
      const before = derivedBefore(value.questions, row.score, row.absent);
      const key = value.question ? String(value.question.id) : null;
      const oldScore = key ? (before?.scores[key] ?? null) : (before?.totalScore ?? null);
      const oldChoice = key ? (before?.choices[key] ?? null) : null;
      if (oldScore === value.newScore && oldChoice === value.newChoice) throw badInput('更正后的成绩与当前成绩相同');
      const id = await db.transaction(async (tx) => {
        const recordId = await insertRecord(tx, {
          schoolId: single.schoolId,
          singleExamId: single.id,
          studentId,
          questionId: value.question?.id ?? null,
          questionNo: value.question?.questionNo ?? '总分',
          oldScore,
          newScore: value.newScore,
          oldChoice,
          newChoice: value.newChoice,
          reason: p.reason,
          source: 'correction',
          status: PENDING,
          changedBy: actor.userId,
        });
        await auditExam(tx, actor, 'score-record.request', `score_record:${recordId}`, {
          after: { seId: single.id, studentId, questionNo: value.question?.questionNo ?? '总分', reason: p.reason },
        });
        return recordId;
      });
      return recordView(db, id);
    },

    async updateScoreRecord(actor: Actor, p: CallParams<'updateScoreRecord'>): Promise<ScoreRecord> {
      const record = await ownRecord(actor, p.schoolId, p.recordId);
      if (record.status !== PENDING) throw ruleBroken('只能修改待审核的更正申请');
      if (p.status === REJECTED) {
        if (actor.type !== 5) throw forbidden('只有教务管理员可以驳回更正申请');
        await db.transaction(async (tx) => {
          const rejected = await updatePendingRecord(tx, record.id, {
            status: REJECTED,
            reviewedBy: actor.userId,
            reviewedAt: new Date(),
          });
          if (!rejected) throw handledMeanwhile();
          await auditExam(tx, actor, 'score-record.reject', `score_record:${record.id}`, {
            before: { status: PENDING },
            after: { status: REJECTED },
          });
        });
        return recordView(db, record.id);
      }
      if (record.changedBy !== actor.userId) throw forbidden('只能修改本人提交的更正申请');
      const single = (await findSingleExamRow(db, record.singleExamId))!;
      const value = await checkedValue(
        db,
        single.id,
        single.fullMark,
        record.questionId,
        p.newScore === undefined ? record.newScore : p.newScore,
        p.newChoice === undefined ? record.newChoice : p.newChoice,
      );
      await db.transaction(async (tx) => {
        const updated = await updatePendingRecord(tx, record.id, {
          newScore: value.newScore,
          newChoice: value.newChoice,
          reason: p.reason ?? record.reason,
        });
        if (!updated) throw handledMeanwhile();
        await auditExam(tx, actor, 'score-record.update', `score_record:${record.id}`, {
          before: { newScore: record.newScore, newChoice: record.newChoice, reason: record.reason },
          after: { newScore: value.newScore, newChoice: value.newChoice, reason: p.reason ?? record.reason },
        });
      });
      return recordView(db, record.id);
    },

    async deleteScoreRecord(actor: Actor, p: CallParams<'deleteScoreRecord'>): Promise<null> {
      const record = await ownRecord(actor, p.schoolId, p.recordId);
      if (record.changedBy !== actor.userId) throw forbidden('只能撤回本人提交的更正申请');
      if (record.status !== PENDING) throw ruleBroken('只能撤回待审核的更正申请，已生效或已驳回的记录不能删除');
      await db.transaction(async (tx) => {
        if (!(await deletePendingRecord(tx, record.id))) throw handledMeanwhile();
        await auditExam(tx, actor, 'score-record.withdraw', `score_record:${record.id}`, { before: record });
      });
      return null;
    },

    async updateSESQRecordToStuScoreByIds(actor: Actor, p: CallParams<'updateSESQRecordToStuScoreByIds'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const ids = [...new Set(p.recordIds.map((id) => idOf(id, '记录')))];
      const records = await recordsByIds(db, ids);
      if (records.length !== ids.length) throw notFound('成绩记录不存在或已删除');
      for (const record of records) {
        ownedBy(record, schoolId, '成绩记录不存在或已删除');
        if (record.status !== PENDING) throw ruleBroken(`记录${record.id}不是待审核的更正申请`);
      }
      const bySingle = new Map<number, ScoreRecordRow[]>();
      for (const r of records) bySingle.set(r.singleExamId, [...(bySingle.get(r.singleExamId) ?? []), r]);
      await db.transaction(async (tx) => {
        // Single exams in id order, like every writer of scores (no circular waits).
        for (const [seId, list] of [...bySingle].sort(([a], [b]) => a - b)) await applyRequests(tx, actor, seId, list);
      });
      return { applied: records.length };
    },
  };
}

/** Applies the pending requests of one single exam (in id order), then marks them applied. */
async function applyRequests(tx: Executor, actor: Actor, seId: number, requested: ScoreRecordRow[]) {
  const { questions, papers: rows } = await openPapers(tx, seId, [...new Set(requested.map((r) => r.studentId))]);
  const single = (await findSingleExamRow(tx, seId))!;
  // Read again under lock: a parallel approval, rejection, edit or withdrawal may have come first.
  const records = await lockRecords(
    tx,
    requested.map((r) => r.id),
  );
  if (records.length !== requested.length || records.some((r) => r.status !== PENDING)) throw handledMeanwhile();
  await assertCanEditScores(tx, actor, single, new Set(rows.map((r) => r.classId)));
  const updates: PaperUpdate[] = [];
  const refreshed: {
    record: ScoreRecordRow;
    oldScore: number | null;
    oldChoice: string | null;
    newScore: number | null;
  }[] = [];
  for (const row of rows) {
    let paper = paperOf(row.score, row.absent);
    for (const record of records.filter((r) => r.studentId === row.studentId)) {
      const before = derivePaper(questions, paper);
      const result = paperFromInput(questions, single.fullMark, paper, requestInput(questions, record));
      if ('errors' in result) throw ruleBroken(`${row.name}（${row.studentNo}）${result.errors[0]}`);
      paper = result.paper;
      const after = derivePaper(questions, paper);
      const key = record.questionId === null ? null : String(record.questionId);
      refreshed.push({
        record,
        oldScore: key ? (before.scores[key] ?? null) : before.totalScore,
        oldChoice: key ? (before.choices[key] ?? null) : null,
        newScore: key ? (after.scores[key] ?? null) : after.totalScore,
      });
    }
    updates.push({
      studentId: row.studentId,
      examStudentId: row.esId,
      before: row.score,
      beforeAbsent: row.absent,
      next: paper,
    });
  }
  await applyPapers(
    tx,
    {
      actor,
      schoolId: single.schoolId,
      seId,
      questions,
      source: 'correction',
      reason: '成绩更正',
      writeRecords: false,
    },
    updates,
  );
  const now = new Date();
  for (const { record, oldScore, oldChoice, newScore } of refreshed) {
    const applied = await updatePendingRecord(tx, record.id, {
      status: APPLIED,
      oldScore,
      oldChoice,
      newScore,
      reviewedBy: actor.userId,
      reviewedAt: now,
    });
    if (!applied) throw handledMeanwhile();
  }
}

const handledMeanwhile = () => ruleBroken('该更正申请刚被他人处理（生效、驳回或撤回），请刷新后查看');

function requestInput(questions: readonly InputQuestion[], record: ScoreRecordRow): ParsedScoreInput {
  if (record.questionId === null) return { totalScore: record.newScore };
  const question = questions.find((q) => q.id === record.questionId);
  if (!question) throw ruleBroken(`第${record.questionNo}题已删除，不能应用该更正`);
  const id = String(question.id);
  return isChoiceQuestion(question) ? { choices: { [id]: record.newChoice } } : { scores: { [id]: record.newScore } };
}
