import type { UnitRow } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';
import { groupedBarOption } from '../../charts/grouped-bar.ts';
import { formatPercent, formatRank, formatScore } from '../../format.ts';
import { Chart } from '../chart.tsx';
import { ReportTable } from '../report-table.tsx';

type Evaluated = UnitRow & { evaluation: NonNullable<UnitRow['evaluation']> };

/** The classes that carry an evaluation, best EC first. */
export function evaluatedUnits(units: readonly UnitRow[]): Evaluated[] {
  return units
    .filter((unit): unit is Evaluated => unit.evaluation !== null)
    .sort((a, b) => a.evaluation.ecRank - b.evaluation.ecRank);
}

const columns: TableColumnsType<Evaluated> = [
  { title: '班级', key: 'name', fixed: 'left', render: (_, row) => row.scope.name },
  { title: '达标率', key: 'standardRate', align: 'right', render: (_, r) => formatPercent(r.evaluation.standardRate) },
  {
    title: '平均得分率',
    key: 'averageRate',
    align: 'right',
    render: (_, r) => formatPercent(r.evaluation.averageRate),
  },
  { title: '平均分', key: 'averageScore', align: 'right', render: (_, r) => formatScore(r.evaluation.averageScore) },
  {
    title: '前段占比(secsA)',
    key: 'secsARate',
    align: 'right',
    render: (_, r) => formatPercent(r.evaluation.secsARate),
  },
  {
    title: '中段占比(secsB)',
    key: 'secsBRate',
    align: 'right',
    render: (_, r) => formatPercent(r.evaluation.secsBRate),
  },
  { title: '离散度', key: 'variance', align: 'right', render: (_, r) => formatScore(r.evaluation.variance, 4) },
  { title: 'EC', key: 'ec', align: 'right', render: (_, r) => formatScore(r.evaluation.ec, 4) },
  { title: 'EC名次', key: 'ecRank', align: 'right', render: (_, r) => formatRank(r.evaluation.ecRank) },
  { title: 'WRSR', key: 'wrsr', align: 'right', render: (_, r) => formatScore(r.evaluation.wrsr, 4) },
  { title: 'Probit', key: 'probit', align: 'right', render: (_, r) => formatScore(r.evaluation.probit, 4) },
  { title: '拟合值', key: 'fitted', align: 'right', render: (_, r) => formatScore(r.evaluation.fitted, 4) },
  { title: 'RSR档次', key: 'rsrGrade', align: 'center', render: (_, r) => r.evaluation.rsrGrade },
  { title: 'RSR名次', key: 'rsrRank', align: 'right', render: (_, r) => formatRank(r.evaluation.rsrRank) },
];

/** 班级评价: classECSet (EC) and classRSRSet (WRSR, probit, grade) side by side. */
export function ClassEvaluation({ units, fileName }: { units: readonly UnitRow[]; fileName: string }) {
  const rows = evaluatedUnits(units);
  if (rows.length === 0) return null;
  return (
    <ReportTable<Evaluated>
      title="班级评价（综合评价 EC 与秩和比 RSR）"
      rowKey={(row) => row.scope.id}
      rows={rows}
      keyColumns={1}
      columns={columns}
      fileName={fileName}
      chart={
        <Chart
          label="班级评价"
          option={groupedBarOption(
            rows.map((row) => row.scope.name),
            [
              { name: 'EC', values: rows.map((row) => row.evaluation.ec) },
              { name: 'WRSR', values: rows.map((row) => row.evaluation.wrsr) },
            ],
            { title: '班级综合评价 EC 与 WRSR' },
          )}
        />
      }
    />
  );
}
