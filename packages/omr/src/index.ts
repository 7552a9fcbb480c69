// Optical mark recognition of answer-card pages, pure: grey pixels and a layout in, a JSON reading out.
// See README.md for the pipeline and units; design: answer-cards-and-scanning.md, "Recognition of a page".

export { darkShare, ellipseMask, rectMask, type SampleMask } from './bubble-sampler.ts';
export {
  type BubbleSize,
  type CandidateNumberLayout,
  type CardPageLayout,
  halfTurn,
  LOCATOR_CORNERS,
  type LocatorCorner,
  type MmRect,
  type ObjectiveQuestionLayout,
} from './card-layout.ts';
export {
  type ChoiceFlag,
  type ChoiceThresholds,
  DEFAULT_CHOICE_THRESHOLDS,
  decideRow,
  discountPrint,
  type RowDecision,
} from './choice-rules.ts';
export {
  type CodeFormat,
  type CodeReading,
  type DecodedCode,
  initCodeReader,
  type PixelRect,
  type ReadCodesOptions,
  type RgbaImage,
  readCodes,
  ZXING_READER_WASM,
} from './codes.ts';
export { type GreyImage, measurePageLevels, type PageLevels } from './grey-image.ts';
export {
  applyHomography,
  dpiAt,
  type Homography,
  homographyFromPairs,
  invertHomography,
  jacobianAt,
  type PlanePoint,
  type PointPair,
  skewDegreesAt,
  solveLinearSystem,
} from './homography.ts';
export { LAYOUT_MATCH_FLOOR, type LayoutCandidate, type LayoutMatch, matchLayout } from './layout-match.ts';
export { findLocator, type LocatorHit, type LocatorSearch } from './locators.ts';
export {
  type LocateOptions,
  locatePage,
  type PageRefusal,
  type PageTransform,
  type RefusalReason,
} from './page-transform.ts';
export {
  type BlankReference,
  type CandidateNumberReading,
  type DigitReading,
  type PageReading,
  type PageResult,
  type QuestionReading,
  type ReadPageOptions,
  readBlankReference,
  readCandidateNumber,
  readPage,
} from './read-page.ts';
export { type MmRectangle, warpRegion } from './warp-region.ts';
