import type { UnitRow } from '@huikao/contracts';
import {
  type CriticalRow,
  type QuestionCompareRow,
  type UnitCompareRow,
  unitLabel,
} from '../components/school/school-rows.ts';
import { boxPlotOption } from './box-plot.ts';
import { classMeansOption } from './class-means.ts';
import type { ChartOption } from './common.ts';
import { groupedBarOption } from './grouped-bar.ts';

// The school-area screens' charts (type 4 managers, school-analysis-main): the shared builders fed
// with the table rows, rounded through format.ts as the tables show them.

/** Units (areas, schools or classes) compared: each unit's mean as bars, the parent's (联考) mean across. */
export function unitMeansOption(
  rows: readonly UnitCompareRow[],
  parentMean: number | null,
  parentName: string,
): ChartOption {
  return classMeansOption(
    rows.map((row) => ({ name: row.label, mean: row.summary?.mean ?? null })),
    parentMean,
    { parentName },
  );
}

/** Each unit's 超均率 (%) against the parent: above zero is above the parent's mean. */
export function unitOverMeanOption(rows: readonly UnitCompareRow[]): ChartOption {
  const option = groupedBarOption(
    rows.map((row) => row.label),
    [{ name: '超均率', values: rows.map((row) => row.overMeanRate) }],
    { percent: true, yName: '超均率(%)', title: '超均率对比' },
  );
  // 超均率 runs a few % either side of zero: scale the axis to the values, not to 0–100 %.
  return { ...option, yAxis: { ...(option.yAxis as object), max: undefined } };
}

/** The four rates of each unit side by side (%). */
export function unitRatesOption(rows: readonly UnitCompareRow[]): ChartOption {
  const rates = [
    ['优秀率', 'excellentRate'],
    ['良好率', 'goodRate'],
    ['及格率', 'passRate'],
    ['低分率', 'lowRate'],
  ] as const;
  return groupedBarOption(
    rows.map((row) => row.label),
    rates.map(([name, field]) => ({ name, values: rows.map((row) => row.summary?.[field] ?? null) })),
    { percent: true },
  );
}

/** A box per unit from its quartiles, in the order given; units with nobody present are left out (an empty box reads as zeros). */
export function unitBoxOption(units: readonly UnitRow[], title?: string): ChartOption {
  const sat = units.filter((unit) => unit.summary && unit.summary.count > 0);
  return boxPlotOption(
    sat.map((unit) => ({ name: unitLabel(unit), summary: unit.summary })),
    title,
  );
}

/**
 * Question analysis across schools: each question's 难度(得分率) in every school and over the whole
 * 联考 (%), from the table's rows.
 */
export function questionsAcrossSchoolsOption(
  rows: readonly QuestionCompareRow[],
  schools: ReadonlyArray<{ id: string; name: string }>,
  unionName: string,
): ChartOption {
  return groupedBarOption(
    rows.map((row) => row.questionNo),
    [
      ...schools.map((school) => ({
        name: school.name,
        values: rows.map((row) => row.schools[school.id]?.difficulty ?? null),
      })),
      { name: unionName, values: rows.map((row) => row.difficulty) },
    ],
    { percent: true, yName: '得分率(%)' },
  );
}

/** How many critical students each school has near each line, above and below (from the table's rows). */
export function criticalBySchoolOption(
  rows: readonly CriticalRow[],
  lines: readonly string[],
  schools: readonly string[],
): ChartOption {
  const count = (line: string, side: CriticalRow['side'], school: string) =>
    rows.filter((row) => row.line === line && row.side === side && row.schoolName === school).length;
  return groupedBarOption(
    schools,
    lines.flatMap((line) =>
      (['线上', '线下'] as const).map((side) => ({
        name: `${line}${side}`,
        values: schools.map((school) => count(line, side, school)),
      })),
    ),
    { yName: '人数' },
  );
}
