// The answer-card template (answer-cards-and-scanning.md): every length in millimetres,
// measured from the page's top-left corner, so one template drives printing and recognition.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A bubble: its centre and its size (5 × 3.5 mm), which recognition reads as a fill ratio. */
export interface Ellipse {
  cx: number;
  cy: number;
  width: number;
  height: number;
}

export type Paper = 'A4' | 'A3';
export type Side = 1 | 2;
/** grid: 考号 bubbles; barcode: an area for a pre-printed Code 128 sticker; both. */
export type IdentityMode = 'grid' | 'barcode' | 'both';
/** 选择题排列: across 横排 (blocks side by side, wrapping), down 竖排 (one block under another). */
export type BlockOrder = 'across' | 'down';

/** 单选, 多选, 判断 (T/F) or a subjective question. */
export type QuestionType = 'single' | 'multiple' | 'judge' | 'subjective';
/** 填空, 解答, 作文: only for the default height of a subjective box. */
export type SubjectiveKind = 'fill' | 'answer' | 'essay';

/** One question of the exam's structure (findExamQuestionsBySeId). */
export interface ExamQuestion {
  /** The printed question number, e.g. "13" or "13(2)". */
  number: string;
  type: QuestionType;
  /** Objective questions: 2–7 options (A–G); 判断 is always T/F. */
  optionCount?: number;
  fullMarks: number;
  /** Subjective questions sharing a 题块 id are answered in one box. */
  blockId?: string;
  subjectiveKind?: SubjectiveKind;
}

export interface CardSettings {
  paper: Paper;
  /** A4 portrait: 1; A3 landscape: 2 or 3. */
  columns: 1 | 2 | 3;
  /** Printed on one or both sides of a sheet. */
  sides: 1 | 2;
  identityMode: IdentityMode;
  /** The school's 考号 length, 1–20 digits. */
  examNumberLength: number;
  /**
   * 题组大小: objective questions per block, 4–10. Every template laid out since the setting
   * exists carries it; a card saved before reads as 5 (QUESTIONS_PER_BLOCK) until re-laid out.
   */
  questionsPerBlock?: number;
  /** 选择题排列; absent on older cards, read as across. */
  blockOrder?: BlockOrder;
}

/** A subjective answer box before layout: what the designer may resize. */
export interface AnswerBoxSpec {
  /** "Q<number>" for one question, "B<blockId>" for a 题块. */
  id: string;
  label: string;
  questionNumbers: string[];
  fullMarks: number;
  /** Total height in mm; an overlong box continues in linked pieces. */
  height: number;
}

/** What the card carries, in paper order: runs of objective questions and answer boxes. */
export type CardItem = { kind: 'objective'; questions: ExamQuestion[] } | { kind: 'box'; box: AnswerBoxSpec };

export interface BubbleOption {
  option: string;
  ellipse: Ellipse;
}

export interface ObjectiveRow {
  number: string;
  type: Exclude<QuestionType, 'subjective'>;
  bubbles: BubbleOption[];
}

export interface ExamNumberBubble {
  /** 0-based digit position, left to right. */
  digit: number;
  value: number;
  ellipse: Ellipse;
}

export interface FillSample {
  /** 正确 filled; the wrong ways: 勾, 叉, 半涂. */
  way: 'correct' | 'tick' | 'cross' | 'half';
  ellipse: Ellipse;
}

export type Region =
  | { kind: 'locator'; rect: Rect }
  | { kind: 'pageCode'; rect: Rect; payload: string }
  | { kind: 'title'; rect: Rect; text: string }
  | { kind: 'studentInfo'; rect: Rect; fields: string[] }
  | { kind: 'notice'; rect: Rect; lines: string[]; samples: FillSample[] }
  | { kind: 'absent'; rect: Rect; bubble: Ellipse }
  | { kind: 'examNumberGrid'; rect: Rect; digits: number; bubbles: ExamNumberBubble[] }
  | { kind: 'barcode'; rect: Rect }
  | { kind: 'objectiveBlock'; rect: Rect; rows: ObjectiveRow[] }
  | AnswerBoxRegion;

/** One piece of an answer box; a box taller than the room left continues in the next piece. */
export interface AnswerBoxRegion {
  kind: 'answerBox';
  rect: Rect;
  /** The box spec's id; every piece of one box shares it. */
  boxId: string;
  /** 1-based piece number and the number of pieces. */
  part: number;
  parts: number;
  label: string;
  questionNumbers: string[];
  fullMarks: number;
  /** The frame less the 3 mm no-writing margin: what marking reads. */
  writable: Rect;
}

export interface CardPage {
  /** 1-based over the whole card; recognition reads it from the page code. */
  number: number;
  sheet: number;
  side: Side;
  width: number;
  height: number;
  /** The body columns, below the header in column 1. */
  columns: Rect[];
  regions: Region[];
}

export interface AnswerCardTemplate {
  id: string;
  /** A version that has scans never changes: edits make the next version. */
  version: number;
  title: string;
  subject: string;
  settings: CardSettings;
  questions: ExamQuestion[];
  items: CardItem[];
  pages: CardPage[];
}

/** A problem in Chinese, with a stable code for callers and tests. */
export interface CardProblem {
  code: string;
  message: string;
  page?: number;
}
