import type { Executor } from '../../../platform/db.ts';
import { type DerivedPaper, derivePaper, diffPaper, type PaperChange, type PaperQuestion } from './score-paper.ts';
import {
  bumpScoreVersion,
  insertScoreRecords,
  lockPapers,
  type NewScoreRow,
  questionsOf,
  scoreRowsOf,
  upsertScoreRows,
} from './score-write-repo.ts';

// Re-scoring (issue #4 item 5): when the structure of a single exam changes (a key, a full or
// partial mark, questions deleted, a student marked 缺考), every stored paper is derived again
// from the current questions in the caller's transaction, and each changed question is written
// to the question-record audit.

export interface RescoreContext {
  schoolId: number;
  singleExamId: number;
  changedBy: number;
  /** contracts SCORE_RECORD_SOURCES key: 'key' for key and mark changes, 'question' for deletions. */
  source: string;
  reason: string;
  /** The questions before the change, so scores of deleted questions appear in the audit. */
  previousQuestions?: readonly PaperQuestion[];
  /** studentId → 缺考 before the change, when the change is the flag itself. */
  previousAbsent?: ReadonlyMap<number, boolean>;
  /** Only these students (default: every score row of the single exam). */
  studentIds?: ReadonlySet<number>;
}

/** Re-derives the score rows; returns the students whose papers changed. */
export async function rescoreSingleExam(tx: Executor, context: RescoreContext): Promise<number[]> {
  // Usually held already (lockStructure); taken here too so no rescore reads an unlocked paper.
  await lockPapers(tx, context.singleExamId, context.studentIds && [...context.studentIds]);
  const questions = await questionsOf(tx, context.singleExamId);
  const rows = await scoreRowsOf(tx, context.singleExamId);
  const byId = new Map<number, PaperQuestion>();
  for (const q of context.previousQuestions ?? []) byId.set(q.id, q);
  for (const q of questions) byId.set(q.id, q);
  const audited = [...byId.values()];

  const writes: NewScoreRow[] = [];
  const records: { studentId: number; change: PaperChange }[] = [];
  for (const { score, absent } of rows) {
    if (context.studentIds && !context.studentIds.has(score.studentId)) continue;
    const before: DerivedPaper = {
      scores: score.scores,
      choices: score.choices,
      totalScore: score.totalScore,
      absent: context.previousAbsent?.get(score.studentId) ?? absent,
      objectiveScore: score.objectiveScore,
      subjectiveScore: score.subjectiveScore,
      totalOnly: score.totalOnly,
    };
    const after = derivePaper(questions, { ...before, absent });
    const changes = diffPaper(audited, before, after);
    const totalsMoved =
      after.totalScore !== score.totalScore ||
      after.objectiveScore !== score.objectiveScore ||
      after.subjectiveScore !== score.subjectiveScore ||
      after.totalOnly !== score.totalOnly;
    if (changes.length === 0 && !totalsMoved) continue;
    for (const change of changes) records.push({ studentId: score.studentId, change });
    writes.push({
      schoolId: score.schoolId,
      singleExamId: score.singleExamId,
      examStudentId: score.examStudentId,
      studentId: score.studentId,
      scores: after.scores,
      choices: after.choices,
      objectiveScore: after.objectiveScore,
      subjectiveScore: after.subjectiveScore,
      totalScore: after.totalScore,
      totalOnly: after.totalOnly,
      updatedBy: context.changedBy,
    });
  }
  if (writes.length === 0) return [];
  await upsertScoreRows(tx, writes);
  await insertScoreRecords(tx, context, records);
  await bumpScoreVersion(tx, [context.singleExamId]);
  return writes.map((w) => w.studentId);
}
