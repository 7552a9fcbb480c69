import type { ItemRow, ItemsReport, OverviewReport, SegmentRow, SummaryFigures, UnitRow } from '@huikao/contracts';

// Report documents for the class views' unit tests, shaped as the contracts describe them.

export function summary(overrides: Partial<SummaryFigures> = {}): SummaryFigures {
  return {
    count: 40,
    absent: 1,
    mean: 72.345,
    max: 98,
    min: 31,
    sd: 12.3456,
    scoreRate: 0.72345,
    excellentCount: 6,
    goodCount: 15,
    passCount: 30,
    lowCount: 3,
    goodBandCount: 9,
    excellentRate: 0.15,
    goodRate: 0.375,
    passRate: 0.75,
    lowRate: 0.075,
    goodBandRate: 0.225,
    median: 74,
    q1: 63,
    q3: 83,
    ...overrides,
  };
}

export function segment(low: number, high: number, count: number, cumulative: number, total: number): SegmentRow {
  return {
    low,
    high,
    closedTop: high === 100,
    count,
    cumulative,
    share: count / total,
    cumulativeShare: cumulative / total,
  };
}

export function unit(id: string, name: string, mean: number, rank: number, overrides: Partial<UnitRow> = {}): UnitRow {
  return {
    scope: { kind: 'class', id, name },
    schoolName: null,
    summary: summary({ mean }),
    overMeanRate: (mean - 70) / 70,
    tScore: 50 + (mean - 70) / 1.2,
    rank,
    evaluation: null,
    ...overrides,
  };
}

export function overview(overrides: Partial<OverviewReport> = {}): OverviewReport {
  return {
    subject: { subjectKey: '0', name: '总分', fullMark: 100, seId: null },
    scope: { kind: 'grade', id: '8', name: '八年级' },
    parent: null,
    summary: summary(),
    overMeanRate: null,
    tScore: null,
    rank: null,
    segments: {},
    units: [],
    ...overrides,
  };
}

export function item(questionId: string, questionNo: string, overrides: Partial<ItemRow> = {}): ItemRow {
  return {
    questionId,
    questionNo,
    groupName: null,
    kind: 2,
    objectiveType: null,
    answer: null,
    fullMark: 10,
    count: 40,
    mean: 6,
    difficulty: 0.6,
    discrimination: 0.35,
    ebel: '较好',
    itemRest: 0.4,
    zeroCount: 2,
    fullCount: 5,
    options: null,
    knowledgePoints: [],
    ...overrides,
  };
}

export function itemsReport(scopeKind: 'grade' | 'class', items: ItemRow[], overrides: Partial<ItemsReport> = {}) {
  return {
    subject: { subjectKey: '11', name: '数学', fullMark: 100, seId: '501' },
    scope:
      scopeKind === 'grade'
        ? { kind: 'grade', id: '8', name: '八年级' }
        : { kind: 'class', id: '81', name: '八年级(1)班' },
    count: 40,
    paperDifficulty: 0.6,
    alpha: 0.8,
    splitHalf: 0.78,
    items,
    groups: [],
    knowledge: [],
    ...overrides,
  } satisfies ItemsReport;
}
