import { z } from 'zod';
import { idSchema, intInSchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// The standard answer on the marking desk (issue #17, marking.md "The marking desk": "the
// question's standard answer and scoring notes one key away"). Per subjective question, entered by
// the school administrator on 阅卷设置; the exam's standard papers (标准答案, 评分细则 of 试卷制作)
// come with them. Text with `$…$` formulas, as the question bank's text (rendered by KaTeX).

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response });

export const STANDARD_ANSWER_MAX = 5000;

/** One subjective question's standard answer; null texts: not entered (未录入标准答案). */
export const questionAnswerSchema = z.object({
  questionId: z.string(),
  questionNo: z.string(),
  fullMarks: z.number(),
  answer: z.string().nullable(),
  notes: z.string().nullable(),
  /** 0 while never saved; a save names the version it read. */
  version: z.number(),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** What the desk shows: the 题块's questions and the exam's standard papers (kind 1 标准答案, 2 评分细则). */
export const deskStandardAnswerSchema = z.object({
  questions: z.array(questionAnswerSchema),
  papers: z.array(z.object({ kind: z.number(), title: z.string(), content: z.string() })),
});
export type DeskStandardAnswer = z.infer<typeof deskStandardAnswerSchema>;

export const standardAnswerInputSchema = z.object({
  seId: idSchema('科目考试'),
  questionId: idSchema('题目'),
  answer: textSchema('标准答案', { min: 1, max: STANDARD_ANSWER_MAX }),
  notes: textSchema('评分细则', { max: STANDARD_ANSWER_MAX }).default(''),
  version: intInSchema('版本号不正确', 0, 1_000_000_000),
});

export const markingAnswersApi = {
  /** The desk: for markers and 题组长 of the 题块 (temporary accounts within their tasks). */
  standardAnswer: j('examMark/standardAnswer', { blockId: idSchema('题块') }, deskStandardAnswerSchema),
  /** 阅卷设置: every subjective question of the exam with its standard answer (administrator). */
  findStandardAnswers: j('examMark/findStandardAnswers', { seId: idSchema('科目考试') }, z.array(questionAnswerSchema)),
  saveStandardAnswer: j('examMark/saveStandardAnswer', standardAnswerInputSchema.shape, questionAnswerSchema),
};
