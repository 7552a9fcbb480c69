import { rect } from './geometry.ts';
import type { CardSettings, Paper, Rect } from './types.ts';

/** Sheet size as printed: A4 portrait, A3 landscape (8开 folded into columns). */
export const PAPER_SIZE: Record<Paper, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  A3: { width: 420, height: 297 },
};

/** Solid square locators at the corners, inset from the edge (the design asks ≥ 8 mm). */
export const LOCATOR_SIZE = 6;
export const LOCATOR_INSET = 10;
export const LOCATOR_MIN_EDGE = 8;
/** No printed region may come nearer a locator than this, so the scanner finds it clean. */
export const LOCATOR_CLEARANCE = 3;
/** The printable body starts past the locators and their clearance: 10 + 6 + 4. */
export const CONTENT_MARGIN = 20;
export const COLUMN_GUTTER: Record<1 | 2 | 3, number> = { 1: 0, 2: 10, 3: 8 };
/** Vertical and horizontal space between regions. */
export const REGION_GAP = 3;

export function pageSize(paper: Paper): { width: number; height: number } {
  return PAPER_SIZE[paper];
}

/** The columns' full-height frames on one page, left to right. */
export function columnFrames(settings: Pick<CardSettings, 'paper' | 'columns'>): Rect[] {
  const { width, height } = pageSize(settings.paper);
  const gutter = COLUMN_GUTTER[settings.columns];
  const usable = width - 2 * CONTENT_MARGIN - gutter * (settings.columns - 1);
  const columnWidth = usable / settings.columns;
  const frames: Rect[] = [];
  for (let index = 0; index < settings.columns; index += 1) {
    frames.push(
      rect(CONTENT_MARGIN + index * (columnWidth + gutter), CONTENT_MARGIN, columnWidth, height - 2 * CONTENT_MARGIN),
    );
  }
  return frames;
}

/** The four corner locators of a page. */
export function locatorRects(paper: Paper): Rect[] {
  const { width, height } = pageSize(paper);
  const far = (extent: number) => extent - LOCATOR_INSET - LOCATOR_SIZE;
  return [
    rect(LOCATOR_INSET, LOCATOR_INSET, LOCATOR_SIZE, LOCATOR_SIZE),
    rect(far(width), LOCATOR_INSET, LOCATOR_SIZE, LOCATOR_SIZE),
    rect(LOCATOR_INSET, far(height), LOCATOR_SIZE, LOCATOR_SIZE),
    rect(far(width), far(height), LOCATOR_SIZE, LOCATOR_SIZE),
  ];
}
