import { z } from 'zod';

// Shapes of the question bank (spec §3 knowTopic / paperTopic, §7 question bank calls) as the wire
// carries them. Ids are strings.

/** Difficulty levels (diffGradeId): 1 容易 … 5 困难. */
export const DIFFICULTY_LEVELS = [
  { id: '1', name: '容易' },
  { id: '2', name: '较易' },
  { id: '3', name: '中等' },
  { id: '4', name: '较难' },
  { id: '5', name: '困难' },
] as const;

/** Question order (orderId): 1 最新, 2 最多使用, 3 由易到难, 4 由难到易. */
export const QUESTION_ORDERS = { 1: '最新', 2: '使用最多', 3: '由易到难', 4: '由难到易' } as const;
/** Paper order (orderId): 1 最新, 2 使用最多. */
export const PAPER_ORDERS = { 1: '最新', 2: '使用最多' } as const;

/** Tree kinds of `nodes/get` (type): 1 知识点, 2 教材章节. */
export const NODE_TYPES = { 1: '知识点', 2: '教材章节' } as const;

/** Where a question came from. */
export const QUESTION_ORIGINS = ['demo', 'gaokao', 'tal', 'school', 'user'] as const;
export type QuestionOrigin = (typeof QUESTION_ORIGINS)[number];

export const named = z.object({ id: z.string(), name: z.string() });
export type Named = z.infer<typeof named>;

export const qbCourseSchema = z.object({ courseId: z.string(), name: z.string(), stages: z.array(z.number()) });
export type QbCourse = z.infer<typeof qbCourseSchema>;

export const questionTypeSchema = z.object({ id: z.string(), name: z.string(), objective: z.boolean() });

/** `base/get`: the filter choices of one course. */
export const courseBaseSchema = z.object({
  courseId: z.string(),
  courseName: z.string(),
  questionTypes: z.array(questionTypeSchema),
  difficulties: z.array(named),
  paperTypes: z.array(named),
  areas: z.array(named),
  years: z.array(z.number()),
  grades: z.array(named),
});
export type CourseBase = z.infer<typeof courseBaseSchema>;

export interface TreeNode {
  id: string;
  parentId: string | null;
  name: string;
  depth: number;
  children: TreeNode[];
}
export const treeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    depth: z.number(),
    children: z.array(treeNodeSchema),
  }),
);

/** A textbook edition (版本) with its volumes (册), for `textbooks/get_ctv`. */
export const textbookEditionSchema = z.object({ id: z.string(), name: z.string(), volumes: z.array(named) });

export const questionSchema = z.object({
  quesId: z.string(),
  courseId: z.string(),
  questionTypeId: z.string(),
  questionTypeName: z.string(),
  diffGradeId: z.string(),
  diffGradeName: z.string(),
  stem: z.string(),
  /** Choice questions: the options' texts in order A, B, C…; otherwise null. */
  options: z.array(z.string()).nullable(),
  answer: z.string(),
  explanation: z.string(),
  year: z.number().nullable(),
  areaId: z.string().nullable(),
  areaName: z.string().nullable(),
  gradeId: z.string().nullable(),
  gradeName: z.string().nullable(),
  paperTypeId: z.string().nullable(),
  paperTypeName: z.string().nullable(),
  sourcePaper: z.string().nullable(),
  score: z.number().nullable(),
  timesUsed: z.number(),
  origin: z.string(),
  /** null for the shared bank; the school's id for a school question. */
  schoolId: z.string().nullable(),
  knowledgePoints: z.array(named),
  chapters: z.array(named),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * questions/get_fast counts matches up to this many: an exact total above it would read every match
 * of a common word or a whole course (see docs/decisions.md), so a larger total is reported as this
 * number with `totalCapped` set (shown as 1000+).
 */
export const QUESTION_TOTAL_CAP = 1000;

export const questionPageSchema = z.object({
  list: z.array(questionSchema),
  /** Exact when `totalCapped` is false; otherwise QUESTION_TOTAL_CAP and more match. */
  total: z.number(),
  totalCapped: z.boolean(),
  currentPage: z.number(),
  pageSize: z.number(),
});
export type QuestionPage = z.infer<typeof questionPageSchema>;

export const paperSummarySchema = z.object({
  paperId: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  title: z.string(),
  year: z.number().nullable(),
  areaId: z.string().nullable(),
  areaName: z.string().nullable(),
  gradeId: z.string().nullable(),
  gradeName: z.string().nullable(),
  paperTypeId: z.string().nullable(),
  paperTypeName: z.string().nullable(),
  questionCount: z.number(),
  totalScore: z.number(),
  timesUsed: z.number(),
  schoolId: z.string().nullable(),
});
export type PaperSummary = z.infer<typeof paperSummarySchema>;

export const paperDetailSchema = paperSummarySchema.extend({
  sections: z.array(
    z.object({
      title: z.string(),
      questions: z.array(z.object({ score: z.number().nullable(), question: questionSchema })),
    }),
  ),
});
export type PaperDetail = z.infer<typeof paperDetailSchema>;

export const paperPageSchema = z.object({
  list: z.array(paperSummarySchema),
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
});

/** `questions/get_by_wisdom`: a proposed paper, sections by question type. */
export const wisdomPaperSchema = z.object({
  /** The seed used: send it again for the same proposal. */
  seed: z.number(),
  /** In the order of the requested types; within a type, easier questions first. */
  questions: z.array(
    z.object({ section: z.object({ questionTypeId: z.string(), name: z.string() }), question: questionSchema }),
  ),
  byType: z.array(
    z.object({ questionTypeId: z.string(), name: z.string(), quesIds: z.array(z.string()), count: z.number() }),
  ),
  coverage: z.array(z.object({ tagId: z.string(), name: z.string(), count: z.number() })),
  uncoveredTagIds: z.array(z.string()),
  /** Mean of the chosen questions' difficulty (1 容易 … 5 困难); null when none was found. */
  averageDifficulty: z.number().nullable(),
  shortfalls: z.array(z.object({ questionTypeId: z.string(), wanted: z.number(), found: z.number() })),
});
export type WisdomPaper = z.infer<typeof wisdomPaperSchema>;
