import { scoreObjective, sumScores } from '@huikao/stats';

// A student's paper of one single exam, as the scores table holds it, and the two rules every
// writer of scores shares: objective scores come from the key, totals are derived (never typed).

export interface PaperQuestion {
  id: number;
  questionNo: string;
  /** 1 objective, 2 subjective. */
  kind: number;
  objectiveType: number | null;
  answer: string | null;
  fullMark: number;
  partialMark: number | null;
}

export interface Paper {
  /** questionId → score. */
  scores: Record<string, number>;
  /** questionId → letters chosen, objective questions only. */
  choices: Record<string, string>;
  /** Only for a single exam without questions. */
  totalScore: number | null;
  absent: boolean;
}

export interface DerivedPaper extends Paper {
  objectiveScore: number | null;
  subjectiveScore: number | null;
  totalOnly: boolean;
}

/**
 * Re-derives a paper against the current structure: objective questions are scored from their
 * choice and key; scores of questions that no longer exist are dropped; totals are summed. An
 * absent student keeps no scores. Without questions the paper is a total-only one.
 */
export function derivePaper(questions: readonly PaperQuestion[], paper: Paper): DerivedPaper {
  if (paper.absent) {
    return {
      scores: {},
      choices: {},
      totalScore: null,
      absent: true,
      objectiveScore: null,
      subjectiveScore: null,
      totalOnly: questions.length === 0,
    };
  }
  if (questions.length === 0) {
    return {
      scores: {},
      choices: {},
      totalScore: paper.totalScore,
      absent: false,
      objectiveScore: null,
      subjectiveScore: null,
      totalOnly: true,
    };
  }
  const scores: Record<string, number> = {};
  const choices: Record<string, string> = {};
  const objective: number[] = [];
  const subjective: number[] = [];
  let any = false;
  for (const q of questions) {
    const key = String(q.id);
    if (q.kind === 1 && q.objectiveType !== null) {
      const choice = paper.choices[key];
      if (choice === undefined) continue;
      choices[key] = choice;
      scores[key] = scoreObjective(
        { objectiveType: q.objectiveType, answer: q.answer, fullMark: q.fullMark, partialMark: q.partialMark },
        choice,
      );
      objective.push(scores[key]);
      any = true;
    } else {
      const score = paper.scores[key];
      if (score === undefined) continue;
      scores[key] = score;
      (q.kind === 1 ? objective : subjective).push(score);
      any = true;
    }
  }
  return {
    scores,
    choices,
    absent: false,
    objectiveScore: any ? sumScores(objective) : null,
    subjectiveScore: any ? sumScores(subjective) : null,
    totalScore: any ? sumScores([...objective, ...subjective]) : null,
    totalOnly: false,
  };
}

/** One change for the question-record audit (score_records). */
export interface PaperChange {
  questionId: number | null;
  questionNo: string | null;
  oldScore: number | null;
  newScore: number | null;
  oldChoice: string | null;
  newChoice: string | null;
}

/** What changed between two derived papers: per question, the total of a total-only paper, and 缺考. */
export function diffPaper(
  questions: readonly PaperQuestion[],
  before: DerivedPaper | null,
  after: DerivedPaper,
): PaperChange[] {
  const changes: PaperChange[] = [];
  const wasAbsent = before?.absent ?? false;
  if (wasAbsent !== after.absent) {
    changes.push({
      questionId: null,
      questionNo: '缺考',
      oldScore: null,
      newScore: null,
      oldChoice: wasAbsent ? '缺考' : null,
      newChoice: after.absent ? '缺考' : null,
    });
  }
  if (after.totalOnly || before?.totalOnly) {
    const old = before?.totalScore ?? null;
    if (old !== after.totalScore && !(after.absent && old === null)) {
      changes.push({
        questionId: null,
        questionNo: '总分',
        oldScore: old,
        newScore: after.totalScore,
        oldChoice: null,
        newChoice: null,
      });
    }
  }
  for (const q of questions) {
    const key = String(q.id);
    const oldScore = before?.scores[key] ?? null;
    const newScore = after.scores[key] ?? null;
    const oldChoice = before?.choices[key] ?? null;
    const newChoice = after.choices[key] ?? null;
    if (oldScore !== newScore || oldChoice !== newChoice) {
      changes.push({ questionId: q.id, questionNo: q.questionNo, oldScore, newScore, oldChoice, newChoice });
    }
  }
  return changes;
}
