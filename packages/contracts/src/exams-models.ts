import { z } from 'zod';
import { dateSchema, idSchema, numberSchema, textInput } from './common.ts';
import { analysisSettingsSchema } from './exam-settings-models.ts';

// Shapes of the exams domain (spec §3 exam concepts, issue #4): multi-exams (meId) with their
// single exams (seId, one course each), exam students, questions and groups. Scores are in
// exam-score-models.ts, the school score configuration (SSC) and level schemes (ELA) in
// exam-settings-models.ts. Ids travel as strings (decisions.md).

/** 1 月考, 2 期中, 3 期末, 4 联考, 5 模拟. */
export const EXAM_TYPES = { 1: '月考', 2: '期中', 3: '期末', 4: '联考', 5: '模拟' } as const;
export type ExamType = keyof typeof EXAM_TYPES;

/** 1 草稿 → 2 进行中 → 3 已完成 (locked, handed to analysis) → 4 已发布. Single exams stop at 3. */
export const EXAM_STATUS = { 1: '草稿', 2: '进行中', 3: '已完成', 4: '已发布' } as const;
export type ExamStatus = keyof typeof EXAM_STATUS;

/**
 * The hidden-student-order setting (spec §3): three digits, a 0 turns an option on
 * (decisions.md, 2026-11-21): digit 1 隐藏名次 (students do not see their ranks), digit 2
 * 隐藏分数 (students see their level, not the score), digit 3 隐藏班级年级统计 (students do not
 * see class and grade figures). '011' (ranks hidden, as the 双减 rules ask) is the default.
 */
export const HIDDEN_OPTIONS = ['隐藏名次', '隐藏分数', '隐藏班级年级统计'] as const;
export const DEFAULT_HIDDEN_STUDENT_ORDER = '011';
export const hiddenStudentOrderSchema = z
  .string({ error: '请设置学生查看选项' })
  .regex(/^[01]{3}$/, '学生查看设置应为3位数字，每位只能是0或1');
/** Whether option `index` (0-based, HIDDEN_OPTIONS) is on: its digit is 0. */
export const hiddenOptionOn = (setting: string, index: number) => setting[index] === '0';

/** 1 objective (machine-scored from the key), 2 subjective. */
export const QUESTION_KINDS = { 1: '客观题', 2: '主观题' } as const;
/** 1 单选, 2 多选, 3 判断 (answers T or F). */
export const OBJECTIVE_TYPES = { 1: '单选题', 2: '多选题', 3: '判断题' } as const;
export type ObjectiveType = keyof typeof OBJECTIVE_TYPES;

const mark = (field: string) =>
  numberSchema(`${field}必须是数字`).pipe(z.number().min(0, `${field}不能为负数`).max(1000, `${field}不能超过1000`));
const name = (field: string, max = 50) =>
  textInput(field, `请输入${field}`).trim().min(1, `请输入${field}`).max(max, `${field}最多${max}个字符`);

export const singleExamSchema = z.object({
  seId: z.string(),
  meId: z.string(),
  schoolId: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  fullMark: z.number(),
  examDate: z.string().nullable(),
  status: z.number(),
  hiddenStudentOrder: z.string(),
  questionCount: z.number(),
  /** Sum of the questions' full marks; equals fullMark when the structure is complete. */
  questionFullMark: z.number(),
  studentCount: z.number(),
  absentCount: z.number(),
  /** Students with a score record (absent ones included). */
  scoredCount: z.number(),
});
export type SingleExam = z.infer<typeof singleExamSchema>;

export const multiExamSchema = z.object({
  meId: z.string(),
  schoolId: z.string(),
  name: z.string(),
  schyId: z.string(),
  schoolYearName: z.string(),
  termId: z.string(),
  termName: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  examType: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number(),
  hiddenStudentOrder: z.string(),
  /** Exams of several schools sharing a key form one 联考. */
  unionKey: z.string().nullable(),
  publishedToStudents: z.boolean(),
  settings: analysisSettingsSchema,
  createdAt: z.string(),
  singleExams: z.array(singleExamSchema),
});
export type MultiExam = z.infer<typeof multiExamSchema>;

export const examStudentSchema = z.object({
  esId: z.string(),
  seId: z.string(),
  studentId: z.string(),
  studentNo: z.string(),
  name: z.string(),
  classId: z.string(),
  className: z.string(),
  examNo: z.string().nullable(),
  room: z.string().nullable(),
  absent: z.boolean(),
});
export type ExamStudent = z.infer<typeof examStudentSchema>;

export const questionGroupSchema = z.object({
  groupId: z.string(),
  seId: z.string(),
  name: z.string(),
  sortOrder: z.number(),
});
export type QuestionGroup = z.infer<typeof questionGroupSchema>;

export const examQuestionSchema = z.object({
  questionId: z.string(),
  seId: z.string(),
  groupId: z.string().nullable(),
  questionNo: z.string(),
  sortOrder: z.number(),
  kind: z.number(),
  objectiveType: z.number().nullable(),
  /** Options A… for choice questions (2–8). */
  optionCount: z.number().nullable(),
  /** The key: letters in order ('AC'), or 'T'/'F' for 判断题; null for subjective questions. */
  answer: z.string().nullable(),
  fullMark: z.number(),
  /** 多选题: the mark for a correct but incomplete choice (any wrong letter scores 0). */
  partialMark: z.number().nullable(),
  knowledgePoints: z.array(z.string()),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

/** One question as the structure editor sends it; questionId absent means new. */
export const questionInputSchema = z.object({
  questionId: idSchema('题目').optional(),
  /** Index into the groups array of the same request, or an existing groupId. */
  groupKey: textInput('大题').max(64, '大题编号最多64个字符').optional(),
  questionNo: name('题号', 20),
  kind: numberSchema('题目类型只能是 1（客观题）或 2（主观题）').refine(
    (k) => k === 1 || k === 2,
    '题目类型只能是 1（客观题）或 2（主观题）',
  ),
  objectiveType: numberSchema('客观题类型只能是 1（单选）、2（多选）或 3（判断）')
    .refine((t) => t === 1 || t === 2 || t === 3, '客观题类型只能是 1（单选）、2（多选）或 3（判断）')
    .nullable()
    .optional(),
  optionCount: numberSchema('选项个数必须是数字')
    .pipe(z.number().int().min(2, '选项个数最少为2').max(8, '选项个数最多为8'))
    .nullable()
    .optional(),
  answer: textInput('答案')
    .trim()
    .toUpperCase()
    .max(8, '答案最多8个字母')
    .regex(/^[A-HTF]*$/, '答案只能是选项字母 A–H，判断题为 T 或 F')
    .nullable()
    .optional(),
  fullMark: mark('满分').refine((m) => m > 0, '满分必须大于0'),
  partialMark: mark('少选得分').nullable().optional(),
  knowledgePoints: z
    .array(textInput('知识点').trim().min(1, '知识点不能为空').max(50, '知识点最多50个字符'))
    .max(10, '知识点最多10个')
    .default([]),
});
export type QuestionInput = z.input<typeof questionInputSchema>;

export const examDates = { startDate: dateSchema('开始日期'), endDate: dateSchema('结束日期') };

export * from './exam-score-models.ts';
export * from './exam-settings-models.ts';
export { mark as markSchema, name as nameSchema };
