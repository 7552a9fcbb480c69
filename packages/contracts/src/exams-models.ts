import { z } from 'zod';
import { dateSchema, idSchema, numberSchema } from './common.ts';

// Shapes of the exams domain (spec §3 exam concepts, issue #4): multi-exams (meId) with their
// single exams (seId, one course each), exam students, questions and groups, student scores,
// standard papers, score records, the school score configuration (SSC) and level schemes (ELA).
// Ids travel as strings in requests (common.ts) and as numbers in responses.

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
  z
    .string({ error: `请输入${field}` })
    .trim()
    .min(1, `请输入${field}`)
    .max(max, `${field}最多${max}个字符`);

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

/** Per-exam analysis settings (analysis-definitions.md "(setting)"), copied from the SSC at creation. */
export const rateThresholdsSchema = z.object({
  excellent: z.number().min(0).max(100),
  good: z.number().min(0).max(100),
  pass: z.number().min(0).max(100),
  low: z.number().min(0).max(100),
});
export const scoreLineSchema = z.object({
  name: name('分数线名称', 20),
  /** `score`: the line is a score; `rate`: the score of the student at rank ⌈value·N⌉. */
  kind: z.enum(['score', 'rate'], { error: '分数线类型只能是 score 或 rate' }),
  value: z.number({ error: '分数线的值必须是数字' }).min(0, '分数线的值不能为负数'),
});
export const classECSetSchema = z.object({
  standardScore: z.number(),
  standardRateWeight: z.number(),
  averageRateWeight: z.number(),
  secsARateWeight: z.number(),
  secsBRateWeight: z.number(),
  varianceWeight: z.number(),
});
export const classRSRSetSchema = z.object({
  standardScore: z.number(),
  standardRateWeight: z.number(),
  averageScoreWeight: z.number(),
  secsARateWeight: z.number(),
  secsBRateWeight: z.number(),
});
export const scoreConfigSchema = z.object({
  /** Thresholds as a percentage of the full mark. */
  rates: rateThresholdsSchema,
  /** Total-score lines (上线). */
  lines: z.array(scoreLineSchema).max(5, '分数线最多5条'),
  /** 临界生: by score (line − below ≤ total < line + above) or by rank (|rank − line rank| ≤ rankBand). */
  critical: z.object({
    mode: z.enum(['score', 'rank']),
    below: z.number().min(0),
    above: z.number().min(0),
    rankBand: z.number().int().min(0),
  }),
  /** Score-segment widths: single subject 10–50, totals 50–100, steps of 10 (spec §5). */
  segments: z.object({
    single: z.number().int().min(10, '单科分段宽度最小为10').max(50, '单科分段宽度最大为50').multipleOf(10),
    total: z.number().int().min(50, '总分分段宽度最小为50').max(100, '总分分段宽度最大为100').multipleOf(10),
  }),
  /** secsA: the grade's top share; secsB: the band from secsA to secsB (fractions). */
  bands: z.object({ secsA: z.number().min(0).max(1), secsB: z.number().min(0).max(1) }),
  classECSet: classECSetSchema,
  classRSRSet: classRSRSetSchema,
  /** 偏科 flag when the highest minus the lowest subject Z reaches this. */
  imbalanceThreshold: z.number().min(0),
  /** Also exclude zero scores from statistics (absentees are always excluded). */
  excludeZero: z.boolean(),
  /** 名次: competition (1,1,3) or dense (1,1,2) for display. */
  rankMode: z.enum(['competition', 'dense']),
});
export type ScoreConfig = z.infer<typeof scoreConfigSchema>;

/** The analysis-definitions.md defaults and the spec §3 weight sets. */
export const DEFAULT_SCORE_CONFIG: ScoreConfig = {
  rates: { excellent: 85, good: 70, pass: 60, low: 40 },
  lines: [
    { name: '重点线', kind: 'rate', value: 0.15 },
    { name: '本科线', kind: 'rate', value: 0.5 },
  ],
  critical: { mode: 'score', below: 20, above: 10, rankBand: 20 },
  segments: { single: 10, total: 50 },
  bands: { secsA: 0.2, secsB: 0.5 },
  classECSet: {
    standardScore: 55,
    standardRateWeight: 0.3,
    averageRateWeight: 0.4,
    secsARateWeight: 0.1,
    secsBRateWeight: 0.2,
    varianceWeight: -0.1,
  },
  classRSRSet: {
    standardScore: 55,
    standardRateWeight: 0.3,
    averageScoreWeight: 0.2,
    secsARateWeight: 0.3,
    secsBRateWeight: 0.2,
  },
  imbalanceThreshold: 1,
  excludeZero: false,
  rankMode: 'competition',
};

/** What analysis-manager sets when publishing: the classes analysed (empty = all) and the settings. */
export const analysisSettingsSchema = scoreConfigSchema.extend({
  classIds: z.array(z.string()),
  /** Level scheme (ELA) applied to level-scored courses, if any. */
  elaId: z.string().nullable(),
});
export type AnalysisSettings = z.infer<typeof analysisSettingsSchema>;

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
  groupKey: z.string().max(64).optional(),
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
  answer: z
    .string()
    .trim()
    .toUpperCase()
    .max(8, '答案最多8个字母')
    .regex(/^[A-HTF]*$/, '答案只能是选项字母 A–H，判断题为 T 或 F')
    .nullable()
    .optional(),
  fullMark: mark('满分').refine((m) => m > 0, '满分必须大于0'),
  partialMark: mark('少选得分').nullable().optional(),
  knowledgePoints: z
    .array(z.string().trim().min(1).max(50, '知识点最多50个字符'))
    .max(10, '知识点最多10个')
    .default([]),
});
export type QuestionInput = z.input<typeof questionInputSchema>;

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

/** One student's scores as an editor sends them: a score or a choice per question, or a total only. */
export const scoreInputSchema = z.object({
  studentId: idSchema('学生'),
  absent: z.boolean().optional(),
  scores: z.record(z.string(), z.number({ error: '分数必须是数字' }).nullable()).default({}),
  choices: z.record(z.string(), z.string().trim().toUpperCase().max(8).nullable()).default({}),
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

/** A level-score scheme (等级赋分): levels from the top with their cumulative-share step and score range. */
export const examLevelSchema = z.object({
  name: name('等级名称', 10),
  /** The level's own share of students (fraction); shares add up to 1. */
  share: z.number().gt(0, '等级比例必须大于0').max(1, '等级比例不能超过1'),
  high: z.number().int('赋分必须是整数').min(0).max(1000),
  low: z.number().int('赋分必须是整数').min(0).max(1000),
});
export const examLevelSchemeSchema = z.object({
  elaId: z.string(),
  schoolId: z.string().nullable(),
  areaId: z.string().nullable(),
  name: z.string(),
  builtIn: z.boolean(),
  levels: z.array(examLevelSchema),
});
export type ExamLevelScheme = z.infer<typeof examLevelSchemeSchema>;

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
  students: z.number(),
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

export const examDates = { startDate: dateSchema('开始日期'), endDate: dateSchema('结束日期') };
export { mark as markSchema, name as nameSchema };

const levels = (names: string | string[], shares: number[], ranges: [number, number][]) =>
  shares.map((share, i) => ({ name: names[i] as string, share, high: ranges[i]![0], low: ranges[i]![1] }));

/** The analysis-definitions.md schemes, with negative ids so they never meet a stored scheme's. */
export const BUILT_IN_LEVEL_SCHEMES: ExamLevelScheme[] = [
  {
    elaId: '-1',
    schoolId: null,
    areaId: null,
    name: '3+1+2 等级赋分',
    builtIn: true,
    levels: levels(
      'ABCDE',
      [0.15, 0.35, 0.35, 0.13, 0.02],
      [
        [100, 86],
        [85, 71],
        [70, 56],
        [55, 41],
        [40, 30],
      ],
    ),
  },
  {
    elaId: '-2',
    schoolId: null,
    areaId: null,
    name: '广东 等级赋分',
    builtIn: true,
    levels: levels(
      'ABCDE',
      [0.17, 0.33, 0.33, 0.15, 0.02],
      [
        [100, 83],
        [82, 71],
        [70, 59],
        [58, 41],
        [40, 30],
      ],
    ),
  },
  {
    elaId: '-3',
    schoolId: null,
    areaId: null,
    name: '山东 等级赋分',
    builtIn: true,
    levels: levels(
      ['A', 'B+', 'B', 'C+', 'C', 'D+', 'D', 'E'],
      [0.03, 0.07, 0.16, 0.24, 0.24, 0.16, 0.07, 0.03],
      [
        [100, 91],
        [90, 81],
        [80, 71],
        [70, 61],
        [60, 51],
        [50, 41],
        [40, 31],
        [30, 21],
      ],
    ),
  },
];
