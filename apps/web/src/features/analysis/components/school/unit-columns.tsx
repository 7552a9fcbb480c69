import type { TableColumnsType } from 'antd';
import { formatPercent, formatRank, formatScore, MISSING } from '../../format.ts';
import { summaryColumns } from '../grade/summary-columns.tsx';
import type { SubjectSummaryRow, UnitCompareRow } from './school-rows.ts';

// The columns of the school-area tables, defined once and named as the grade views name them: the
// page's table and its Excel sheet show the same rounded figures (export-table.ts reads the cells).

export type UnitLevel = 'area' | 'school' | 'class';

export const UNIT_NAME: Record<UnitLevel, string> = { area: '区域', school: '学校', class: '班级' };

/**
 * Units compared (areas, schools, or every class of every school): rank among siblings, the basic
 * figures, 超均率 and T against the 联考; with `evaluation`, each unit's EC and RSR. `rows` tells
 * whether classes carry their school's name.
 */
export function unitColumns(
  level: UnitLevel,
  options: { evaluation?: boolean; rows?: readonly UnitCompareRow[] } = {},
): TableColumnsType<UnitCompareRow> {
  const name = UNIT_NAME[level];
  const columns: TableColumnsType<UnitCompareRow> = [
    { title: '名次', key: 'rank', align: 'right', render: (_, row) => formatRank(row.rank) },
    // Classes of a 联考 name their school; one school's own exam has none to name.
    ...(level === 'class' && (options.rows ?? []).some((row) => row.schoolName !== null)
      ? [{ title: '学校', key: 'school', render: (_: unknown, row: UnitCompareRow) => row.schoolName ?? MISSING }]
      : []),
    { title: name, key: 'name', dataIndex: 'name' },
    ...summaryColumns<UnitCompareRow>((row) => row.summary),
    { title: '超均率', key: 'overMeanRate', align: 'right', render: (_, row) => formatPercent(row.overMeanRate) },
    { title: `${name}T`, key: 'tScore', align: 'right', render: (_, row) => formatScore(row.tScore) },
  ];
  if (options.evaluation) {
    const evaluation =
      (render: (e: NonNullable<UnitCompareRow['evaluation']>) => string) => (_: unknown, row: UnitCompareRow) =>
        row.evaluation ? render(row.evaluation) : MISSING;
    columns.push(
      { title: 'EC', key: 'ec', align: 'right', render: evaluation((e) => formatScore(e.ec, 4)) },
      { title: 'EC名次', key: 'ecRank', align: 'right', render: evaluation((e) => formatRank(e.ecRank)) },
      { title: 'WRSR', key: 'wrsr', align: 'right', render: evaluation((e) => formatScore(e.wrsr, 4)) },
      { title: 'RSR档次', key: 'rsrGrade', align: 'center', render: evaluation((e) => e.rsrGrade) },
      { title: 'RSR名次', key: 'rsrRank', align: 'right', render: evaluation((e) => formatRank(e.rsrRank)) },
    );
  }
  return columns;
}

/** The whole-exam table: each subject's figures over the 联考. */
export const SUBJECT_SUMMARY_COLUMNS: TableColumnsType<SubjectSummaryRow> = [
  { title: '科目', key: 'name', dataIndex: 'name' },
  { title: '满分', key: 'fullMark', align: 'right', render: (_, row) => formatScore(row.fullMark) },
  ...summaryColumns<SubjectSummaryRow>((row) => row.summary),
];
