// Deciding a question from its bubbles' fill ratios, relative to the question's own row (design: Recognition step 4).
// The rules flag what they cannot decide; they never pick the likeliest answer.

/** 多选 on a single-choice question, 未作答, and a faint or erased mark (the pixels cannot tell those two apart). */
export type ChoiceFlag = 'multiple' | 'blank' | 'faint';

export interface ChoiceThresholds {
  /** A filled bubble reads at least this (after the printed letter is discounted). */
  filledFloor: number;
  /** … and at least this much darker than the row's reference (its lightest bubble, capped). */
  clearMargin: number;
  /** Under this a bubble is empty; between this and a fill it is faint or erased and the question is flagged. */
  faintFloor: number;
  /**
   * Cap on the row's reference: when every bubble of a row is filled the lightest one is dark too, and comparing with
   * it would read four filled bubbles as none. Above the cap the comparison is with the cap.
   */
  referenceCap: number;
}

export const DEFAULT_CHOICE_THRESHOLDS: ChoiceThresholds = {
  filledFloor: 0.3,
  clearMargin: 0.2,
  faintFloor: 0.12,
  referenceCap: 0.25,
};

export interface RowDecision {
  /** Indexes of the bubbles read as filled, in printed order. */
  marked: number[];
  /** Indexes of bubbles between the two thresholds. */
  uncertain: number[];
  flags: ChoiceFlag[];
}

/** The letter-discounted ratio: how much of the bubble the pencil covers beyond what the blank print already covers. */
export function discountPrint(ratio: number, blankRatio: number | undefined): number {
  if (blankRatio === undefined || blankRatio <= 0) return ratio;
  if (blankRatio >= 1) return 0;
  return Math.max(0, (ratio - blankRatio) / (1 - blankRatio));
}

export function decideRow(
  ratios: readonly number[],
  kind: 'single' | 'multi',
  thresholds: ChoiceThresholds = DEFAULT_CHOICE_THRESHOLDS,
): RowDecision {
  if (ratios.length === 0) return { marked: [], uncertain: [], flags: ['blank'] };
  const reference = Math.min(Math.min(...ratios), thresholds.referenceCap);
  const marked: number[] = [];
  const uncertain: number[] = [];
  ratios.forEach((ratio, index) => {
    if (ratio >= thresholds.filledFloor && ratio - reference >= thresholds.clearMargin) marked.push(index);
    else if (ratio >= thresholds.faintFloor) uncertain.push(index);
  });
  const flags: ChoiceFlag[] = [];
  if (kind === 'single' && marked.length > 1) flags.push('multiple');
  if (uncertain.length > 0) flags.push('faint');
  if (marked.length === 0 && uncertain.length === 0) flags.push('blank');
  return { marked, uncertain, flags };
}
