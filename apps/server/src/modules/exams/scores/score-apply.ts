import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { auditExam } from '../access.ts';
import { findSingleExamRow } from '../lookup-repo.ts';
import { type InputQuestion, type ParsedScoreInput, paperFromInput } from './score-input.ts';
import { type DerivedPaper, derivePaper, diffPaper, type Paper, type PaperChange } from './score-paper.ts';
import {
  bumpScoreVersion,
  fullMarkOf,
  insertScoreRecords,
  lockPapers,
  type NewScoreRow,
  type QuestionRow,
  questionsOf,
  type ScoreRow,
  upsertScoreRows,
} from './score-write-repo.ts';
import { type ExamStudentScore, examStudentScores, setAbsent } from './scores-repo.ts';

// The one write path of scores (entry, card, import, corrections, finalise): derive the paper
// (objective scores from the key, totals summed), diff it against what is stored, then upsert the
// changed rows, write one score record per changed question, set 缺考 flags, bump the single
// exam's score_version and audit. Runs inside the caller's transaction.

export interface PaperUpdate {
  studentId: number;
  examStudentId: number;
  /** The stored row and 缺考 flag before this write. */
  before: ScoreRow | null;
  beforeAbsent: boolean;
  next: Paper;
}

export interface ApplyContext {
  actor: Actor;
  schoolId: number;
  seId: number;
  questions: readonly InputQuestion[];
  /** contracts SCORE_RECORD_SOURCES key. */
  source: string;
  reason: string;
  /** False when the caller writes the records itself (applied correction requests). */
  writeRecords?: boolean;
  /** Rewrite rows whose stored totals differ from the derived ones even without a question change. */
  rewriteStale?: boolean;
}

export interface ApplyResult {
  /** Score records written (changed questions, totals of total-only papers, 缺考 flips). */
  changedScores: number;
  changedStudents: Set<number>;
  changes: { studentId: number; change: PaperChange }[];
}

/**
 * What a writer of scores reads before deciding the new papers, in its transaction: the papers'
 * locks first (lockPapers), then the questions, the full mark and the stored papers, so no other writer's change
 * falls between this read and applyPapers (issue #21: 25 parallel saves of one paper kept 2–3).
 * Without studentIds every paper of the single exam.
 */
export async function openPapers(
  tx: Executor,
  seId: number,
  studentIds?: readonly number[],
): Promise<{ questions: QuestionRow[]; fullMark: number; papers: ExamStudentScore[] }> {
  const locked = await lockPapers(tx, seId, studentIds);
  const questions = await questionsOf(tx, seId);
  const fullMark = await fullMarkOf(tx, seId);
  return { questions, fullMark, papers: await examStudentScores(tx, seId, locked) };
}

/** A stored paper and its next state, as applyPapers takes them. */
export function updateOf(row: ExamStudentScore, next: Paper): PaperUpdate {
  return { studentId: row.studentId, examStudentId: row.esId, before: row.score, beforeAbsent: row.absent, next };
}

/** The stored row as a Paper (absent students keep nothing). */
export function paperOf(row: ScoreRow | null, absent: boolean): Paper {
  return {
    scores: row?.scores ?? {},
    choices: row?.choices ?? {},
    totalScore: row?.totalOnly ? row.totalScore : null,
    absent,
  };
}

export function derivedBefore(questions: readonly InputQuestion[], row: ScoreRow | null, absent: boolean) {
  return row || absent ? derivePaper(questions, paperOf(row, absent)) : null;
}

const stale = (row: ScoreRow, d: DerivedPaper) =>
  row.totalScore !== d.totalScore ||
  row.objectiveScore !== d.objectiveScore ||
  row.subjectiveScore !== d.subjectiveScore ||
  row.totalOnly !== d.totalOnly ||
  JSON.stringify(row.scores) !== JSON.stringify(d.scores);

export async function applyPapers(tx: Executor, context: ApplyContext, updates: PaperUpdate[]): Promise<ApplyResult> {
  const rows: NewScoreRow[] = [];
  const changes: ApplyResult['changes'] = [];
  const changedStudents = new Set<number>();
  const absentFlips: { esId: number; absent: boolean }[] = [];
  for (const update of updates) {
    const before = derivedBefore(context.questions, update.before, update.beforeAbsent);
    const after = derivePaper(context.questions, update.next);
    const diff = diffPaper(context.questions, before, after);
    const rewrite = context.rewriteStale && update.before !== null && stale(update.before, after);
    if (diff.length === 0 && !rewrite) continue;
    changedStudents.add(update.studentId);
    for (const change of diff) changes.push({ studentId: update.studentId, change });
    if (update.beforeAbsent !== after.absent) absentFlips.push({ esId: update.examStudentId, absent: after.absent });
    rows.push({
      schoolId: context.schoolId,
      singleExamId: context.seId,
      examStudentId: update.examStudentId,
      studentId: update.studentId,
      scores: after.scores,
      choices: after.choices,
      objectiveScore: after.objectiveScore,
      subjectiveScore: after.subjectiveScore,
      totalScore: after.totalScore,
      totalOnly: after.totalOnly,
      updatedBy: context.actor.userId,
    });
  }
  if (rows.length === 0) return { changedScores: 0, changedStudents, changes };

  await upsertScoreRows(tx, rows);
  const toAbsent = absentFlips.filter((f) => f.absent).map((f) => f.esId);
  const toPresent = absentFlips.filter((f) => !f.absent).map((f) => f.esId);
  if (toAbsent.length > 0) await setAbsent(tx, toAbsent, true);
  if (toPresent.length > 0) await setAbsent(tx, toPresent, false);
  if (context.writeRecords !== false && changes.length > 0) {
    await insertScoreRecords(
      tx,
      {
        schoolId: context.schoolId,
        singleExamId: context.seId,
        changedBy: context.actor.userId,
        source: context.source,
        reason: context.reason,
      },
      changes,
    );
  }
  await bumpScoreVersion(tx, [context.seId]);
  await auditExam(tx, context.actor, `scores.${context.source}`, `single_exam:${context.seId}`, {
    after: {
      students: changedStudents.size,
      changedScores: changes.length,
      reason: context.reason || undefined,
      // The full before → after of each question is in score_records; a short sample here.
      sample: changes.slice(0, 20),
    },
  });
  return { changedScores: changes.length, changedStudents, changes };
}

// The writers that bring another stage's papers into the scores (scanning's objective letters,
// marking's finals, an online exam's answers) differ only in how a source paper is found among the
// stored ones and turned into a ScoreInput; the rules live here once: a finalised exam or subject is
// not written (`locked`), the papers are opened under their locks (openPapers), a paper whose input
// has problems is skipped and its problems returned (a source's batch is not refused for one
// student), and the rest go through applyPapers (records, score version for analysis, audit).

export interface SourceWrite {
  changedScores: number;
  locked: boolean;
  /** Why a student's paper was skipped, each naming the student. */
  problems: string[];
}

export interface SourcePapers<P> {
  /** contracts SCORE_RECORD_SOURCES key. */
  source: 'scan' | 'marking' | 'online';
  reason: string;
  papers: readonly P[];
  /**
   * How a source paper names its student: by student id (only those papers are locked) or by exam
   * student id (marking's finals; every paper of the single exam is locked).
   */
  by: 'student' | 'examStudent';
  keyOf: (paper: P) => number;
  /** The paper as an edit of the stored one; null skips it. Problems pushed here are reported. */
  inputOf: (
    paper: P,
    row: ExamStudentScore,
    questions: readonly QuestionRow[],
    problems: string[],
  ) => ParsedScoreInput | null;
}

export async function applySourcePapers<P>(
  tx: Executor,
  actor: Actor,
  seId: number,
  writer: SourcePapers<P>,
): Promise<SourceWrite> {
  if (writer.papers.length === 0) return { changedScores: 0, locked: false, problems: [] };
  const single = await findSingleExamRow(tx, seId);
  if (!single || single.status >= 3 || single.multi.status >= 3)
    return { changedScores: 0, locked: true, problems: [] };
  const byStudent = writer.by === 'student';
  const opened = await openPapers(tx, seId, byStudent ? writer.papers.map(writer.keyOf) : undefined);
  const { questions, fullMark } = opened;
  const stored = new Map(opened.papers.map((r) => [byStudent ? r.studentId : r.esId, r]));
  const updates: PaperUpdate[] = [];
  const problems: string[] = [];
  for (const paper of writer.papers) {
    const row = stored.get(writer.keyOf(paper));
    if (!row) continue;
    const input = writer.inputOf(paper, row, questions, problems);
    if (!input) continue;
    const result = paperFromInput(questions, fullMark, paperOf(row.score, row.absent), input);
    if ('errors' in result) problems.push(...result.errors.map((e) => `${row.name}：${e}`));
    else updates.push(updateOf(row, result.paper));
  }
  const context = { actor, schoolId: single.schoolId, seId, questions, source: writer.source, reason: writer.reason };
  const applied = await applyPapers(tx, context, updates);
  return { changedScores: applied.changedScores, locked: false, problems };
}
