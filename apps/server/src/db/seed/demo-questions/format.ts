// The format of the team's own demo question bank (issue #6 item 2): original junior-school
// questions written for 慧考云, so a fresh start has content without ../shared/data. Pure data; the
// question-bank seed turns it into catalogue rows, trees and questions.

/** A course of the demo bank, by its platform catalogue name (edu_courses: 语文, 数学, 英语, 物理, …). */
export type DemoCourseName = '语文' | '数学' | '英语' | '物理' | '化学' | '生物' | '道德与法治' | '历史' | '地理';

/** A tree node: knowledge points (知识点) or textbook chapters (教材章节), children nested. */
export interface DemoTreeNode {
  name: string;
  children?: DemoTreeNode[];
}

/**
 * A textbook edition's chapter tree: edition (e.g. 人教版) → volume (e.g. 八年级上册) → chapter →
 * section. Chapter paths below name the nodes from the volume down, joined by ' > '.
 */
export interface DemoTextbook {
  edition: string;
  volumes: DemoTreeNode[];
}

/** 1 单选题, 2 多选题, 3 判断题, 4 填空题, 5 解答题, 6 阅读理解, 7 作文 (by course, the types that fit). */
export type DemoQuestionType =
  | '单选题'
  | '多选题'
  | '判断题'
  | '填空题'
  | '解答题'
  | '阅读理解'
  | '作文'
  | '实验题'
  | '计算题';

export interface DemoQuestion {
  /** Stable key within the course, e.g. 'math-001'; the seed's idempotence rests on it. */
  key: string;
  type: DemoQuestionType;
  /** 1 容易, 2 较易, 3 中等, 4 较难, 5 困难. */
  difficulty: 1 | 2 | 3 | 4 | 5;
  /** The stem; formulas as LaTeX between $…$ (KaTeX renders them); blanks as ＿＿＿. */
  stem: string;
  /** Choice questions only: the options' texts without their letters, in order A, B, C, D… */
  options?: string[];
  /** Letters for choices ('B', 'AC'), 'T'/'F' for 判断, otherwise the answer text (LaTeX allowed). */
  answer: string;
  /** The worked explanation (解析). */
  explanation: string;
  /** Knowledge-point paths in the course's tree, nodes joined by ' > ' (at least one). */
  knowledgePoints: string[];
  /** Chapter paths in the course's textbook: volume > chapter > section (at least one). */
  chapters: string[];
  /** 7–9 (初一–初三 as 七年级–九年级). */
  grade: 7 | 8 | 9;
  year: number;
  /** e.g. 期中, 期末, 月考, 单元测试, 中考模拟. */
  paperType: string;
  /** e.g. 北京, 上海, 浙江, 全国. */
  area: string;
}

export interface DemoCourseBank {
  course: DemoCourseName;
  /** The knowledge-point tree of the course (the demo's own; roots are the big areas). */
  knowledgeTree: DemoTreeNode[];
  textbook: DemoTextbook;
  questions: DemoQuestion[];
}
