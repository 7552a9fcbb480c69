// Answer-card templates (answer-cards-and-scanning.md), pure: no framework imports.
// Millimetres from each page's top-left corner everywhere.

export { defaultBoxHeight, MAX_BOX_HEIGHT, MIN_BOX_HEIGHT } from './box-height.ts';
export { AnswerCardError } from './card-error.ts';
export { BOX_MARGIN, MIN_BOX_PIECE } from './flow.ts';
export {
  A3_ABOVE_QUESTIONS,
  defaultSettings,
  type GenerateOptions,
  generateTemplate,
  type LayoutChange,
  layoutTemplate,
} from './generate.ts';
export { MAX_QUESTIONS_PER_BLOCK, MIN_QUESTIONS_PER_BLOCK, QUESTIONS_PER_BLOCK } from './objective-block.ts';
export { decodePageCode, encodePageCode, type PageCode, type PageCodeReading } from './page-code.ts';
export { BUBBLE_HEIGHT, BUBBLE_WIDTH, NOTICE_LINES, STUDENT_INFO_FIELDS } from './page-header.ts';
export {
  columnFrames,
  LOCATOR_CLEARANCE,
  LOCATOR_MIN_EDGE,
  LOCATOR_SIZE,
  PAPER_SIZE,
} from './paper.ts';
export { MAX_EXAM_NUMBER_LENGTH, MIN_EXAM_NUMBER_LENGTH } from './structure.ts';
export type * from './types.ts';
export { regionName, validateTemplate } from './validate.ts';
