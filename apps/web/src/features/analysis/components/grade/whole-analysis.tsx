import type { analysisApi, ResultOf } from '@huikao/contracts';
import { type OverviewReport, type ReportExam, type SegmentRow, TOTAL_SUBJECT, type UnitRow } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';
import { Alert, Col, Row, Skeleton } from 'antd';
import { boxPlotOption } from '../../charts/box-plot.ts';
import { classMeansOption } from '../../charts/class-means.ts';
import { segmentsBarOption } from '../../charts/segments.ts';
import { formatPercent, formatRank, formatScore, formatSegment } from '../../format.ts';
import { useReport } from '../../queries.ts';
import { Chart } from '../chart.tsx';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';
import { summaryColumns } from './summary-columns.tsx';

/** The grade's overview of one subject with the segments of the chosen width (the spec's step calls). */
export function useStepOverview(ctx: ReportContext<ReportExam>) {
  const { schoolId, meId, subject, step } = ctx;
  const total = subject.seId === null;
  const totalCall = useReport('getClassReportStepMEVO', meId, { schoolId, meId, step }, total);
  const courseCall = useReport(
    'getClassReportStepSEVO',
    meId,
    { schoolId, seId: subject.seId ?? '', step },
    !total && subject.seId !== null,
  );
  return total ? totalCall : courseCall;
}

/** 年级整体分析: the grade's figures, score segments, and each class against the grade. */
export function WholeAnalysis({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const overview = useStepOverview(ctx);
  if (overview.error) return <Alert type="error" showIcon title="报告读取失败" description={overview.error.message} />;
  if (!overview.data) return <Skeleton active />;
  return <WholeAnalysisBody ctx={ctx} report={overview.data} />;
}

function WholeAnalysisBody({ ctx, report }: { ctx: ReportContext<ReportExam>; report: OverviewReport }) {
  const segments = report.segments[String(ctx.step)] ?? [];
  const name = `${report.scope.name}（${report.subject.name}）`;
  const summaryRow = [{ key: report.scope.id, name, fullMark: report.subject.fullMark, summary: report.summary }];
  return (
    <>
      <ReportTable
        title="总体情况"
        rowKey="key"
        rows={summaryRow}
        fileName={ctx.exportName('总体情况')}
        columns={[
          { title: '范围', dataIndex: 'name', key: 'name' },
          { title: '满分', key: 'fullMark', render: (_, row) => formatScore(row.fullMark) },
          ...summaryColumns<(typeof summaryRow)[number]>((row) => row.summary, { quartiles: true }),
        ]}
      />
      {ctx.subjectKey === TOTAL_SUBJECT ? <SubjectsSummary ctx={ctx} /> : null}
      <ReportTable<SegmentRow>
        title="分数段"
        rowKey={(row) => String(row.low)}
        rows={segments}
        fileName={ctx.exportName(`分数段_步长${ctx.step}`)}
        description={<span>段宽 {ctx.step} 分，区间含下限不含上限，最高一段含满分。</span>}
        chart={<Chart label="分数段分布" option={segmentsBarOption(segments, `分数段分布（步长 ${ctx.step}）`)} />}
        columns={[
          { title: '分数段', key: 'segment', render: (_, row) => formatSegment(row) },
          { title: '人数', dataIndex: 'count', key: 'count', align: 'right' },
          { title: '累计人数', dataIndex: 'cumulative', key: 'cumulative', align: 'right' },
          { title: '占比', key: 'share', align: 'right', render: (_, row) => formatPercent(row.share) },
          {
            title: '累计占比',
            key: 'cumulativeShare',
            align: 'right',
            render: (_, row) => formatPercent(row.cumulativeShare),
          },
        ]}
      />
      <ReportTable<UnitRow>
        title="各班情况"
        rowKey={(row) => row.scope.id}
        rows={report.units}
        keyColumns={1}
        fileName={ctx.exportName('各班情况')}
        chart={
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <ClassMeansChart report={report} />
            </Col>
            <Col xs={24} xl={12}>
              <Chart
                label="各班箱线图"
                option={boxPlotOption(
                  report.units.map((unit) => ({ name: unit.scope.name, summary: unit.summary })),
                  '各班成绩箱线图',
                )}
              />
            </Col>
          </Row>
        }
        columns={unitColumns()}
      />
    </>
  );
}

/** A class against the grade: basic figures, 超均率, class T and rank among the classes. */
export function unitColumns(rates: 'all' | 'main' = 'main'): TableColumnsType<UnitRow> {
  return [
    { title: '班级', key: 'name', fixed: 'left', render: (_, row) => row.scope.name },
    ...summaryColumns<UnitRow>((row) => row.summary, { rates }),
    { title: '超均率', key: 'overMeanRate', align: 'right', render: (_, row) => formatPercent(row.overMeanRate) },
    { title: '班级T', key: 'tScore', align: 'right', render: (_, row) => formatScore(row.tScore) },
    { title: '名次', key: 'rank', align: 'right', render: (_, row) => formatRank(row.rank) },
  ];
}

type SubjectSummaryRow = ResultOf<typeof analysisApi.findSubjectsReport>['subjects'][number];

/** With the total chosen: every course's basic figures side by side (the grade's subjects report). */
function SubjectsSummary({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const subjects = useReport('findSubjectsReport', ctx.meId, { schoolId: ctx.schoolId, meId: ctx.meId });
  if (!subjects.data) return null;
  return (
    <ReportTable<SubjectSummaryRow>
      title="各科总体情况"
      rowKey={(row) => row.subject.subjectKey}
      rows={subjects.data.subjects}
      keyColumns={1}
      fileName={ctx.exportName('各科总体情况')}
      columns={[
        { title: '科目', key: 'name', fixed: 'left', render: (_, row) => row.subject.name },
        { title: '满分', key: 'fullMark', align: 'right', render: (_, row) => formatScore(row.subject.fullMark) },
        ...summaryColumns<SubjectSummaryRow>((row) => row.summary),
      ]}
    />
  );
}

/** Each class's mean against the grade's, from an overview's units. */
export function ClassMeansChart({ report }: { report: OverviewReport }) {
  return (
    <Chart
      label="各班平均分"
      option={classMeansOption(
        report.units.map((unit) => ({ name: unit.scope.name, mean: unit.summary?.mean ?? null })),
        report.summary?.mean ?? null,
        { title: '各班平均分' },
      )}
    />
  );
}
