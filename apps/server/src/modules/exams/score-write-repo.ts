import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { examQuestions, examStudents, scoreRecords, singleExams, studentScores } from './schema.ts';
import type { PaperChange } from './score-paper.ts';

// Reading and writing score rows in bulk, shared by every writer of scores (entry, import, key
// change, corrections). Callers run these inside their transaction and pass its `tx`.

export type ScoreRow = typeof studentScores.$inferSelect;
export type NewScoreRow = Omit<typeof studentScores.$inferInsert, 'id' | 'updatedAt'>;
export type QuestionRow = typeof examQuestions.$inferSelect;

const CHUNK = 500;
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

export async function questionsOf(ex: Executor, seId: number): Promise<QuestionRow[]> {
  return ex
    .select()
    .from(examQuestions)
    .where(eq(examQuestions.singleExamId, seId))
    .orderBy(examQuestions.sortOrder, examQuestions.id);
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
  for (const part of chunks(rows)) {
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

/** Writes the question-record audit of applied changes: one row per changed question. */
export async function insertScoreRecords(
  tx: Executor,
  context: RecordContext,
  changes: { studentId: number; change: PaperChange }[],
): Promise<void> {
  const rows = changes.map(({ studentId, change }) => ({
    schoolId: context.schoolId,
    singleExamId: context.singleExamId,
    studentId,
    ...change,
    reason: context.reason,
    source: context.source,
    status: context.status ?? 2,
    changedBy: context.changedBy,
  }));
  for (const part of chunks(rows)) await tx.insert(scoreRecords).values(part);
}

/** Marks the single exams' scores as changed, for report computation (#5). */
export async function bumpScoreVersion(tx: Executor, seIds: number[]): Promise<void> {
  if (seIds.length === 0) return;
  await tx
    .update(singleExams)
    .set({ scoreVersion: sql`${singleExams.scoreVersion} + 1` })
    .where(inArray(singleExams.id, seIds));
}
