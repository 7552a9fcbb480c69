import type { ItemCompareRow, MasteryCompareRow } from '../components/class/class-items-rows.ts';
import { roundedPercent } from '../format.ts';
import type { ChartOption } from './common.ts';
import { groupedBarOption } from './grouped-bar.ts';
import { radarOption } from './radar.ts';

// Charts of question-analysis, class-single-paper-analysis and mis-recommend: 得分率 of the class
// beside the grade's, in %, rounded as the tables are.

/** Each question's 得分率 (难度) in the class and in the grade. */
export function itemRateOption(rows: readonly ItemCompareRow[], className: string): ChartOption {
  return groupedBarOption(
    rows.map((row) => row.questionNo),
    [
      { name: className, values: rows.map((row) => row.classRate) },
      { name: '年级', values: rows.map((row) => row.gradeRate) },
    ],
    { title: '各题得分率', yName: '得分率(%)', percent: true },
  );
}

/** Each question group's or knowledge point's 得分率 in the class and in the grade. */
export function masteryRateOption(rows: readonly MasteryCompareRow[], className: string, title: string): ChartOption {
  return groupedBarOption(
    rows.map((row) => row.name),
    [
      { name: className, values: rows.map((row) => row.classRate) },
      { name: '年级', values: rows.map((row) => row.gradeRate) },
    ],
    { title, yName: '得分率(%)', percent: true },
  );
}

/**
 * Knowledge points as a radar (0–100 %); a point without both figures is left out rather than
 * drawn as 0. Null when fewer than three points remain (a radar needs three axes).
 */
export function masteryRadarOption(all: readonly MasteryCompareRow[], className: string): ChartOption | null {
  const rows = all.filter((row) => row.classRate !== null && row.gradeRate !== null);
  if (rows.length < 3) return null;
  return radarOption(
    rows.map((row) => ({ name: row.name, max: 100 })),
    [
      { name: className, values: rows.map((row) => roundedPercent(row.classRate)) },
      { name: '年级', values: rows.map((row) => roundedPercent(row.gradeRate)) },
    ],
    '知识点掌握',
  );
}

/** mis-recommend: the share of each question's full mark lost, in the table's order. */
export function lostRateOption(
  items: ReadonlyArray<{ questionNo: string; lostRate: number }>,
  who: string,
): ChartOption {
  return groupedBarOption(
    items.map((item) => item.questionNo),
    [{ name: `${who}失分率`, values: items.map((item) => item.lostRate) }],
    { title: '各题失分率', yName: '失分率(%)', percent: true },
  );
}
