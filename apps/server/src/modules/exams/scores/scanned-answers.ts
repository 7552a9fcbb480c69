import { normaliseChoice } from '@huikao/stats';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { findSingleExamRow } from '../lookup-repo.ts';
import { applyPapers, openPapers, type PaperUpdate, paperOf } from './score-apply.ts';
import { isChoiceQuestion, paperFromInput } from './score-input.ts';

// Scanned answer cards into the scores (issue #16): the scanning module's recognised (or corrected)
// objective letters, by question number, through the one write path (applyPapers: scored from the
// key, records written, the analysis stamp bumped). Runs in the caller's transaction. A finalised
// exam or subject keeps its scores: nothing is written and `locked` says so.

export interface ScannedPaper {
  studentId: number;
  /**
   * Question number → letters; '' is 未作答 (kept as an empty choice, scored 0), null clears the
   * question (an answer a person must still decide is not scored yet).
   */
  choices: Record<string, string | null>;
  absent: boolean;
}

export interface ScannedWrite {
  changedScores: number;
  locked: boolean;
  /** Letters a question cannot take (a card out of step with the questions), per student: skipped. */
  problems: string[];
}

export async function writeScannedAnswers(
  tx: Executor,
  actor: Actor,
  seId: number,
  papers: readonly ScannedPaper[],
  reason: string,
): Promise<ScannedWrite> {
  if (papers.length === 0) return { changedScores: 0, locked: false, problems: [] };
  const single = await findSingleExamRow(tx, seId);
  if (!single || single.status >= 3 || single.multi.status >= 3)
    return { changedScores: 0, locked: true, problems: [] };
  const {
    questions,
    fullMark,
    papers: stored,
  } = await openPapers(
    tx,
    seId,
    papers.map((p) => p.studentId),
  );
  const byNo = new Map(questions.filter(isChoiceQuestion).map((q) => [q.questionNo, q]));
  const byStudent = new Map(stored.map((r) => [r.studentId, r]));
  const updates: PaperUpdate[] = [];
  const problems: string[] = [];
  for (const paper of papers) {
    const row = byStudent.get(paper.studentId);
    if (!row) continue;
    const choices: Record<string, string | null> = {};
    if (!paper.absent) {
      for (const [questionNo, letters] of Object.entries(paper.choices)) {
        const q = byNo.get(questionNo);
        if (!q) continue;
        if (letters === null) {
          choices[String(q.id)] = null;
          continue;
        }
        const normalised = normaliseChoice(q.objectiveType!, q.optionCount, letters);
        if ('error' in normalised) problems.push(`${row.name} 第${questionNo}题：${normalised.error}`);
        else choices[String(q.id)] = normalised.choice;
      }
    }
    const result = paperFromInput(questions, fullMark, paperOf(row.score, row.absent), {
      choices: paper.absent ? undefined : choices,
      absent: paper.absent,
    });
    if ('errors' in result) {
      problems.push(...result.errors.map((e) => `${row.name}：${e}`));
      continue;
    }
    updates.push({
      studentId: row.studentId,
      examStudentId: row.esId,
      before: row.score,
      beforeAbsent: row.absent,
      next: result.paper,
    });
  }
  const applied = await applyPapers(
    tx,
    { actor, schoolId: single.schoolId, seId, questions, source: 'scan', reason },
    updates,
  );
  return { changedScores: applied.changedScores, locked: false, problems };
}
