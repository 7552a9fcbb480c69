import type {
  ClassRankRow,
  PopulationRow,
  SegmentCompareRow,
  SubjectCompareRow,
} from '../components/class/class-compare-rows.ts';
import { formatSegment } from '../format.ts';
import { classMeansOption } from './class-means.ts';
import { percentSeries } from './class-views.ts';
import type { ChartOption } from './common.ts';
import { type BarSeries, groupedBarOption } from './grouped-bar.ts';

// Charts of class-analysis and class-whole-analysis, on the shared builders: the figures of the
// tables beside them, rounded the same way (format.ts).

const RATES = [
  { name: '得分率', of: 'scoreRate' },
  { name: '优秀率', of: 'excellentRate' },
  { name: '良好率', of: 'goodRate' },
  { name: '及格率', of: 'passRate' },
  { name: '低分率', of: 'lowRate' },
] as const;

/** The class's and the grade's rates side by side (%). */
export function rateCompareOption(rows: readonly PopulationRow[]): ChartOption {
  return groupedBarOption(
    RATES.map((rate) => rate.name),
    rows.map((row) => ({ name: row.label, values: RATES.map((rate) => row.summary?.[rate.of] ?? null) })),
    { title: '得分率与四率', percent: true },
  );
}

/**
 * Each score segment's share of the class and of the grade (%), lowest segment first as the grade
 * views draw segments; the axis fits the shares (they are small) instead of running to 100.
 */
export function segmentCompareOption(rows: readonly SegmentCompareRow[], className: string): ChartOption {
  const ascending = [...rows].sort((a, b) => a.low - b.low);
  const series: BarSeries[] = [{ name: className, values: ascending.map((row) => row.classShare) }];
  if (rows.some((row) => row.gradeShare !== null)) {
    series.push({ name: '年级', values: ascending.map((row) => row.gradeShare) });
  }
  return groupedBarOption(ascending.map(formatSegment), series.map(percentSeries), {
    title: '分数段占比',
    yName: '占比(%)',
  });
}

/** Every class's mean with the grade mean across; the page's class is named 本班. */
export function classRankingOption(rows: readonly ClassRankRow[], gradeMean: number | null): ChartOption {
  return classMeansOption(
    rows.map((row) => ({ name: row.mine ? `${row.name}（本班）` : row.name, mean: row.mean })),
    gradeMean,
    { title: '各班平均分' },
  );
}

/** The class's 超均率 in each subject (%, on an axis that fits: it may be negative and is small). */
export function subjectOverMeanOption(rows: readonly SubjectCompareRow[]): ChartOption {
  return groupedBarOption(
    rows.map((row) => row.subject.name),
    [percentSeries({ name: '超均率', values: rows.map((row) => row.overMeanRate) })],
    { title: '各科超均率', yName: '超均率(%)' },
  );
}

/** The class T of each subject. */
export function subjectTOption(rows: readonly SubjectCompareRow[]): ChartOption {
  return groupedBarOption(
    rows.map((row) => row.subject.name),
    [{ name: '班级T', values: rows.map((row) => row.tScore) }],
    { title: '各科班级T分', yName: 'T' },
  );
}
