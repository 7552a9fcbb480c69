import { MarkingInputError } from './errors.ts';

/**
 * Scores are held as integer hundredths of a point: every score is on a step of 1 or 0.5 and the
 * mean of two such scores is a multiple of 0.25, so hundredths keep all of it exact (no 0.1 + 0.2).
 */
export type Hundredths = number;

export type ScoreStep = 1 | 0.5;

/** Converts points to hundredths, refusing what is not a finite number with at most 2 decimals. */
export function toHundredths(points: number, label: string): Hundredths {
  if (typeof points !== 'number' || !Number.isFinite(points)) {
    throw new MarkingInputError(`${label}必须是数字`);
  }
  const hundredths = Math.round(points * 100);
  // 1e-6 of a hundredth absorbs the binary noise of values such as 7.55 × 100 = 754.9999999999999.
  if (Math.abs(hundredths - points * 100) > 1e-6) {
    throw new MarkingInputError(`${label}最多保留两位小数`);
  }
  return hundredths;
}

export function toPoints(hundredths: Hundredths): number {
  return hundredths / 100;
}

export function stepHundredths(step: ScoreStep): Hundredths {
  return step === 0.5 ? 50 : 100;
}

/**
 * A final in hundredths, rounded half up to the step, then kept within [0, full marks]
 * (marking.md "Finals are rounded to the 题块's step, half up. Never beyond the full marks,
 * never below 0"). The value is given doubled (a sum of two scores) so the mean of two scores
 * never has to be divided before it is rounded.
 */
export function roundDoubledToStep(doubled: Hundredths, step: ScoreStep, fullMarks: Hundredths): Hundredths {
  const unit = stepHundredths(step);
  // value / unit rounded half up = floor(value / unit + 1/2) = floor((doubled + unit) / (2 · unit)).
  const rounded = Math.floor((doubled + unit) / (2 * unit)) * unit;
  return Math.min(fullMarks, Math.max(0, rounded));
}

/** The same rounding for a single value in hundredths. */
export function roundToStep(value: Hundredths, step: ScoreStep, fullMarks: Hundredths): Hundredths {
  return roundDoubledToStep(2 * value, step, fullMarks);
}

/**
 * The public form of the rounding, in points: any finite number of points (means, corrections)
 * rounded half up to the step and kept within [0, full marks].
 */
export function roundFinal(points: number, step: ScoreStep, fullMarks: number): number {
  if (typeof points !== 'number' || !Number.isFinite(points)) throw new MarkingInputError('分数必须是数字');
  assertStep(step);
  const full = toHundredths(fullMarks, '满分');
  if (full <= 0) throw new MarkingInputError('满分必须大于 0');
  const unit = stepHundredths(step);
  // The 1e-9 keeps a tie a tie when × 100 lands just under it in binary (e.g. 1.15 · 100 = 114.999…).
  const rounded = Math.floor((points * 100) / unit + 0.5 + 1e-9) * unit;
  return toPoints(Math.min(full, Math.max(0, rounded)));
}

export function assertStep(step: unknown): asserts step is ScoreStep {
  if (step !== 1 && step !== 0.5) throw new MarkingInputError('给分步长只能是 1 或 0.5');
}
