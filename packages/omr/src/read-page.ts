// One page, end to end (design: Recognition of a page, steps 1, 3, 4 and 6): levels → transform → 考号 → bubbles.
// The result is plain JSON and depends only on the pixels and the layout, so re-running a page replaces it exactly.

import { darkShare, ellipseMask, type SampleMask } from './bubble-sampler.ts';
import type { CardPageLayout } from './card-layout.ts';
import {
  type ChoiceFlag,
  type ChoiceThresholds,
  DEFAULT_CHOICE_THRESHOLDS,
  decideRow,
  discountPrint,
} from './choice-rules.ts';
import { type GreyImage, measurePageLevels, type PageLevels } from './grey-image.ts';
import type { Homography } from './homography.ts';
import { type LocateOptions, locatePage, type PageRefusal, type PageTransform } from './page-transform.ts';

/** Raw fill ratios of a blank printed page, read by `readBlankReference`: the printed letters' own darkness. */
export interface BlankReference {
  /** Per question (layout order), per option. */
  questions: number[][];
  /** Per 考号 digit column, per bubble 0–9. */
  candidateNumber: number[][];
}

export interface QuestionReading {
  questionNo: string;
  kind: 'single' | 'multi';
  /** Fill ratio per option after the print discount, rounded to 0.001. */
  ratios: number[];
  /** Letters read as filled. */
  marked: string[];
  /** Letters between the two thresholds (faint or erased). */
  uncertain: string[];
  /** The answer ('B', or 'ACD' for 多选); null whenever a flag is raised: a flagged question is never guessed. */
  answer: string | null;
  flags: ChoiceFlag[];
}

export interface DigitReading {
  digit: number | null;
  ratios: number[];
  flags: ChoiceFlag[];
}

export interface CandidateNumberReading {
  /** The 考号, or null when any digit is flagged. */
  value: string | null;
  digits: DigitReading[];
}

export interface PageReading {
  status: 'read';
  turned: boolean;
  skewDegrees: number;
  measuredDpi: number;
  transform: Homography;
  locators: PageTransform['locators'];
  paperLevel: number;
  darkThreshold: number;
  candidateNumber: CandidateNumberReading | null;
  questions: QuestionReading[];
  /** Question numbers with any flag, for the exception queue. */
  flaggedQuestions: string[];
}

export type PageResult = PageReading | PageRefusal;

export interface ReadPageOptions extends LocateOptions {
  blankReference?: BlankReference;
  thresholds?: Partial<ChoiceThresholds>;
  /**
   * The page already located (by a caller that needed the transform first, to read the page code) with these
   * levels: the locators are not searched a second time. Must come from `locatePage` on the same image and layout.
   */
  located?: { levels: PageLevels; transform: PageTransform };
}

export function readPage(image: GreyImage, layout: CardPageLayout, options: ReadPageOptions): PageResult {
  const levels = options.located?.levels ?? measurePageLevels(image);
  const located = options.located?.transform ?? locatePage(image, layout, levels, options);
  if (located.status === 'refused') return located;
  const thresholds = { ...DEFAULT_CHOICE_THRESHOLDS, ...options.thresholds };
  // Sample at the measured resolution so a 300 dpi scan is read as finely as it was scanned.
  const mask = ellipseMask(layout.bubble, located.measuredDpi);
  const ratiosOf = (centers: readonly { x: number; y: number }[], blank: readonly number[] | undefined) =>
    centers.map((center, i) =>
      round3(
        discountPrint(darkShare(image, located.transform, center.x, center.y, mask, levels.darkThreshold), blank?.[i]),
      ),
    );

  const questions = layout.questions.map((question, index): QuestionReading => {
    const ratios = ratiosOf(
      question.options.map((option) => option.center),
      options.blankReference?.questions[index],
    );
    const decision = decideRow(ratios, question.kind, thresholds);
    const letters = (indexes: number[]) => indexes.map((i) => question.options[i]!.letter);
    const marked = letters(decision.marked);
    return {
      questionNo: question.questionNo,
      kind: question.kind,
      ratios,
      marked,
      uncertain: letters(decision.uncertain),
      answer: decision.flags.length === 0 ? marked.join('') : null,
      flags: decision.flags,
    };
  });

  const candidateNumber = layout.candidateNumber
    ? readCandidateNumber(
        layout.candidateNumber.digits.map((column, i) => ratiosOf(column, options.blankReference?.candidateNumber[i])),
        thresholds,
      )
    : null;

  return {
    status: 'read',
    turned: located.turned,
    skewDegrees: round3(located.skewDegrees),
    measuredDpi: round3(located.measuredDpi),
    transform: located.transform,
    locators: located.locators,
    paperLevel: levels.paper,
    darkThreshold: levels.darkThreshold,
    candidateNumber,
    questions,
    flaggedQuestions: questions.filter((q) => q.flags.length > 0).map((q) => q.questionNo),
  };
}

/** Each digit column is a single choice among 0–9 under the same rules; one flagged digit withholds the number. */
export function readCandidateNumber(columns: number[][], thresholds: ChoiceThresholds): CandidateNumberReading {
  const digits = columns.map((ratios): DigitReading => {
    const decision = decideRow(ratios, 'single', thresholds);
    return { digit: decision.flags.length === 0 ? decision.marked[0]! : null, ratios, flags: decision.flags };
  });
  const complete = digits.every((d) => d.digit !== null);
  return { value: complete ? digits.map((d) => d.digit).join('') : null, digits };
}

/**
 * The raw ratios of a blank printed page of the same layout (printed and scanned once per template version):
 * what the printed letters and outline alone read, to be discounted from every student's page.
 */
export function readBlankReference(
  image: GreyImage,
  layout: CardPageLayout,
  options: LocateOptions,
): BlankReference | PageRefusal {
  const levels = measurePageLevels(image);
  const located = locatePage(image, layout, levels, options);
  if (located.status === 'refused') return located;
  const mask: SampleMask = ellipseMask(layout.bubble, located.measuredDpi);
  const ratiosOf = (centers: readonly { x: number; y: number }[]) =>
    centers.map((c) => round3(darkShare(image, located.transform, c.x, c.y, mask, levels.darkThreshold)));
  return {
    questions: layout.questions.map((q) => ratiosOf(q.options.map((o) => o.center))),
    candidateNumber: layout.candidateNumber?.digits.map((column) => ratiosOf(column)) ?? [],
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
