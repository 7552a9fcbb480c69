import { z } from 'zod';

// The score-analysis centre's report documents (issue #5). Every figure is defined in
// analysis-definitions.md and computed by packages/stats at full precision; responses carry full
// precision and the web rounds for display (roundHalfUp). Rates and shares are fractions.
//
// A report is stored per (run, kind, subject, scope) when an exam is finalised, published or its
// scores change; report calls only read it. A run is one school's multi-exam (`me:<meId>`) or a
// 联考 of several schools' multi-exams sharing a union key (`union:<unionKey>`).

/** '0' is the total (总分); any other subject key is the course id. */
export const TOTAL_SUBJECT = '0';

/** What the caller may read of one exam: the whole grade, or these classes and courses (class heads: every course of their class). */
export const readScopeSchema = z.object({
  wholeGrade: z.boolean(),
  classIds: z.array(z.string()),
  /** Per class, the subject keys the caller may read ('0' = total). */
  subjectsByClass: z.record(z.string(), z.array(z.string())),
  headClassIds: z.array(z.string()),
});
export type ReadScopeView = z.infer<typeof readScopeSchema>;

export const scopeKindSchema = z.enum(['union', 'area', 'school', 'grade', 'class']);
export type ScopeKind = z.infer<typeof scopeKindSchema>;

/** Who a figure is about: its population (analysis-definitions.md "Every figure states its population"). */
export const scopeRefSchema = z.object({ kind: scopeKindSchema, id: z.string(), name: z.string() });
export type ScopeRef = z.infer<typeof scopeRefSchema>;

export const subjectRefSchema = z.object({
  /** TOTAL_SUBJECT or the course id. */
  subjectKey: z.string(),
  name: z.string(),
  fullMark: z.number(),
  /** The single exam of the course in a school run; null for the total and in union runs. */
  seId: z.string().nullable(),
});
export type SubjectRef = z.infer<typeof subjectRefSchema>;

/** Basic figures of one population for one subject. */
export const summaryFiguresSchema = z.object({
  count: z.number(),
  absent: z.number(),
  mean: z.number(),
  max: z.number(),
  min: z.number(),
  sd: z.number(),
  /** 得分率 = mean / F (also the paper's 难度). */
  scoreRate: z.number(),
  excellentCount: z.number(),
  goodCount: z.number(),
  passCount: z.number(),
  lowCount: z.number(),
  goodBandCount: z.number(),
  excellentRate: z.number(),
  goodRate: z.number(),
  passRate: z.number(),
  lowRate: z.number(),
  goodBandRate: z.number(),
  median: z.number(),
  q1: z.number(),
  q3: z.number(),
});
export type SummaryFigures = z.infer<typeof summaryFiguresSchema>;

export const segmentRowSchema = z.object({
  low: z.number(),
  high: z.number(),
  closedTop: z.boolean(),
  count: z.number(),
  cumulative: z.number(),
  share: z.number(),
  cumulativeShare: z.number(),
});
export type SegmentRow = z.infer<typeof segmentRowSchema>;

/** A child unit (class of a grade, school of a union, area of a union) against its parent. */
export const unitRowSchema = z.object({
  scope: scopeRefSchema,
  /** The school a class belongs to (union runs), for labels. */
  schoolName: z.string().nullable(),
  summary: summaryFiguresSchema.nullable(),
  overMeanRate: z.number().nullable(),
  /** Class T = 50 + 10·(unit mean − parent mean)/σ_parent. */
  tScore: z.number().nullable(),
  /** Competition rank of the unit's mean among its siblings. */
  rank: z.number().nullable(),
  /** Class evaluation (classECSet) and rank-sum ratio (classRSRSet); null for the total of a union's areas. */
  evaluation: z
    .object({
      standardRate: z.number(),
      averageRate: z.number(),
      averageScore: z.number(),
      secsARate: z.number(),
      secsBRate: z.number(),
      variance: z.number(),
      ec: z.number(),
      ecRank: z.number(),
      wrsr: z.number(),
      probit: z.number(),
      /** WRSR on the fitted line; null when fewer than 2 distinct WRSR leave nothing to fit (every class 中). */
      fitted: z.number().nullable(),
      rsrGrade: z.enum(['上', '中', '下']),
      rsrRank: z.number(),
    })
    .nullable(),
});
export type UnitRow = z.infer<typeof unitRowSchema>;

/** kind `overview`: one subject over one scope, with its child units. */
export const overviewReportSchema = z.object({
  subject: subjectRefSchema,
  scope: scopeRefSchema,
  parent: scopeRefSchema.nullable(),
  summary: summaryFiguresSchema.nullable(),
  /** The unit's own 超均率 and class T against its parent (null at the top). */
  overMeanRate: z.number().nullable(),
  tScore: z.number().nullable(),
  rank: z.number().nullable(),
  /** Segments for every allowed width: single course 10–50, total 50–100 (steps of 10). */
  segments: z.record(z.string(), z.array(segmentRowSchema)),
  units: z.array(unitRowSchema),
});
export type OverviewReport = z.infer<typeof overviewReportSchema>;

export const optionShareSchema = z.object({ option: z.string(), count: z.number(), share: z.number() });

export const itemRowSchema = z.object({
  questionId: z.string(),
  questionNo: z.string(),
  groupName: z.string().nullable(),
  /** 1 objective, 2 subjective. */
  kind: z.number(),
  objectiveType: z.number().nullable(),
  answer: z.string().nullable(),
  fullMark: z.number(),
  count: z.number(),
  mean: z.number(),
  /** 难度(得分率) P = mean / full mark. */
  difficulty: z.number(),
  discrimination: z.number().nullable(),
  ebel: z.enum(['很好', '较好', '尚可', '差']).nullable(),
  itemRest: z.number().nullable(),
  zeroCount: z.number(),
  fullCount: z.number(),
  options: z.array(optionShareSchema).nullable(),
  knowledgePoints: z.array(z.string()),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

export const masteryRowSchema = z.object({
  /** A question group name or a knowledge point. */
  name: z.string(),
  questionNos: z.array(z.string()),
  fullMark: z.number(),
  mean: z.number(),
  scoreRate: z.number(),
});
export type MasteryRow = z.infer<typeof masteryRowSchema>;

/** kind `items`: a course's questions over one scope. */
export const itemsReportSchema = z.object({
  subject: subjectRefSchema,
  scope: scopeRefSchema,
  count: z.number(),
  paperDifficulty: z.number().nullable(),
  alpha: z.number().nullable(),
  splitHalf: z.number().nullable(),
  items: z.array(itemRowSchema),
  groups: z.array(masteryRowSchema),
  knowledge: z.array(masteryRowSchema),
});
export type ItemsReport = z.infer<typeof itemsReportSchema>;

export const lineSubjectSchema = z.object({
  subjectKey: z.string(),
  name: z.string(),
  effectiveScore: z.number().nullable(),
  single: z.number(),
  double: z.number(),
  contribution: z.number().nullable(),
  hitRate: z.number().nullable(),
});
/** kind `lines` (grade or union scope): each total line with the subjects' effective scores, also per unit. */
export const linesReportSchema = z.object({
  scope: scopeRefSchema,
  lines: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['score', 'rate']),
      value: z.number(),
      score: z.number().nullable(),
      lineRank: z.number().nullable(),
      onLine: z.number(),
      subjects: z.array(lineSubjectSchema),
      units: z.array(
        z.object({
          scope: scopeRefSchema,
          count: z.number(),
          onLine: z.number(),
          subjects: z.array(lineSubjectSchema),
        }),
      ),
    }),
  ),
});
export type LinesReport = z.infer<typeof linesReportSchema>;

/** kind `subjects` (grade or union scope): every course's paper quality and contribution. */
export const subjectsReportSchema = z.object({
  scope: scopeRefSchema,
  subjects: z.array(
    z.object({
      subject: subjectRefSchema,
      summary: summaryFiguresSchema.nullable(),
      difficulty: z.number().nullable(),
      /** The full-mark-weighted mean of the items' 27% discrimination (Σ Fᵢ·Dᵢ / Σ Fᵢ). */
      discrimination: z.number().nullable(),
      alpha: z.number().nullable(),
      splitHalf: z.number().nullable(),
      /** 学科贡献率 (mean version). */
      contribution: z.number().nullable(),
    }),
  ),
});
export type SubjectsReport = z.infer<typeof subjectsReportSchema>;

/** One student's figures in one subject (null score: absent). */
export const studentSubjectFiguresSchema = z.object({
  score: z.number().nullable(),
  classRank: z.number().nullable(),
  gradeRank: z.number().nullable(),
  /** Rank in the 联考 (union runs only). */
  unionRank: z.number().nullable(),
  classDenseRank: z.number().nullable(),
  gradeDenseRank: z.number().nullable(),
  /** 百分等级 PR (fraction) and the share strictly below ("超过了 X% 的同学"), in the grade. */
  pr: z.number().nullable(),
  beat: z.number().nullable(),
  z: z.number().nullable(),
  t: z.number().nullable(),
  level: z.string().nullable(),
  levelScore: z.number().nullable(),
});
export type StudentSubjectFigures = z.infer<typeof studentSubjectFiguresSchema>;

export const studentRowSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  studentNo: z.string(),
  classId: z.string(),
  className: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  /** Keyed by subject key (TOTAL_SUBJECT for the total). */
  subjects: z.record(z.string(), studentSubjectFiguresSchema),
  /** 偏科: spread of the subject Zs, weakest and strongest course keys, flag. */
  imbalance: z
    .object({ spread: z.number(), weakest: z.string(), strongest: z.string(), flagged: z.boolean() })
    .nullable(),
  /** 进退步 against the previous exam of the grade (same scope and rule); null when not in both. */
  progress: z
    .object({
      previousMeId: z.string(),
      gradeRankChange: z.number().nullable(),
      classRankChange: z.number().nullable(),
      tChange: z.number().nullable(),
    })
    .nullable(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

export const criticalStudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  className: z.string(),
  classId: z.string(),
  schoolName: z.string(),
  total: z.number(),
  rank: z.number(),
  gap: z.number(),
  side: z.enum(['above', 'below']),
  weakest: z.string().nullable(),
});
/** kind `attention` (grade or union scope, per subject): critical, imbalanced, rising and falling students. */
export const attentionReportSchema = z.object({
  subject: subjectRefSchema,
  scope: scopeRefSchema,
  rule: z.object({ mode: z.enum(['score', 'rank']), below: z.number(), above: z.number(), rankBand: z.number() }),
  lines: z.array(
    z.object({
      name: z.string(),
      score: z.number().nullable(),
      lineRank: z.number().nullable(),
      students: z.array(criticalStudentSchema),
    }),
  ),
  imbalanced: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      className: z.string(),
      classId: z.string(),
      schoolName: z.string(),
      spread: z.number(),
      weakest: z.string(),
      strongest: z.string(),
      weakestZ: z.number(),
      strongestZ: z.number(),
    }),
  ),
  previousExam: z.object({ meId: z.string(), name: z.string() }).nullable(),
  movers: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      className: z.string(),
      classId: z.string(),
      schoolName: z.string(),
      score: z.number(),
      rank: z.number(),
      previousRank: z.number(),
      change: z.number(),
      tChange: z.number().nullable(),
    }),
  ),
});
export type AttentionReport = z.infer<typeof attentionReportSchema>;

/** Grade-rank bands of class-level-analysis: top 10%, 10–30%, 30–50%, 50–70%, 70–100%. */
export const RANK_BANDS = [
  { name: '前10%', upTo: 0.1 },
  { name: '10%–30%', upTo: 0.3 },
  { name: '30%–50%', upTo: 0.5 },
  { name: '50%–70%', upTo: 0.7 },
  { name: '70%–100%', upTo: 1 },
] as const;

/** kind `levels` (grade scope, per subject): each class's students per grade-rank band, now and before. */
export const levelsReportSchema = z.object({
  subject: subjectRefSchema,
  scope: scopeRefSchema,
  bands: z.array(z.string()),
  previousExam: z.object({ meId: z.string(), name: z.string() }).nullable(),
  units: z.array(
    z.object({
      scope: scopeRefSchema,
      counts: z.array(z.number()),
      previousCounts: z.array(z.number()).nullable(),
    }),
  ),
});
export type LevelsReport = z.infer<typeof levelsReportSchema>;

export const REPORT_KINDS = ['overview', 'items', 'lines', 'subjects', 'attention', 'levels'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The state of an exam's report computation (status 0 none, 1 queued, 2 running, 3 done, 4 failed). */
export const reportStatusSchema = z.object({
  runKey: z.string(),
  status: z.number(),
  /** 0–100. */
  progress: z.number(),
  message: z.string(),
  /** Why the last computation failed; the previous results stay in place. */
  error: z.string().nullable(),
  computedAt: z.string().nullable(),
  /** True when scores changed after the stored results were computed. */
  stale: z.boolean(),
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;
