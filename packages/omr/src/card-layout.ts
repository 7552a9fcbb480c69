// What recognition needs to know about one answer-card page, in template millimetres from the top-left corner.
// The card designer's template produces it; the same numbers drive the printed PDF.

import type { PlanePoint } from './homography.ts';

export type LocatorCorner = 'topLeft' | 'topRight' | 'bottomRight' | 'bottomLeft';
export const LOCATOR_CORNERS: readonly LocatorCorner[] = ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'];

export interface MmRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BubbleSize {
  /** Full width of the printed ellipse (5 mm on our cards). */
  widthMm: number;
  /** Full height of the printed ellipse (3.5 mm on our cards). */
  heightMm: number;
}

export interface ObjectiveQuestionLayout {
  /** The question's number as printed (题号). */
  questionNo: string;
  /** 单选 (and 判断) take one letter; 多选 returns the set. */
  kind: 'single' | 'multi';
  /** One bubble per option, in printed order; `center` in mm. */
  options: readonly { letter: string; center: PlanePoint }[];
}

export interface CandidateNumberLayout {
  /** One column per digit of the 考号, left to right; each column lists the centres of its bubbles 0, 1, … 9. */
  digits: readonly (readonly PlanePoint[])[];
}

export interface CardPageLayout {
  pageWidthMm: number;
  pageHeightMm: number;
  /** Centres of the four solid square locators, in mm. */
  locators: Readonly<Record<LocatorCorner, PlanePoint>>;
  /** Side of a locator square (6 mm). */
  locatorSizeMm: number;
  /**
   * The page code's area (the QR code), printed at one corner only: the locators are symmetric under a half turn,
   * this area is not, so it tells an upright page from one fed upside down. It also has to be dark for the page to be
   * one of this layout at all.
   */
  orientationMark: MmRect;
  bubble: BubbleSize;
  questions: readonly ObjectiveQuestionLayout[];
  candidateNumber?: CandidateNumberLayout;
}

/** Where a template point lands when the sheet is turned by half a turn. */
export function halfTurn(layout: Pick<CardPageLayout, 'pageWidthMm' | 'pageHeightMm'>, point: PlanePoint): PlanePoint {
  return { x: layout.pageWidthMm - point.x, y: layout.pageHeightMm - point.y };
}
