import { type AnalysisSettings, DEFAULT_SCORE_CONFIG, type ScoreConfig, scoreConfigSchema } from '@huikao/contracts';
import { roundHalfUp } from '@huikao/stats';

// Pure logic of the analysis-manager forms (the hidden-student-order digits are hidden-options.ts): settings
// defaults and merging, Chinese messages for the contract's zod issues, and level-share sums.

/**
 * A stored configuration over the defaults, field by field: a configuration saved before a field
 * existed (or a partial one) still fills every input. Lines are taken whole when present.
 */
export function mergeScoreConfig(stored: Partial<ScoreConfig> | null | undefined): ScoreConfig {
  const base = structuredClone(DEFAULT_SCORE_CONFIG);
  if (!stored) return base;
  return {
    rates: { ...base.rates, ...stored.rates },
    lines: stored.lines ? stored.lines.map((line) => ({ ...line })) : base.lines,
    critical: { ...base.critical, ...stored.critical },
    segments: { ...base.segments, ...stored.segments },
    bands: { ...base.bands, ...stored.bands },
    classECSet: { ...base.classECSet, ...stored.classECSet },
    classRSRSet: { ...base.classRSRSet, ...stored.classRSRSet },
    imbalanceThreshold: stored.imbalanceThreshold ?? base.imbalanceThreshold,
    excludeZero: stored.excludeZero ?? base.excludeZero,
    rankMode: stored.rankMode ?? base.rankMode,
    studentDisclosure: stored.studentDisclosure ?? base.studentDisclosure,
  };
}

/** The settings a publish starts from: the exam's own, and every class of the exam when none is chosen. */
export function publishSettingsOf(
  settings: Partial<AnalysisSettings> | null | undefined,
  examClassIds: readonly string[],
): AnalysisSettings {
  const chosen = (settings?.classIds ?? []).filter((classId) => examClassIds.includes(classId));
  return {
    ...mergeScoreConfig(settings),
    classIds: chosen.length > 0 ? chosen : [...examClassIds],
    elaId: settings?.elaId ?? null,
  };
}

/** What the server stores for the classes: every class chosen means all (the contract's empty list). */
export function classIdsToSend(chosen: readonly string[], examClassIds: readonly string[]): string[] {
  const all = examClassIds.length > 0 && examClassIds.every((classId) => chosen.includes(classId));
  return all ? [] : [...chosen];
}

/** Chinese names of the configuration's fields, by zod path (array indexes left out). */
const FIELD_LABELS: Record<string, string> = {
  'rates.excellent': '优秀率',
  'rates.good': '良好率',
  'rates.pass': '及格率',
  'rates.low': '低分率',
  lines: '分数线',
  'lines.name': '分数线名称',
  'lines.kind': '分数线类型',
  'lines.value': '分数线的值',
  'critical.mode': '临界生方式',
  'critical.below': '临界下浮分数',
  'critical.above': '临界上浮分数',
  'critical.rankBand': '临界名次范围',
  'segments.single': '单科分段宽度',
  'segments.total': '总分分段宽度',
  'bands.secsA': '前段比例',
  'bands.secsB': '中段比例',
  'classECSet.standardScore': '班级评价标准分',
  'classECSet.standardRateWeight': '班级评价达标率权重',
  'classECSet.averageRateWeight': '班级评价均分率权重',
  'classECSet.secsARateWeight': '班级评价前段率权重',
  'classECSet.secsBRateWeight': '班级评价中段率权重',
  'classECSet.varianceWeight': '班级评价离散度权重',
  'classRSRSet.standardScore': '综合评比标准分',
  'classRSRSet.standardRateWeight': '综合评比达标率权重',
  'classRSRSet.averageScoreWeight': '综合评比均分权重',
  'classRSRSet.secsARateWeight': '综合评比前段率权重',
  'classRSRSet.secsBRateWeight': '综合评比中段率权重',
  imbalanceThreshold: '偏科阈值',
  excludeZero: '排除零分',
  rankMode: '名次方式',
  studentDisclosure: '学生可见名次',
  classIds: '参与分析的班级',
  elaId: '等级赋分方案',
};

export function fieldLabel(path: ReadonlyArray<PropertyKey>): string {
  const key = path.filter((part) => typeof part === 'string').join('.');
  return FIELD_LABELS[key] ?? key;
}

/** The part of a zod issue the messages need. */
export interface ConfigIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  divisor?: number;
}

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** The contract's own message when it is Chinese; else one built from the field's name and the rule. */
export function chineseMessage(issue: ConfigIssue): string {
  if (HAS_CHINESE.test(issue.message)) return issue.message;
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'too_small':
      return `${label}${issue.inclusive === false ? '必须大于' : '不能小于'}${issue.minimum}`;
    case 'too_big':
      return `${label}${issue.inclusive === false ? '必须小于' : '不能大于'}${issue.maximum}`;
    case 'not_multiple_of':
      return `${label}必须是${issue.divisor}的倍数`;
    case 'invalid_type':
      return `请填写${label}`;
    default:
      return `${label}有误`;
  }
}

export interface FieldError {
  /** The form field's name path (indexes as numbers, as antd's Form.List uses them). */
  name: Array<string | number>;
  message: string;
}

/** Form errors for a value checked against a schema (scoreConfigSchema by default); empty when valid. */
export function configErrors(
  value: unknown,
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: ConfigIssue[] } } } = scoreConfigSchema,
): FieldError[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return (result.error?.issues ?? []).map((issue) => ({
    name: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
    message: chineseMessage(issue),
  }));
}

/** The rule the contract cannot state per field: the rate thresholds fall from 优秀 to 低分. */
export function ratesOrderError(rates: ScoreConfig['rates']): FieldError | null {
  if (rates.excellent >= rates.good && rates.good >= rates.pass && rates.pass >= rates.low) return null;
  return { name: ['rates', 'low'], message: '比率阈值应满足 优秀 ≥ 良好 ≥ 及格 ≥ 低分' };
}

// ---- Level schemes (ELA): shares are edited as percentages and stored as fractions. ----

export interface LevelRow {
  name: string;
  /** The level's own share in percent. */
  sharePercent: number;
  high: number;
  low: number;
}

/** Rounds away binary noise (0.1 + 0.2) so sums compare exactly at two decimals. */

/** Each level's cumulative share in percent, from the top level down. */
export function cumulativeShares(levels: ReadonlyArray<Pick<LevelRow, 'sharePercent'>>): number[] {
  let sum = 0;
  return levels.map((level) => {
    sum = roundHalfUp(sum + (Number(level.sharePercent) || 0));
    return sum;
  });
}

export function shareTotal(levels: ReadonlyArray<Pick<LevelRow, 'sharePercent'>>): number {
  return cumulativeShares(levels).at(-1) ?? 0;
}

/** The refusal when the shares do not add up to 100%, else null. */
export function shareTotalError(levels: ReadonlyArray<Pick<LevelRow, 'sharePercent'>>): string | null {
  const total = shareTotal(levels);
  return total === 100 ? null : `各等级比例之和应为100%，当前为${total}%`;
}

/** The first level whose score range is upside down (high below low), as a message. */
export function levelRangeError(levels: readonly LevelRow[]): string | null {
  const wrong = levels.find((level) => level.high < level.low);
  return wrong ? `等级“${wrong.name}”的赋分上限不能低于下限` : null;
}

export function levelRowsOf(levels: ReadonlyArray<{ name: string; share: number; high: number; low: number }>) {
  return levels.map((level) => ({
    name: level.name,
    sharePercent: roundHalfUp(level.share * 100),
    high: level.high,
    low: level.low,
  }));
}

export function levelsToSend(rows: readonly LevelRow[]) {
  return rows.map((row) => ({
    name: row.name.trim(),
    share: Math.round(row.sharePercent * 100) / 10_000,
    high: row.high,
    low: row.low,
  }));
}

/** A new scheme starts with five levels A–E sharing 100% (the 3+1+2 shares). */
export const NEW_SCHEME_LEVELS: LevelRow[] = [
  { name: 'A', sharePercent: 15, high: 100, low: 86 },
  { name: 'B', sharePercent: 35, high: 85, low: 71 },
  { name: 'C', sharePercent: 35, high: 70, low: 56 },
  { name: 'D', sharePercent: 13, high: 55, low: 41 },
  { name: 'E', sharePercent: 2, high: 40, low: 30 },
];

/** The configuration part of a form's values (the publish form carries more fields). */
export function pickScoreConfig(values: ScoreConfig): ScoreConfig {
  const { rates, lines, critical, segments, bands, classECSet, classRSRSet } = values;
  const { imbalanceThreshold, excludeZero, rankMode, studentDisclosure } = values;
  return {
    rates,
    lines: lines ?? [],
    critical,
    segments,
    bands,
    classECSet,
    classRSRSet,
    imbalanceThreshold,
    excludeZero: Boolean(excludeZero),
    rankMode,
    studentDisclosure: studentDisclosure ?? 'beat',
  };
}

/** Every refusal of a configuration: the contract's schema, then the thresholds' order. */
export function scoreConfigErrors(config: ScoreConfig): FieldError[] {
  const errors = configErrors(config);
  if (errors.length > 0) return errors;
  const order = ratesOrderError(config.rates);
  return order ? [order] : [];
}
