import { z } from 'zod';
import { idSchema, intInSchema, textInput, textSchema } from './common.ts';

// Scanning contracts, exceptions (issue #16, answer-cards-and-scanning.md "Exceptions"): the kinds,
// one queue each, a person's resolution and the counts. The calls are in scanning-scans.ts.

/** One kind per bullet of the design's exception list; each has its own queue. */
export const RECOGNIZE_EXCEPTION_KINDS = {
  1: '无法识别的页面',
  2: '未知页面',
  3: '考号无法识别',
  4: '考号不是本科目考生',
  5: '重复答题卡',
  6: '答题卡缺页',
  7: '客观题涂卡异常',
  8: '缺考但有作答',
} as const;
export type RecognizeExceptionKind = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
const kindSchema = intInSchema('异常类型只能是 1 到 8', 1, 8);

/** 0 待处理, 1 已处理. */
export const RECOGNIZE_EXCEPTION_STATUSES = { 0: '待处理', 1: '已处理' } as const;

export const recognizeExceptionSchema = z.object({
  exceptionId: z.string(),
  seId: z.string(),
  kind: z.number(),
  kindName: z.string(),
  status: z.number(),
  /** What is wrong, in Chinese (the queue's line). */
  detail: z.string(),
  /** The page it concerns (image: makeScan/pageImage); duplicates and missing pages name the student instead. */
  pageId: z.string().nullable(),
  batchId: z.string().nullable(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  examNo: z.string().nullable(),
  /** 客观题涂卡异常: the question. */
  questionNo: z.string().nullable(),
  /** What recognition read, for the resolve screen (ratios, letters, flags, candidate pages…). */
  data: z.record(z.string(), z.unknown()),
  /** The person's decision once resolved. */
  resolution: z.record(z.string(), z.unknown()).nullable(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RecognizeException = z.infer<typeof recognizeExceptionSchema>;

/** The queue filters of findBySeId (used by the calls; not a public name). */
export const exceptionFilters = {
  kind: kindSchema.optional(),
  status: intInSchema('处理状态只能是 0（待处理）或 1（已处理）', 0, 1).optional(),
  currentPage: z.coerce.number().int('页码必须是整数').min(1, '页码从1开始').default(1),
  pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页至少1条').max(200, '每页最多200条').default(20),
};

const examNoSchema = z
  .string({ error: '考号必须是文字' })
  .trim()
  .regex(/^\d{1,20}$/, '考号只能是 1 到 20 位数字');

/**
 * How a person resolves an exception (examRecognizeException/update). Exactly the field its kind needs:
 * - 1 无法识别 / 2 未知页面: `discard` true (set the page aside; rescan and upload it again to read it);
 * - 3 考号无法识别 / 4 考号不是考生: `examNo` (an exam student's 考号), or `discard`;
 * - 5 重复答题卡: `keepPageIds` (the pages kept; the others of that student are set aside) and `reason`;
 * - 6 答题卡缺页: `accept` true (the missing page's questions stay unanswered) — or upload the page;
 * - 7 客观题涂卡异常: `answer` (letters, '' for 未作答);
 * - 8 缺考但有作答: `absent` (true keeps 缺考 and no scores; false scores the answers).
 */
const pageId = idSchema('扫描页');

export const exceptionResolutionSchema = z.object({
  discard: z.boolean().optional(),
  examNo: examNoSchema.optional(),
  keepPageIds: z.array(pageId).min(1, '请选择保留的答题卡').max(20, '最多保留20页').optional(),
  accept: z.boolean().optional(),
  answer: textInput('选项').trim().toUpperCase().max(8, '选项最多8个字母').optional(),
  absent: z.boolean().optional(),
  reason: textSchema('处理说明', { max: 200 }).optional(),
});
export type ExceptionResolution = z.infer<typeof exceptionResolutionSchema>;

export const exceptionSummarySchema = z.object({
  kinds: z.array(z.object({ kind: z.number(), kindName: z.string(), open: z.number(), resolved: z.number() })),
  open: z.number(),
  resolved: z.number(),
});

/** examRecognizeException card count: pages and students' answer sheets of the single exam. */
export const cardCountSchema = z.object({
  pages: z.number(),
  pagesRead: z.number(),
  pagesRefused: z.number(),
  pagesPending: z.number(),
  /** Students with at least one page. */
  sheets: z.number(),
  /** Students whose every card page arrived and was read. */
  completeSheets: z.number(),
  examStudents: z.number(),
});
