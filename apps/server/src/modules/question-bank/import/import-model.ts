import type { QuestionOrigin } from '@huikao/contracts';

// What every importer (GAOKAO-Bench, TAL-SCQ5K, the demo bank) produces before writing: plain
// drafts that the import service writes in one transaction per file.

export interface QuestionDraft {
  /** Unique per source; a re-import updates the question instead of adding it again. */
  sourceKey: string;
  origin: QuestionOrigin;
  /** The platform catalogue course (edu_courses.name). */
  courseName: string;
  typeName: string;
  /** 1 容易 … 5 困难. */
  difficulty: number;
  stem: string;
  options: string[] | null;
  answer: string;
  explanation: string;
  year: number | null;
  areaName: string | null;
  /** edu_grades id (7 = 七年级 … 12 = 高三). */
  gradeId: number | null;
  paperTypeName: string | null;
  sourcePaper: string | null;
  score: number | null;
  /** Knowledge-point paths (names joined by ' > '); a path that is not in the tree is skipped. */
  knowledgePaths: string[];
  /** Chapter paths (edition > volume > chapter > section). */
  chapterPaths: string[];
  /** The source paper to file the question under, with its section (usually the question type). */
  paper?: { sourceKey: string; title: string; section: string; order: number };
  schoolId?: number | null;
}

export interface TreeDraft {
  name: string;
  children?: TreeDraft[];
}

export const PATH_SEPARATOR = ' > ';

/** Objective types: their answer is letters. */
export const OBJECTIVE_TYPES = new Set(['单选题', '多选题', '判断题', '选择题', '选择题组']);

/** Grade ids by the names and nicknames sources use. */
const GRADE_NAMES: [RegExp, number][] = [
  [/一年级/, 1],
  [/二年级/, 2],
  [/三年级/, 3],
  [/四年级/, 4],
  [/五年级/, 5],
  [/六年级/, 6],
  [/七年级|初一/, 7],
  [/八年级|初二/, 8],
  [/九年级|初三|中考/, 9],
  [/高一/, 10],
  [/高二/, 11],
  [/高三|高考/, 12],
];

export function gradeFromText(text: string): number | null {
  for (const [pattern, id] of GRADE_NAMES) if (pattern.test(text)) return id;
  return null;
}
