import { MarkingInputError } from './errors.ts';
import { type Hundredths, roundDoubledToStep, roundToStep, type ScoreStep } from './points.ts';

/** How a final was reached: the 单评 mark, the mean of two, the 三评 rule (halfway: c itself), 仲裁. */
export type FinalVia = 'single' | 'double' | 'third' | 'third-halfway' | 'arbitration';

/** One question's scores so far on one paper, in hundredths, by stage. */
export interface QuestionScores {
  first?: Hundredths;
  second?: Hundredths;
  third?: Hundredths;
  arbitration?: Hundredths;
}

/** Where one question of a paper stands (marking.md "Modes and the final score"). */
export type QuestionOutcome =
  | { kind: 'needs-first' }
  | { kind: 'needs-second'; first: Hundredths }
  | { kind: 'needs-third'; first: Hundredths; second: Hundredths }
  | { kind: 'needs-arbitration'; first: Hundredths; second: Hundredths; third: Hundredths }
  | { kind: 'final'; score: Hundredths; via: FinalVia };

export interface QuestionRule {
  step: ScoreStep;
  tolerance: Hundredths;
  fullMarks: Hundredths;
  /** Whether this paper is double marked (双评 and chosen by 双评比例). */
  double: boolean;
}

/**
 * The final-score rule for one question, exactly as marking.md writes it:
 * - 单评: final = the mark.
 * - 双评: |a − b| ≤ T → (a + b) / 2; otherwise 三评 with c:
 *   - c within T of a or b → the mean of c and the closer of a and b; equally close → c;
 *   - c within T of neither → 仲裁, whose score is final.
 * Finals are rounded half up to the step and kept within [0, full marks].
 * A score of a later stage is used only when the earlier ones call for it: after a 回评 brings
 * a and b within T, the 三评 score no longer counts.
 */
export function decideQuestion(rule: QuestionRule, scores: QuestionScores): QuestionOutcome {
  const { first, second, third, arbitration } = scores;
  const clamp = (value: Hundredths) => roundToStep(value, rule.step, rule.fullMarks);
  const meanOf = (x: Hundredths, y: Hundredths) => roundDoubledToStep(x + y, rule.step, rule.fullMarks);
  if (!rule.double && (second !== undefined || third !== undefined || arbitration !== undefined)) {
    throw new MarkingInputError('单评的试卷不应有二评、三评或仲裁');
  }
  if (first === undefined) {
    if (second !== undefined || third !== undefined || arbitration !== undefined) {
      throw new MarkingInputError('缺少一评时不应有后续评分');
    }
    return { kind: 'needs-first' };
  }
  if (!rule.double) return { kind: 'final', score: clamp(first), via: 'single' };
  if (second === undefined) {
    if (third !== undefined || arbitration !== undefined) throw new MarkingInputError('缺少二评时不应有三评或仲裁');
    return { kind: 'needs-second', first };
  }
  if (Math.abs(first - second) <= rule.tolerance) {
    return { kind: 'final', score: meanOf(first, second), via: 'double' };
  }
  if (third === undefined) {
    if (arbitration !== undefined) throw new MarkingInputError('缺少三评时不应有仲裁');
    return { kind: 'needs-third', first, second };
  }
  const toFirst = Math.abs(third - first);
  const toSecond = Math.abs(third - second);
  if (toFirst <= rule.tolerance || toSecond <= rule.tolerance) {
    // Equally close only when c is halfway between a and b; then the rule takes c itself.
    if (toFirst === toSecond) return { kind: 'final', score: clamp(third), via: 'third-halfway' };
    const closer = toFirst < toSecond ? first : second;
    return { kind: 'final', score: meanOf(third, closer), via: 'third' };
  }
  if (arbitration === undefined) return { kind: 'needs-arbitration', first, second, third };
  return { kind: 'final', score: clamp(arbitration), via: 'arbitration' };
}
