import type { OverviewReport, SegmentRow } from '@huikao/contracts';
import { useQueries } from '@tanstack/react-query';
import { Alert, Skeleton, type TableColumnsType } from 'antd';
import { groupedBarOption } from '../../charts/grouped-bar.ts';
import { unitBoxOption, unitMeansOption, unitOverMeanOption } from '../../charts/school-charts.ts';
import { segmentsBarOption } from '../../charts/segments.ts';
import { formatPercent, formatSegment } from '../../format.ts';
import { reportQuery } from '../../queries.ts';
import { examSubjects } from '../../url-state.ts';
import { ReportTable } from '../report-table.tsx';
import type { AreaContext } from './area-context.ts';
import { ChartGrid } from './chart-grid.tsx';
import { rankedUnits, subjectSummaryRows, unitCompareRows } from './school-rows.ts';
import { SUBJECT_SUMMARY_COLUMNS, type UnitLevel, unitColumns } from './unit-columns.tsx';

const SEGMENT_COLUMNS: TableColumnsType<SegmentRow> = [
  { key: 'segment', title: '分数段', render: (_, row) => formatSegment(row) },
  { key: 'count', title: '人数', dataIndex: 'count' },
  { key: 'cumulative', title: '累计人数', dataIndex: 'cumulative' },
  { key: 'share', title: '占比', render: (_, row) => formatPercent(row.share) },
  { key: 'cumulativeShare', title: '累计占比', render: (_, row) => formatPercent(row.cumulativeShare) },
];

/**
 * The area's whole exam (school-grade-whole, school-course-whole): the figures of grade-whole-analysis
 * over every school of the 联考 — each subject's summary (grade level: the total and every course),
 * the score segments of the page's subject, and each school's mean, 超均率, T and rank with a box plot
 * (each class's, for one school's own exam).
 */
export function WholeView({ context, everySubject }: { context: AreaContext; everySubject: boolean }) {
  const { exam, meId, subject, step } = context;
  const subjects = everySubject ? examSubjects(exam.subjects) : [subject];
  // One school's own exam has no schools to compare: its classes stand in their place.
  const level: UnitLevel = exam.unionKey === null ? 'class' : 'school';
  const unitName = level === 'school' ? '各校' : '各班';
  const results = useQueries({
    queries: subjects.map((s) =>
      reportQuery('findUnionReport', meId, { meId, subjectKey: s.subjectKey, unitLevel: level }),
    ),
  });
  const reports = new Map<string, OverviewReport>();
  results.forEach((result, index) => {
    if (result.data) reports.set(subjects[index]!.subjectKey, result.data);
  });
  const main = reports.get(subject.subjectKey);
  const failed = results.find((result) => result.error)?.error;
  if (failed && !main) return <Alert type="error" showIcon title="报告读取失败" description={failed.message} />;
  if (!main) return <Skeleton active />;

  const summaryRows = subjectSummaryRows(subjects, reports);
  const segments = main.segments[String(step)] ?? [];
  const units = unitCompareRows(main);
  return (
    <>
      <ReportTable
        title={`总体情况（${main.scope.name}）`}
        fileName={context.exportName('总体情况')}
        rows={summaryRows}
        columns={SUBJECT_SUMMARY_COLUMNS}
        rowKey="subjectKey"
        chart={
          <ChartGrid
            charts={[
              {
                label: '各科四率对比图',
                option: groupedBarOption(
                  summaryRows.map((row) => row.name),
                  [
                    { name: '优秀率', values: summaryRows.map((row) => row.summary?.excellentRate ?? null) },
                    { name: '良好率', values: summaryRows.map((row) => row.summary?.goodRate ?? null) },
                    { name: '及格率', values: summaryRows.map((row) => row.summary?.passRate ?? null) },
                    { name: '低分率', values: summaryRows.map((row) => row.summary?.lowRate ?? null) },
                  ],
                  { percent: true, title: '各科四率' },
                ),
              },
            ]}
          />
        }
      />
      <ReportTable
        title={`${subject.name}分数段（段宽 ${step}）`}
        fileName={context.exportName('分数段', String(step))}
        rows={segments}
        columns={SEGMENT_COLUMNS}
        rowKey="low"
        chart={
          <ChartGrid
            charts={[{ option: segmentsBarOption(segments, `${subject.name}分数段分布`), label: '分数段分布图' }]}
          />
        }
      />
      <ReportTable
        title={`${subject.name}${unitName}情况`}
        fileName={context.exportName(`${unitName}情况`)}
        rows={units}
        columns={unitColumns(level, { rows: units })}
        rowKey="key"
        chart={
          <ChartGrid
            charts={[
              {
                option: unitMeansOption(units, main.summary?.mean ?? null, main.scope.name),
                label: `${unitName}平均分图`,
              },
              { option: unitOverMeanOption(units), label: `${unitName}超均率图` },
              { option: unitBoxOption(rankedUnits(main), `${unitName}成绩分布箱线图`), label: `${unitName}箱线图` },
            ]}
          />
        }
      />
    </>
  );
}
