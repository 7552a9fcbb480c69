import { z } from 'zod';
import { anyIdSchema, idSchema, numberSchema, textInput } from './common.ts';
import { named, paperDetailSchema, paperSummarySchema, questionSchema } from './question-bank-models.ts';

// Shapes of the school bank (issue #6 item 9) and of the question importers (Excel, Word): the
// school's own questions and papers with their review status, and the imported questions the
// teacher checks and corrects before they are saved.

/** Status of a school question or paper: 1 published to the school, 2 draft (to review), 3 withdrawn. */
export const SCHOOL_STATUS = { published: 1, draft: 2, withdrawn: 3 } as const;
export const SCHOOL_STATUS_NAMES: Record<number, string> = { 1: '已发布', 2: '待审核', 3: '已撤回' };

/** Options of a choice question: A … F. */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const MAX_IMPORT_QUESTIONS = 500;

const text = (field: string, max: number) => textInput(field).max(max, `${field}最多${max}个字符`);
/** An optional id filter: empty, '0' or absent is "any" (undefined). */
export const anyId = anyIdSchema;

/**
 * One question as the teacher saves it (an import's corrected row, a new or edited school question).
 * The server checks it again: the type and the tree nodes belong to the course, an objective answer
 * names existing options.
 */
export const bankQuestionInputSchema = z.object({
  questionTypeId: idSchema('题型'),
  difficulty: numberSchema('难度必须是 1 到 5').pipe(
    z.number().int('难度必须是 1 到 5').min(1, '难度必须是 1 到 5').max(5, '难度必须是 1 到 5'),
  ),
  stem: text('题干', 5000).trim().min(1, '题干不能为空'),
  options: z
    .array(text('选项', 1000).trim(), { error: '选项必须是列表' })
    .max(OPTION_LETTERS.length, `选项最多${OPTION_LETTERS.length}个`)
    .default([]),
  answer: text('答案', 2000).trim().default(''),
  explanation: text('解析', 5000).trim().default(''),
  knowledgePointIds: z.array(idSchema('知识点'), { error: '知识点必须是列表' }).max(10, '知识点最多10个').default([]),
  chapterIds: z.array(idSchema('章节'), { error: '章节必须是列表' }).max(10, '章节最多10个').default([]),
  year: z
    .union([z.number(), z.string(), z.null()], { error: '年份应为四位数字' })
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
    .pipe(z.number().int('年份应为四位数字').min(1950, '年份应为四位数字').max(2100, '年份应为四位数字').nullable()),
  gradeId: anyId('年级').transform((v) => v ?? null),
  score: z
    .union([z.number(), z.null()], { error: '分值必须是数字' })
    .optional()
    .transform((v) => v ?? null)
    .pipe(z.number().min(0, '分值不能小于0').max(200, '分值最大为200').nullable()),
  /** The paper section (大题) of a Word paper, e.g. 一、选择题. */
  section: text('大题名称', 50).trim().optional(),
});
export type BankQuestionInput = z.output<typeof bankQuestionInputSchema>;
/** What a form sends before the schema's defaults and conversions. */
export type BankQuestionDraftInput = z.input<typeof bankQuestionInputSchema>;

/** An imported question in the preview: what was read, resolved against the course, and its problems. */
export const importedQuestionSchema = z.object({
  /** Order in the file (the question number of a Word paper). */
  no: z.number(),
  /** The Excel row, or null for a Word paper. */
  rowNo: z.number().nullable(),
  section: z.string().nullable(),
  questionTypeId: z.string().nullable(),
  questionTypeName: z.string(),
  difficulty: z.number(),
  stem: z.string(),
  options: z.array(z.string()),
  answer: z.string(),
  explanation: z.string(),
  knowledgePoints: z.array(named),
  chapters: z.array(named),
  year: z.number().nullable(),
  gradeId: z.string().nullable(),
  score: z.number().nullable(),
  /** Things the teacher should look at (a dropped picture, no answer found); they do not stop the import. */
  notes: z.array(z.string()),
  /** Problems that stop this question from being saved until corrected. */
  errors: z.array(z.string()),
});
export type ImportedQuestion = z.infer<typeof importedQuestionSchema>;

export const questionImportPreviewSchema = z.object({
  fileName: z.string(),
  courseId: z.string(),
  /** A Word paper's title (its first line), to save the paper under; null for Excel. */
  title: z.string().nullable(),
  questions: z.array(importedQuestionSchema),
  validCount: z.number(),
  errorCount: z.number(),
  /** Notes about the whole file (pictures dropped, lines that belong to no question). */
  notes: z.array(z.string()),
});
export type QuestionImportPreview = z.infer<typeof questionImportPreviewSchema>;

export const questionImportResultSchema = z.object({
  created: z.number(),
  quesIds: z.array(z.string()),
  /** The school paper made from a Word paper, when one was asked for. */
  paperId: z.string().nullable(),
});
export type QuestionImportResult = z.infer<typeof questionImportResultSchema>;

/** A school question with its review status (校本试题管理). */
export const schoolQuestionSchema = questionSchema.extend({
  status: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SchoolQuestion = z.infer<typeof schoolQuestionSchema>;

export const schoolQuestionPageSchema = z.object({
  list: z.array(schoolQuestionSchema),
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
});
export type SchoolQuestionPage = z.infer<typeof schoolQuestionPageSchema>;

export const schoolPaperSchema = paperSummarySchema.extend({ status: z.number(), createdAt: z.string() });
export type SchoolPaper = z.infer<typeof schoolPaperSchema>;

export const schoolPaperPageSchema = z.object({
  list: z.array(schoolPaperSchema),
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
});
export type SchoolPaperPage = z.infer<typeof schoolPaperPageSchema>;

export const schoolPaperDetailSchema = paperDetailSchema.extend({ status: z.number(), createdAt: z.string() });
export type SchoolPaperDetail = z.infer<typeof schoolPaperDetailSchema>;

/** A teacher's own imported question (userquestions/own). */
export const ownQuestionPageSchema = z.object({
  list: z.array(questionSchema),
  total: z.number(),
  pageIndex: z.number(),
  limit: z.number(),
});
export type OwnQuestionPage = z.infer<typeof ownQuestionPageSchema>;
