import { MarkingInputError } from './errors.ts';
import { assertStep, type Hundredths, type ScoreStep, stepHundredths, toHundredths } from './points.ts';

/** 单评: one mark is final. 双评: two blind marks, then 三评 and 仲裁 as needed. */
export type MarkingMode = 'single' | 'double';

export interface MarkGroupQuestion {
  questionId: string;
  /** Full marks in points (e.g. 12 or 7.5). */
  fullMarks: number;
}

/** A 题块's marking settings as the 阅卷管理员 sets them (marking.md "Objects"). */
export interface MarkGroupSettings {
  questions: readonly MarkGroupQuestion[];
  step: ScoreStep;
  mode: MarkingMode;
  /** Tolerance T in points: |a − b| ≤ T is agreement. */
  tolerance: number;
  /** 双评比例 in whole percent (default 100): the share of papers that get a second mark. */
  doubleSharePercent?: number;
  /** Seed of the 双评比例 choice, fixed per 题块 so the chosen papers never change. */
  shareSeed?: string;
}

/** The settings checked and converted to hundredths, as every rule of the package uses them. */
export interface MarkGroup {
  questions: readonly { questionId: string; fullMarks: Hundredths }[];
  step: ScoreStep;
  mode: MarkingMode;
  tolerance: Hundredths;
  doubleSharePercent: number;
  shareSeed: string;
}

/** Checks a 题块's settings and returns them in hundredths; throws MarkingInputError in Chinese. */
export function markGroupOf(settings: MarkGroupSettings): MarkGroup {
  assertStep(settings.step);
  if (settings.mode !== 'single' && settings.mode !== 'double') {
    throw new MarkingInputError('评卷方式只能是单评或双评');
  }
  const tolerance = toHundredths(settings.tolerance, '误差阈值');
  if (tolerance < 0) throw new MarkingInputError('误差阈值不能小于 0');
  const share = settings.doubleSharePercent ?? 100;
  if (!Number.isInteger(share) || share < 0 || share > 100) {
    throw new MarkingInputError('双评比例必须是 0 到 100 之间的整数');
  }
  if (settings.questions.length === 0) throw new MarkingInputError('题块至少包含一道题');
  const seen = new Set<string>();
  const questions = settings.questions.map(({ questionId, fullMarks }) => {
    if (typeof questionId !== 'string' || questionId === '') throw new MarkingInputError('题号不能为空');
    if (seen.has(questionId)) throw new MarkingInputError(`题号 ${questionId} 重复`);
    seen.add(questionId);
    const full = toHundredths(fullMarks, `第 ${questionId} 题满分`);
    if (full <= 0) throw new MarkingInputError(`第 ${questionId} 题满分必须大于 0`);
    return { questionId, fullMarks: full };
  });
  return {
    questions,
    step: settings.step,
    mode: settings.mode,
    tolerance,
    doubleSharePercent: share,
    shareSeed: settings.shareSeed ?? '',
  };
}

/**
 * A marker's score for one question in hundredths: on the step (or exactly the full marks, for a
 * question worth e.g. 7.5 marked in whole points) and within [0, full marks].
 */
export function checkedScore(
  points: number,
  question: { questionId: string; fullMarks: Hundredths },
  step: ScoreStep,
  label = `第 ${question.questionId} 题得分`,
): Hundredths {
  const score = toHundredths(points, label);
  if (score < 0 || score > question.fullMarks) {
    throw new MarkingInputError(`${label}必须在 0 到 ${question.fullMarks / 100} 之间`);
  }
  if (score % stepHundredths(step) !== 0 && score !== question.fullMarks) {
    throw new MarkingInputError(`${label}必须是 ${step} 的整数倍`);
  }
  return score;
}

/** The 题块's full marks: the sum of its questions'. */
export function groupFullMarks(group: MarkGroup): Hundredths {
  return group.questions.reduce((sum, question) => sum + question.fullMarks, 0);
}
