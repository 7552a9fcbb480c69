import { z } from 'zod';
import { idSchema, textInput } from './common.ts';

// Exam settings (issue #4): the school score configuration (SSC) with the analysis-definitions.md
// defaults, the per-exam analysis settings copied from it, and level-score schemes (ELA).

const name = (field: string, max: number) =>
  textInput(field, `请输入${field}`).trim().min(1, `请输入${field}`).max(max, `${field}最多${max}个字符`);

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
  /** What students see of ranks: exact rank, a rank band, or only the share beaten (analysis-reports.md). */
  studentDisclosure: z.enum(['rank', 'band', 'beat'], { error: '学生名次公开方式不正确' }).default('beat'),
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
  studentDisclosure: 'beat',
};

/** What analysis-manager sets when publishing: the classes analysed (empty = all) and the settings. */
export const analysisSettingsSchema = scoreConfigSchema.extend({
  classIds: z.array(idSchema('班级'), { error: '班级必须是列表' }).max(500, '班级最多500个'),
  /** Level scheme (ELA) applied to level-scored courses, if any. */
  elaId: z.lazy(() => elaIdSchema).nullable(),
});
export type AnalysisSettings = z.infer<typeof analysisSettingsSchema>;

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

/** A level scheme's id: a school's or area's scheme (a database id) or a built-in one (negative). */
export const elaIdSchema = z.union(
  [z.enum(BUILT_IN_LEVEL_SCHEMES.map((s) => s.elaId) as [string, ...string[]]), idSchema('等级方案')],
  { error: '等级方案编号不正确' },
);
