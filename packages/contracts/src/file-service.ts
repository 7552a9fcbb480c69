import { z } from 'zod';
import { idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { file, meId, schoolId } from './exam-call-kit.ts';

const examImportParams = z.object({ schoolId, schyId: idSchema('学年'), termId: idSchema('学期') });

const examImportRowSchema = z.object({
  sheet: z.string(),
  rowNo: z.number(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
  cellErrors: z.record(z.string(), z.array(z.string())),
});

export const examImportPreviewSchema = z.object({
  exam: z.object({ name: z.string(), gradeName: z.string(), startDate: z.string(), endDate: z.string() }),
  subjects: z.array(z.object({ courseName: z.string(), questionCount: z.number(), fullMark: z.number() })),
  studentCount: z.number(),
  /** Every sheet's column titles, in sheet order. */
  sheets: z.array(z.object({ sheet: z.string(), columns: z.array(z.string()) })),
  rows: z.array(examImportRowSchema),
  validCount: z.number(),
  errorCount: z.number(),
});
export type ExamImportPreview = z.infer<typeof examImportPreviewSchema>;

export const examImportResultSchema = z.object({
  meId: z.string(),
  subjects: z.number(),
  questions: z.number(),
  students: z.number(),
  changedScores: z.number(),
});
export type ExamImportResult = z.infer<typeof examImportResultSchema>;

// The file service (spec §7 /cg_exam_szy, issue #19 part 2): JSON bodies, file answers.

export const fileServiceApi = {
  /** 考务安排 of a multi exam as Word: subjects and dates, rooms with location, seats, examinees and 监考教师. */
  wordExportInfo: endpoint('file', 'pk/wordExportInfo', {
    kind: 'json',
    access: 'session',
    params: z.object({ schoolId, meId }),
    response: file,
    loading: true,
  }),
  /** 一键导入考试 template: 考试信息, 题目结构, 学生 and one score sheet per subject, with an example. */
  examImportTemplate: endpoint('file', 'exam/importTemplate', {
    kind: 'json',
    access: 'session',
    params: z.object({ schoolId }),
    response: file,
  }),
  /** The workbook read and checked row by row (Chinese errors per row and cell); nothing is stored. */
  examImportPreview: endpoint('file', 'exam/importPreview', {
    kind: 'multipart',
    access: 'session',
    params: examImportParams,
    response: examImportPreviewSchema,
    loading: true,
  }),
  /** 一键导入考试: the exam, subjects, questions, students and scores in ONE transaction; any bad row refuses all. */
  examImport: endpoint('file', 'exam/import', {
    kind: 'multipart',
    access: 'session',
    params: examImportParams,
    response: examImportResultSchema,
    loading: true,
  }),
};
