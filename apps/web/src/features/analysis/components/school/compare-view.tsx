import { Alert, Descriptions, Skeleton } from 'antd';
import { unitBoxOption, unitMeansOption, unitOverMeanOption, unitRatesOption } from '../../charts/school-charts.ts';
import { formatRank, formatScore } from '../../format.ts';
import { useReport } from '../../queries.ts';
import { ReportTable } from '../report-table.tsx';
import type { AreaContext } from './area-context.ts';
import { ChartGrid } from './chart-grid.tsx';
import { hasEvaluation, rankedUnits, unitCompareRows } from './school-rows.ts';
import { UNIT_NAME, type UnitLevel, unitColumns } from './unit-columns.tsx';

/**
 * Units of the 联考 compared for the page's subject (school-grade/course-area, -school, -class):
 * areas, schools, or every class of every school, ranked by the server among their siblings, with
 * the 联考's own figures as the parent of 超均率 and T.
 */
export function CompareView({ context, level }: { context: AreaContext; level: UnitLevel }) {
  const { exam, meId, subject } = context;
  // One school's own exam (not a 联考) has no areas or schools to compare, only its classes.
  const comparable = level === 'class' || exam.unionKey !== null;
  const report = useReport(
    'findUnionReport',
    meId,
    { meId, subjectKey: subject.subjectKey, unitLevel: level },
    comparable,
  );
  if (!comparable) {
    return (
      <Alert
        type="info"
        showIcon
        title={`${exam.name}只有${exam.schools[0]?.name ?? '一所学校'}参加，不是联考`}
        description="没有可对比的区域或学校，请在“年级班级对比”或“学科班级对比”中查看各班。"
      />
    );
  }
  if (report.error) return <Alert type="error" showIcon title="报告读取失败" description={report.error.message} />;
  if (!report.data) return <Skeleton active />;
  const data = report.data;
  const rows = unitCompareRows(data);
  const evaluation = level !== 'area' && hasEvaluation(rows);
  const name = UNIT_NAME[level];
  return (
    <ReportTable
      title={`${subject.name}${name}对比`}
      fileName={context.exportName(`${name}对比`)}
      rows={rows}
      columns={unitColumns(level, { evaluation, rows })}
      rowKey="key"
      chart={
        <ChartGrid
          charts={
            // Every class of every school is too many for four bars and a box each: means and 超均率, full width.
            level === 'class'
              ? [
                  {
                    option: unitMeansOption(rows, data.summary?.mean ?? null, data.scope.name),
                    label: `${name}平均分图`,
                    wide: true,
                    height: 380,
                  },
                  { option: unitOverMeanOption(rows), label: `${name}超均率图`, wide: true, height: 380 },
                ]
              : [
                  {
                    option: unitMeansOption(rows, data.summary?.mean ?? null, data.scope.name),
                    label: `${name}平均分图`,
                  },
                  { option: unitOverMeanOption(rows), label: `${name}超均率图` },
                  { option: unitRatesOption(rows), label: `${name}四率图` },
                  { option: unitBoxOption(rankedUnits(data), `${name}成绩分布箱线图`), label: `${name}箱线图` },
                ]
          }
        />
      }
      description={
        <Descriptions
          size="small"
          style={{ marginBottom: 12 }}
          items={[
            { key: 'scope', label: '对比范围', children: data.scope.name },
            { key: 'count', label: '参考人数', children: formatRank(data.summary?.count) },
            { key: 'mean', label: '平均分', children: formatScore(data.summary?.mean) },
            { key: 'sd', label: '标准差', children: formatScore(data.summary?.sd) },
            { key: 'units', label: `${name}数`, children: rows.length },
          ]}
        />
      }
    />
  );
}
