import type { AttentionReport, ItemRow, ItemsReport, OverviewReport, SummaryFigures, UnitRow } from '@huikao/contracts';

// Report documents for the school-area views' unit tests, shaped as the contracts describe them.

export const summaryOf = (mean: number, extra: Partial<SummaryFigures> = {}): SummaryFigures => ({
  count: 100,
  absent: 2,
  mean,
  max: 98,
  min: 12,
  sd: 15.5,
  scoreRate: mean / 100,
  excellentCount: 20,
  goodCount: 40,
  passCount: 70,
  lowCount: 10,
  goodBandCount: 20,
  excellentRate: 0.2,
  goodRate: 0.4,
  passRate: 0.7,
  lowRate: 0.1,
  goodBandRate: 0.2,
  median: 70,
  q1: 60,
  q3: 80,
  ...extra,
});

export const unitOf = (
  kind: 'area' | 'school' | 'class',
  name: string,
  mean: number | null,
  extra: Partial<UnitRow> = {},
): UnitRow => ({
  scope: { kind, id: name, name },
  schoolName: kind === 'class' ? '一中' : null,
  summary: mean === null ? null : summaryOf(mean),
  overMeanRate: mean === null ? null : (mean - 70) / 70,
  tScore: 50,
  rank: 1,
  evaluation: null,
  ...extra,
});

export const item = (questionNo: string, difficulty: number): ItemRow => ({
  questionId: `q${questionNo}`,
  questionNo,
  groupName: null,
  kind: 2,
  objectiveType: null,
  answer: null,
  fullMark: 10,
  count: 100,
  mean: difficulty * 10,
  difficulty,
  discrimination: 0.4,
  ebel: '很好',
  itemRest: 0.3,
  zeroCount: 0,
  fullCount: 0,
  options: null,
  knowledgePoints: [],
});

export const items = (kind: 'union' | 'school', name: string, rows: ItemRow[]): ItemsReport => ({
  subject: { subjectKey: '7', name: '数学', fullMark: 100, seId: null },
  scope: { kind, id: name, name },
  count: 100,
  paperDifficulty: 0.6,
  alpha: 0.8,
  splitHalf: 0.8,
  items: rows,
  groups: [],
  knowledge: [],
});

export const overviewOf = (units: UnitRow[], extra: Partial<OverviewReport> = {}): OverviewReport => ({
  subject: { subjectKey: '0', name: '总分', fullMark: 100, seId: null },
  scope: { kind: 'union', id: 'u1', name: '八年级联考' },
  parent: null,
  summary: summaryOf(70),
  overMeanRate: null,
  tScore: null,
  rank: null,
  segments: {},
  units,
  ...extra,
});

type Critical = AttentionReport['lines'][number]['students'][number];

export const criticalOf = (
  schoolName: string,
  studentId: string,
  side: Critical['side'],
  gap: number,
  rank = 10,
): Critical => ({
  studentId,
  name: `学生${studentId}`,
  className: '1班',
  classId: '1',
  schoolName,
  total: 500,
  rank,
  gap,
  side,
  weakest: null,
});

export const attentionOf = (
  lines: AttentionReport['lines'],
  extra: Partial<AttentionReport> = {},
): AttentionReport => ({
  subject: { subjectKey: '0', name: '总分', fullMark: 100, seId: null },
  scope: { kind: 'union', id: 'u1', name: '八年级联考' },
  rule: { mode: 'score', below: 20, above: 10, rankBand: 20 },
  lines,
  imbalanced: [],
  previousExam: null,
  movers: [],
  ...extra,
});
