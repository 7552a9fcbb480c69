import { and, eq, inArray, sql } from 'drizzle-orm';
import { chunksOf, type Executor } from '../../../platform/db.ts';
import { examQuestions, examStudents, scoreRecords, singleExams, studentScores } from '../schema.ts';
import type { PaperChange } from './score-paper.ts';

// Reading and writing score rows in bulk, shared by every writer of scores (entry, import, key
// change, corrections). Callers run these inside their transaction and pass its `tx`.

export type ScoreRow = typeof studentScores.$inferSelect;
export type NewScoreRow = Omit<typeof studentScores.$inferInsert, 'id' | 'updatedAt'>;
export type QuestionRow = typeof examQuestions.$inferSelect;

export async function questionsOf(ex: Executor, seId: number): Promise<QuestionRow[]> {
  return ex
    .select()
    .from(examQuestions)
    .where(eq(examQuestions.singleExamId, seId))
    .orderBy(examQuestions.sortOrder, examQuestions.id);
}

/**
 * Locks papers of a single exam for the caller's transaction (issue #21): the exam student rows
 * (every paper has one, even before its first score) FOR UPDATE, always in student id order, so a
 * bulk import and a single edit touching the same students wait for each other instead of
 * deadlocking. Without studentIds every paper of the single exam is locked. Returns the students
 * locked: a seat another transaction adds after this statement is not, so it must not be read as
 * if it were.
 */
export async function lockPapers(tx: Executor, seId: number, studentIds?: readonly number[]): Promise<number[]> {
  const lockRows = async (where: ReturnType<typeof eq>) =>
    (
      await tx
        .select({ studentId: examStudents.studentId })
        .from(examStudents)
        .where(where)
        .orderBy(examStudents.studentId)
        .for('update')
    ).map((r) => r.studentId);
  if (!studentIds) return lockRows(eq(examStudents.singleExamId, seId));
  const locked: number[] = [];
  const sorted = [...new Set(studentIds)].sort((a, b) => a - b);
  for (const part of chunksOf(sorted, 1000)) {
    locked.push(...(await lockRows(and(eq(examStudents.singleExamId, seId), inArray(examStudents.studentId, part))!)));
  }
  return locked;
}

/**
 * Locks a single exam's structure (questions, keys, marks, exam students) for the caller's
 * transaction: every paper first, then the single exam row, the order every score writer keeps
 * (papers, then the score_version bump), so structure edits and score writes never deadlock.
 */
export async function lockStructure(tx: Executor, seId: number): Promise<void> {
  await lockPapers(tx, seId);
  await tx.select({ id: singleExams.id }).from(singleExams).where(eq(singleExams.id, seId)).for('update');
}

export async function fullMarkOf(ex: Executor, seId: number): Promise<number> {
  const [row] = await ex.select({ fullMark: singleExams.fullMark }).from(singleExams).where(eq(singleExams.id, seId));
  return row!.fullMark;
}

/** Score rows of a single exam, with the exam student's 缺考 flag and class. */
export async function scoreRowsOf(ex: Executor, seId: number) {
  return ex
    .select({ score: studentScores, absent: examStudents.absent, classId: examStudents.classId })
    .from(studentScores)
    .innerJoin(examStudents, eq(examStudents.id, studentScores.examStudentId))
    .where(eq(studentScores.singleExamId, seId));
}

/** Inserts or replaces score rows (one per single exam and student). */
export async function upsertScoreRows(tx: Executor, rows: NewScoreRow[]): Promise<void> {
  for (const part of chunksOf(rows)) {
    await tx
      .insert(studentScores)
      .values(part)
      .onConflictDoUpdate({
        target: [studentScores.singleExamId, studentScores.studentId],
        set: {
          examStudentId: sql`excluded.exam_student_id`,
          scores: sql`excluded.scores`,
          choices: sql`excluded.choices`,
          objectiveScore: sql`excluded.objective_score`,
          subjectiveScore: sql`excluded.subjective_score`,
          totalScore: sql`excluded.total_score`,
          totalOnly: sql`excluded.total_only`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
  }
}

export interface RecordContext {
  schoolId: number;
  singleExamId: number;
  changedBy: number;
  /** contracts SCORE_RECORD_SOURCES key. */
  source: string;
  reason: string;
  /** 2 已生效 for applied changes, 1 待审核 for a request. */
  status?: number;
}

/**
 * Writes the question-record audit of applied changes: one row per changed question. A first
 * import writes one record per question of every student (225,000 for 1,000 students × 9 × 25),
 * so rows travel as one JSON parameter per 10,000 (jsonb_to_recordset) instead of 13 bound
 * parameters per row, which is what made bulk inserts slow on the embedded database.
 */
export async function insertScoreRecords(
  tx: Executor,
  context: RecordContext,
  changes: { studentId: number; change: PaperChange }[],
): Promise<void> {
  const rows = changes.map(({ studentId, change }) => ({
    student_id: studentId,
    question_id: change.questionId,
    question_no: change.questionNo,
    old_score: change.oldScore,
    new_score: change.newScore,
    old_choice: change.oldChoice,
    new_choice: change.newChoice,
  }));
  for (let i = 0; i < rows.length; i += RECORD_CHUNK) {
    const part = JSON.stringify(rows.slice(i, i + RECORD_CHUNK));
    await tx.execute(sql`
      insert into ${scoreRecords} (school_id, single_exam_id, student_id, question_id, question_no, old_score,
        new_score, old_choice, new_choice, reason, source, status, changed_by)
      select ${context.schoolId}, ${context.singleExamId}, x.student_id, x.question_id, x.question_no, x.old_score,
        x.new_score, x.old_choice, x.new_choice, ${context.reason}, ${context.source}, ${context.status ?? 2},
        ${context.changedBy}
      from jsonb_to_recordset(${part}::jsonb) as x(student_id bigint, question_id bigint, question_no text,
        old_score double precision, new_score double precision, old_choice text, new_choice text)`);
  }
}

const RECORD_CHUNK = 10_000;

/** Marks the single exams' scores as changed, for report computation (#5). */
export async function bumpScoreVersion(tx: Executor, seIds: number[]): Promise<void> {
  if (seIds.length === 0) return;
  await tx
    .update(singleExams)
    .set({ scoreVersion: sql`${singleExams.scoreVersion} + 1` })
    .where(inArray(singleExams.id, seIds));
}
