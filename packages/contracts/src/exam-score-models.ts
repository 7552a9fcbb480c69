import { z } from 'zod';
import { idSchema, textInput, textRules } from './common.ts';

// Scores of the exams domain (issue #4): a student's paper, score input, standard papers, exam
// documents, score records, score import, and students' own views.

/** A student's paper of one single exam: question scores and objective choices, totals derived. */
export const studentScoreSchema = z.object({
  esId: z.string(),
  studentId: z.string(),
  studentNo: z.string(),
  name: z.string(),
  classId: z.string(),
  className: z.string(),
  absent: z.boolean(),
  /** questionId → score; a missing key is a question not yet scored. */
  scores: z.record(z.string(), z.number()),
  /** questionId → letters chosen ('' = left blank), objective questions only. */
  choices: z.record(z.string(), z.string()),
  objectiveScore: z.number().nullable(),
  subjectiveScore: z.number().nullable(),
  /** Null when absent or not yet scored. */
  totalScore: z.number().nullable(),
  /** Competition ranks among present students (analysis-definitions.md), null when absent. */
  classRank: z.number().nullable(),
  gradeRank: z.number().nullable(),
});
export type StudentScore = z.infer<typeof studentScoreSchema>;

/** A question's key in a score row (its id), under the text rules like every parameter. */
const questionKey = z.string().superRefine(textRules('题目'));

/** One student's scores as an editor sends them: a score or a choice per question, or a total only. */
export const scoreInputSchema = z.object({
  studentId: idSchema('学生'),
  absent: z.boolean().optional(),
  scores: z.record(questionKey, z.number({ error: '分数必须是数字' }).nullable()).default({}),
  choices: z
    .record(questionKey, textInput('选项').trim().toUpperCase().max(8, '选项最多8个字母').nullable())
    .default({}),
  /** Only for single exams without a question structure. */
  totalScore: z.number({ error: '总分必须是数字' }).nullable().optional(),
});
export type ScoreInput = z.input<typeof scoreInputSchema>;

/** 1 标准答案, 2 评分细则. */
export const STANDARD_PAPER_KINDS = { 1: '标准答案', 2: '评分细则' } as const;
export const standardPaperSchema = z.object({
  spId: z.string(),
  seId: z.string(),
  meId: z.string(),
  courseName: z.string(),
  kind: z.number(),
  title: z.string(),
  content: z.string(),
  /** An attached document (exam-doc), if any. */
  docId: z.string().nullable(),
  fileName: z.string().nullable(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type StandardPaper = z.infer<typeof standardPaperSchema>;

/** 1 试卷, 2 标准答案, 3 评分细则, 4 其他. */
export const EXAM_DOC_KINDS = { 1: '试卷', 2: '标准答案', 3: '评分细则', 4: '其他' } as const;
export const examDocSchema = z.object({
  docId: z.string(),
  meId: z.string(),
  examName: z.string(),
  seId: z.string().nullable(),
  courseName: z.string().nullable(),
  kind: z.number(),
  fileName: z.string(),
  size: z.number(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type ExamDoc = z.infer<typeof examDocSchema>;

/**
 * singleExamStudentQuestionRecord: a score change. Written (status 2 已生效) by every import,
 * manual edit and key change; a teacher's correction request is saved as status 1 待审核 and
 * applied by updateSESQRecordToStuScoreByIds.
 */
export const SCORE_RECORD_STATUS = { 1: '待审核', 2: '已生效', 3: '已驳回' } as const;
export const SCORE_RECORD_SOURCES = {
  import: '导入',
  manual: '手工录入',
  key: '答案修改',
  card: '答题卡',
  correction: '成绩更正',
  question: '题目修改',
  scan: '扫描识别',
  online: '在线考试',
  marking: '网上阅卷',
} as const;
export const scoreRecordSchema = z.object({
  recordId: z.string(),
  seId: z.string(),
  courseName: z.string(),
  studentId: z.string(),
  studentNo: z.string(),
  studentName: z.string(),
  /** Null for a total-only score or the absent flag. */
  questionId: z.string().nullable(),
  questionNo: z.string().nullable(),
  oldScore: z.number().nullable(),
  newScore: z.number().nullable(),
  oldChoice: z.string().nullable(),
  newChoice: z.string().nullable(),
  reason: z.string(),
  source: z.string(),
  status: z.number(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type ScoreRecord = z.infer<typeof scoreRecordSchema>;

/** Score import (issue #4 item 3): one checked row, with every problem in Chinese. */
export const scoreImportRowSchema = z.object({
  sheet: z.string(),
  rowNo: z.number(),
  studentNo: z.string(),
  name: z.string(),
  className: z.string(),
  /** Cells by column title, as read. */
  values: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
  /** The errors that belong to one cell, by column title (学号, 姓名, 缺考, a 题号 or 总分). */
  cellErrors: z.record(z.string(), z.array(z.string())),
});
export const scoreImportPreviewSchema = z.object({
  meId: z.string(),
  seId: z.string().nullable(),
  /** Per sheet (one per single exam): its course and column titles. */
  sheets: z.array(z.object({ sheet: z.string(), seId: z.string(), columns: z.array(z.string()) })),
  rows: z.array(scoreImportRowSchema),
  validCount: z.number(),
  errorCount: z.number(),
});
export type ScoreImportPreview = z.infer<typeof scoreImportPreviewSchema>;
export const scoreImportResultSchema = z.object({
  /** Distinct students written (a student with rows on several sheets counts once). */
  students: z.number(),
  /** Rows written, over every sheet. */
  rows: z.number(),
  addedStudents: z.number(),
  changedScores: z.number(),
  unchanged: z.number(),
  skipped: z.array(z.object({ sheet: z.string(), rowNo: z.number(), errors: z.array(z.string()) })),
});
export type ScoreImportResult = z.infer<typeof scoreImportResultSchema>;

/** Student view of one exam (student-exam-list, /findStudentDetailPaper), filtered by hiddenStudentOrder. */
export const studentExamSubjectSchema = z.object({
  seId: z.string(),
  courseName: z.string(),
  fullMark: z.number(),
  absent: z.boolean(),
  /** Null when 隐藏分数 is on (level shown instead) or absent. */
  score: z.number().nullable(),
  /** 优秀/良好/及格/待及格 by the exam's rate thresholds. */
  level: z.string().nullable(),
  classRank: z.number().nullable(),
  gradeRank: z.number().nullable(),
  classAverage: z.number().nullable(),
  gradeAverage: z.number().nullable(),
  gradeMax: z.number().nullable(),
});
export const studentExamSchema = z.object({
  meId: z.string(),
  name: z.string(),
  examType: z.number(),
  startDate: z.string(),
  gradeName: z.string(),
  hiddenStudentOrder: z.string(),
  subjects: z.array(studentExamSubjectSchema),
  total: studentExamSubjectSchema.omit({ seId: true, courseName: true }).nullable(),
});
export type StudentExam = z.infer<typeof studentExamSchema>;

/** One student's paper: each question's score and chosen option against the key. */
export const studentPaperSchema = z.object({
  meId: z.string(),
  examName: z.string(),
  seId: z.string(),
  courseName: z.string(),
  fullMark: z.number(),
  student: z.object({ studentId: z.string(), name: z.string(), studentNo: z.string(), className: z.string() }),
  absent: z.boolean(),
  totalScore: z.number().nullable(),
  hiddenStudentOrder: z.string(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      questionNo: z.string(),
      groupName: z.string().nullable(),
      kind: z.number(),
      objectiveType: z.number().nullable(),
      fullMark: z.number(),
      answer: z.string().nullable(),
      choice: z.string().nullable(),
      score: z.number().nullable(),
      /** Mean of present students on this question in the school grade; null when hidden. */
      gradeAverage: z.number().nullable(),
      knowledgePoints: z.array(z.string()),
    }),
  ),
});
export type StudentPaper = z.infer<typeof studentPaperSchema>;
