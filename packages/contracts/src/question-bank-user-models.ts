import { z } from 'zod';
import { idSchema, numberSchema, textInput } from './common.ts';
import { questionSchema } from './question-bank-models.ts';

// Shapes of the question bank's user resources (spec §3 basket, user paper, collection nodes; §7
// userpapers, userquestions, usercollection, sub-data calls; issue #6). Ids are strings on the wire.

/** Spec §5 and §9: at most 50 questions per course in the basket. */
export const BASKET_MAX = 50;
/** Spec §5, shown as a notice titled 提示 (the web shows these exact strings). */
export const BASKET_FULL_MESSAGE = '试题篮最多只能添加50道题';
export const BASKET_DUPLICATE_MESSAGE = '该试题已在试题篮中，不能重复添加';
export const BASKET_NOTICE_TITLE = '提示';

/** useStatus of userquestions and userpapers update/status: 0 未使用, 1 已使用. */
export const USE_STATUS = { 0: '未使用', 1: '已使用' } as const;
export type UseStatus = 0 | 1;

/** uploadType of userpapers add (and the resourceType filter of userpapers get): 1 组卷, 2 上传. */
export const UPLOAD_TYPES = { 1: '组卷', 2: '上传' } as const;

/** type of a collection item (usercollection add): 1 试题, 2 题库试卷, 3 我的试卷. */
export const COLLECTION_ITEM_TYPES = { 1: '试题', 2: '试卷', 3: '我的试卷' } as const;

/** orderId of userpapers get: 1 最近修改, 2 最早创建, 3 标题. */
export const USER_PAPER_ORDERS = { 1: '最近修改', 2: '最早创建', 3: '标题' } as const;

// ---- Basket ----

export const basketGroupSchema = z.object({
  questionTypeId: z.string(),
  /** The question type's name (单选题, 解答题…). */
  name: z.string(),
  quesIds: z.array(z.string()),
  count: z.number(),
});
export const basketSchema = z.object({
  courseId: z.string(),
  total: z.number(),
  max: z.number(),
  groups: z.array(basketGroupSchema),
});
export type Basket = z.infer<typeof basketSchema>;

// ---- User papers ----

const text = (field: string, max: number) => textInput(field).trim().max(max, `${field}最多${max}个字符`);

/** A score: ≥ 0, at most 1000, up to two decimals. */
const score = (field: string) =>
  numberSchema(`${field}必须是数字`).pipe(
    z
      .number()
      .min(0, `${field}不能小于0`)
      .max(1000, `${field}不能大于1000`)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${field}最多两位小数`),
  );

export const paperLayoutSchema = z.object({
  paperSize: z.enum(['A4', 'A3'], { error: '纸张只能是 A4 或 A3' }).default('A4'),
  /** A3 prints in two columns. */
  columns: z.union([z.literal(1), z.literal(2)], { error: '分栏只能是 1 或 2' }).default(1),
  studentInfo: z.boolean({ error: '学生信息栏必须是是或否' }).default(true),
  sealLine: z.boolean({ error: '密封线必须是是或否' }).default(false),
});

/** The editor's own text of a question (inline editing); absent fields keep the bank's. */
const questionEditSchema = z.object({
  stem: text('题干', 20_000).optional(),
  options: z.array(text('选项', 5_000), { error: '选项必须是列表' }).max(10, '选项最多10个').optional(),
  answer: text('答案', 20_000).optional(),
  explanation: text('解析', 20_000).optional(),
});

export const paperQuestionInputSchema = z.object({
  quesId: idSchema('试题'),
  score: score('分值'),
  /** Answer space below the question, in millimetres. */
  answerHeightMm: numberSchema('答题空间高度必须是数字')
    .pipe(z.number().int('答题空间高度必须是整数').min(0, '答题空间高度不能小于0').max(300, '答题空间高度最大为300'))
    .optional(),
  edited: questionEditSchema.optional(),
});

export const paperSectionInputSchema = z.object({
  title: text('大题标题', 100).min(1, '大题标题不能为空'),
  questionTypeId: idSchema('题型').optional(),
  questions: z.array(paperQuestionInputSchema, { error: '大题的试题必须是列表' }).max(200, '每个大题最多200道题'),
});

/** What the paper editor saves (userpapers add / update). Totals are computed by the server. */
export const userPaperInputSchema = z.object({
  title: text('试卷标题', 100).min(1, '试卷标题不能为空'),
  subtitle: text('副标题', 100).default(''),
  notes: text('注意事项', 2000).default(''),
  courseId: idSchema('学科'),
  gradeId: idSchema('年级').optional(),
  paperTypeId: idSchema('试卷类型').optional(),
  layout: paperLayoutSchema.default({ paperSize: 'A4', columns: 1, studentInfo: true, sealLine: false }),
  sections: z
    .array(paperSectionInputSchema, { error: '试卷大题必须是列表' })
    .min(1, '试卷至少要有一个大题')
    .max(30, '试卷最多30个大题'),
});
export type UserPaperInput = z.output<typeof userPaperInputSchema>;

const paperQuestionSchema = z.object({
  quesId: z.string(),
  score: z.number(),
  answerHeightMm: z.number().nullable(),
  edited: questionEditSchema.nullable(),
});
/** The stored paper, with the totals the server computed. */
export const userPaperContentSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  notes: z.string(),
  layout: z.object({
    paperSize: z.enum(['A4', 'A3']),
    columns: z.number(),
    studentInfo: z.boolean(),
    sealLine: z.boolean(),
  }),
  sections: z.array(
    z.object({
      title: z.string(),
      questionTypeId: z.string().nullable(),
      totalScore: z.number(),
      questions: z.array(paperQuestionSchema),
    }),
  ),
  questionCount: z.number(),
  totalScore: z.number(),
});
export type UserPaperContent = z.infer<typeof userPaperContentSchema>;

export const userPaperSummarySchema = z.object({
  paperId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
  gradeId: z.string().nullable(),
  paperTypeId: z.string().nullable(),
  uploadType: z.number(),
  useStatus: z.number(),
  questionCount: z.number(),
  totalScore: z.number(),
  userName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserPaperSummary = z.infer<typeof userPaperSummarySchema>;

export const userPaperDetailSchema = userPaperSummarySchema.extend({
  paper: userPaperContentSchema,
  /** The bank's questions the paper uses, readable by the caller; a removed question is left out. */
  questions: z.array(questionSchema),
});
export type UserPaperDetail = z.infer<typeof userPaperDetailSchema>;

export const userPaperPageSchema = z.object({
  list: z.array(userPaperSummarySchema),
  total: z.number(),
  pageIndex: z.number(),
  limit: z.number(),
});

// ---- User questions ----

export const userQuestionSchema = z.object({
  question: questionSchema,
  useStatus: z.number(),
  updatedAt: z.string().nullable(),
});
export const userQuestionPageSchema = z.object({
  list: z.array(userQuestionSchema),
  total: z.number(),
  pageIndex: z.number(),
  limit: z.number(),
});

// ---- Collections ----

export interface CollectionNode {
  id: string;
  parentId: string | null;
  courseId: string;
  name: string;
  sortOrder: number;
  itemCount: number;
  children: CollectionNode[];
}
export const collectionNodeSchema: z.ZodType<CollectionNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    courseId: z.string(),
    name: z.string(),
    sortOrder: z.number(),
    itemCount: z.number(),
    children: z.array(collectionNodeSchema),
  }),
);

export const collectionItemSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  type: z.number(),
  relationId: z.string(),
  /** The question, paper or user paper's title or stem; null when it was removed since. */
  title: z.string().nullable(),
  question: questionSchema.nullable(),
  addedAt: z.string(),
});
export const collectionItemPageSchema = z.object({
  list: z.array(collectionItemSchema),
  total: z.number(),
  pageIndex: z.number(),
  limit: z.number(),
});

// ---- Downloads (sub-data service) ----

export const shipInfoSchema = z.object({
  userId: z.string(),
  type: z.number(),
  /** The school platform has no paid membership: every teacher of a school is 校园版. */
  memberName: z.string(),
  /** null: no limit. */
  dailyLimit: z.number().nullable(),
  downloadsToday: z.number(),
  downloadsThisMonth: z.number(),
  downloadsTotal: z.number(),
  lastDownloadAt: z.string().nullable(),
});

export const downloadSchema = z.object({
  id: z.string(),
  userPaperId: z.string().nullable(),
  title: z.string(),
  fileName: z.string(),
  format: z.string(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
  downloadedAt: z.string(),
});
export const downloadPageSchema = z.object({
  list: z.array(downloadSchema),
  total: z.number(),
  pageIndex: z.number(),
  pageSize: z.number(),
});
export const downloadDetailSchema = downloadSchema.extend({
  formulaPicFormat: z.string(),
  /** null when the user paper was deleted since. */
  paper: userPaperDetailSchema.nullable(),
});
export const downloadUrlSchema = z.object({ id: z.string(), fileName: z.string(), url: z.string().nullable() });

/**
 * Where a recorded download is fetched again: the Word export of the user paper (issue #6 export
 * part serves it). One place so the export and this call agree.
 */
export const downloadUrlOf = (userPaperId: string, format: string) =>
  `/tool/api/word/generateWord?userPaperId=${encodeURIComponent(userPaperId)}&format=${encodeURIComponent(format)}`;
