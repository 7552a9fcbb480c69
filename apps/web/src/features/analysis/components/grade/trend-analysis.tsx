import type { ReportExam, TrendReport } from '@huikao/contracts';
import { Alert, Col, Empty, Row, Skeleton, type TableColumnsType } from 'antd';
import { formatDate } from '../../../../lib/date-format.ts';
import { trendOption } from '../../charts/trend.ts';
import { formatPercent, formatRank, formatScore } from '../../format.ts';
import { useReport } from '../../queries.ts';
import { Chart } from '../chart.tsx';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';

type TrendUnit = TrendReport['units'][number];

/** The exams' labels on a trend's axis: name and date (two exams may share a name). */
export function trendExamLabels(exams: TrendReport['exams']): string[] {
  return exams.map((exam) => `${exam.name}（${formatDate(exam.startDate)}）`);
}

/** Per exam, the class's mean, 超均率, class T and rank. */
export function trendColumns(exams: TrendReport['exams']): TableColumnsType<TrendUnit> {
  const labels = trendExamLabels(exams);
  return [
    { title: '班级', key: 'name', fixed: 'left', render: (_, row) => row.scope.name },
    ...exams.map((exam, i) => ({
      title: labels[i],
      key: exam.meId,
      children: [
        {
          title: '平均分',
          key: `mean:${exam.meId}`,
          align: 'right' as const,
          render: (_: unknown, row: TrendUnit) => formatScore(row.points[i]?.mean),
        },
        {
          title: '超均率',
          key: `omr:${exam.meId}`,
          align: 'right' as const,
          render: (_: unknown, row: TrendUnit) => formatPercent(row.points[i]?.overMeanRate),
        },
        {
          title: '班级T',
          key: `t:${exam.meId}`,
          align: 'right' as const,
          render: (_: unknown, row: TrendUnit) => formatScore(row.points[i]?.tScore),
        },
        {
          title: '名次',
          key: `rank:${exam.meId}`,
          align: 'right' as const,
          render: (_: unknown, row: TrendUnit) => formatRank(row.points[i]?.rank),
        },
      ],
    })),
  ];
}

/** 年级趋势分析: each class's T and rank over the grade's exams, in the chosen subject. */
export function GradeTrend({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const trend = useReport('findTrendReport', ctx.meId, {
    schoolId: ctx.schoolId,
    meId: ctx.meId,
    subjectKey: ctx.subjectKey,
  });
  if (trend.error) return <Alert type="error" showIcon title="报告读取失败" description={trend.error.message} />;
  if (!trend.data) return <Skeleton active />;
  const { exams, units } = trend.data;
  if (exams.length === 0) return <Empty description="本年级还没有可对比的考试" />;
  const labels = trendExamLabels(exams);
  const series = (pick: (point: NonNullable<TrendUnit['points'][number]>) => number | null) =>
    units.map((unit) => ({ name: unit.scope.name, values: unit.points.map((p) => (p ? pick(p) : null)) }));
  return (
    <ReportTable<TrendUnit>
      title="各班趋势"
      rowKey={(row) => row.scope.id}
      rows={units}
      keyColumns={1}
      columns={trendColumns(exams)}
      fileName={ctx.exportName('各班趋势')}
      description={
        exams.length === 1 ? (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title="本年级只有这一次已计算报告的考试，暂无趋势" />
        ) : null
      }
      chart={
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Chart
              label="班级T趋势"
              option={trendOption(
                labels,
                series((p) => p.tScore),
                { title: '班级T分趋势', yName: '班级T' },
              )}
            />
          </Col>
          <Col xs={24} xl={12}>
            <Chart
              label="班级名次趋势"
              option={trendOption(
                labels,
                series((p) => p.rank),
                { title: '班级名次趋势', yName: '名次', rank: true },
              )}
            />
          </Col>
        </Row>
      }
    />
  );
}
