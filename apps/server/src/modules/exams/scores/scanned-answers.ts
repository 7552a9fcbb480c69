import { normaliseChoice } from '@huikao/stats';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { applySourcePapers, type SourceWrite } from './score-apply.ts';
import type { ParsedScoreInput } from './score-input.ts';
import { isChoiceQuestion } from './score-input.ts';
import type { QuestionRow } from './score-write-repo.ts';

// Scanned answer cards into the scores (issue #16): the scanning module's recognised (or corrected)
// objective letters, by question number, through the one source write path (applySourcePapers:
// scored from the key, records written, the analysis stamp bumped). Runs in the caller's
// transaction. A finalised exam or subject keeps its scores: nothing is written and `locked` says so.

export interface ScannedPaper {
  studentId: number;
  /**
   * Question number → letters; '' is 未作答 (kept as an empty choice, scored 0), null clears the
   * question (an answer a person must still decide is not scored yet).
   */
  choices: Record<string, string | null>;
  absent: boolean;
}

/** `problems` also names letters a question cannot take (a card out of step with the questions). */
export type ScannedWrite = SourceWrite;

export function writeScannedAnswers(
  tx: Executor,
  actor: Actor,
  seId: number,
  papers: readonly ScannedPaper[],
  reason: string,
): Promise<ScannedWrite> {
  let byNo: Map<string, QuestionRow> | null = null;
  return applySourcePapers(tx, actor, seId, {
    source: 'scan',
    reason,
    papers,
    by: 'student',
    keyOf: (paper) => paper.studentId,
    inputOf: (paper, row, questions, problems): ParsedScoreInput => {
      if (paper.absent) return { absent: true };
      byNo ??= new Map(questions.filter(isChoiceQuestion).map((q) => [q.questionNo, q]));
      const choices: Record<string, string | null> = {};
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
      return { choices, absent: false };
    },
  });
}
