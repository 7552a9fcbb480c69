import { MarkingInputError } from './errors.ts';
import type { Hundredths } from './points.ts';
import { checkedScore, type MarkGroup } from './settings.ts';

/** Which turn a mark fills on a paper: the two blind marks, the 三评 mark, or the 仲裁 decision. */
export type MarkStage = 'first' | 'second' | 'third' | 'arbitration';

/**
 * One marker's scores for one paper (marking.md "Mark"). Never edited: a change (回评) is a new
 * mark by the same marker with a higher sequence, and the newest one counts.
 */
export interface Mark {
  markerId: string;
  stage: MarkStage;
  /** Submission order, e.g. the database's serial id; higher is newer. Clocks can tie, serials cannot. */
  sequence: number;
  /** Points per question id. first/second/third score every question; 仲裁 only the ones it decides. */
  scores: Readonly<Record<string, number>>;
  /** Time spent on the paper, in seconds. */
  seconds: number;
}

/** A current mark with its scores checked and in hundredths. */
export interface CurrentMark {
  markerId: string;
  stage: MarkStage;
  sequence: number;
  scores: ReadonlyMap<string, Hundredths>;
  seconds: number;
}

/** The current mark of each stage of a paper: the newest of each marker's marks. */
export type CurrentMarks = Partial<Record<MarkStage, CurrentMark>>;

const STAGE_NAMES: Record<MarkStage, string> = { first: '一评', second: '二评', third: '三评', arbitration: '仲裁' };

/**
 * Keeps each marker's newest mark on a paper and checks what the rules need: one marker per stage,
 * one stage per marker (the 三评 and 仲裁 markers must differ from the earlier ones), every
 * question scored on the step. Anything else is flagged rather than guessed.
 */
export function currentMarksOf(group: MarkGroup, marks: readonly Mark[]): CurrentMarks {
  const newestByMarker = new Map<string, Mark>();
  for (const mark of marks) {
    if (!Number.isFinite(mark.sequence)) throw new MarkingInputError('评分记录的序号必须是数字');
    const held = newestByMarker.get(mark.markerId);
    if (held !== undefined) {
      if (held.stage !== mark.stage) {
        throw new MarkingInputError(
          `阅卷教师 ${mark.markerId} 在同一份试卷上既是${STAGE_NAMES[held.stage]}又是${STAGE_NAMES[mark.stage]}`,
        );
      }
      if (held.sequence === mark.sequence)
        throw new MarkingInputError(`阅卷教师 ${mark.markerId} 有两条序号相同的评分记录`);
      if (held.sequence > mark.sequence) continue;
    }
    newestByMarker.set(mark.markerId, mark);
  }
  const current: CurrentMarks = {};
  for (const mark of newestByMarker.values()) {
    const other = current[mark.stage];
    if (other !== undefined) {
      throw new MarkingInputError(`${STAGE_NAMES[mark.stage]}有两位阅卷教师（${other.markerId}、${mark.markerId}）`);
    }
    current[mark.stage] = checkedMark(group, mark);
  }
  return current;
}

function checkedMark(group: MarkGroup, mark: Mark): CurrentMark {
  if (!Number.isFinite(mark.seconds) || mark.seconds < 0) throw new MarkingInputError('评卷用时必须是不小于 0 的数字');
  const known = new Set(group.questions.map((question) => question.questionId));
  for (const questionId of Object.keys(mark.scores)) {
    if (!known.has(questionId)) throw new MarkingInputError(`题块中没有第 ${questionId} 题`);
  }
  const scores = new Map<string, Hundredths>();
  for (const question of group.questions) {
    const points = mark.scores[question.questionId];
    if (points === undefined) {
      // 仲裁 decides only the questions that reached it; every other mark scores the whole 题块.
      if (mark.stage === 'arbitration') continue;
      throw new MarkingInputError(`${STAGE_NAMES[mark.stage]}缺少第 ${question.questionId} 题的得分`);
    }
    scores.set(question.questionId, checkedScore(points, question, group.step));
  }
  if (scores.size === 0) throw new MarkingInputError('仲裁至少给出一道题的得分');
  return { markerId: mark.markerId, stage: mark.stage, sequence: mark.sequence, scores, seconds: mark.seconds };
}
