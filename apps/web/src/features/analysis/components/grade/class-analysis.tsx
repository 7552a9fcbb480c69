import type { ReportExam, UnitRow } from '@huikao/contracts';
import { Alert, Col, Row, Skeleton } from 'antd';
import { groupedBarOption } from '../../charts/grouped-bar.ts';
import { useReport } from '../../queries.ts';
import { Chart } from '../chart.tsx';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';
import { ClassEvaluation } from './class-evaluation.tsx';
import { ClassMatrix } from './class-matrix.tsx';
import { ClassMeansChart, unitColumns } from './whole-analysis.tsx';

/** 班级对比分析: the classes side by side in the chosen subject, their evaluation, and every subject at once. */
export function GradeClassAnalysis({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const overview = useReport('findOverviewReport', ctx.meId, {
    schoolId: ctx.schoolId,
    meId: ctx.meId,
    subjectKey: ctx.subjectKey,
  });
  if (overview.error) return <Alert type="error" showIcon title="报告读取失败" description={overview.error.message} />;
  if (!overview.data) return <Skeleton active />;
  const report = overview.data;
  const units = report.units;
  const names = units.map((unit) => unit.scope.name);
  return (
    <>
      <ReportTable<UnitRow>
        title="班级对比"
        rowKey={(row) => row.scope.id}
        rows={units}
        keyColumns={1}
        fileName={ctx.exportName('班级对比')}
        chart={
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <ClassMeansChart report={report} />
            </Col>
            <Col xs={24} xl={12}>
              <Chart
                label="各班四率"
                option={groupedBarOption(
                  names,
                  [
                    { name: '优秀率', values: units.map((u) => u.summary?.excellentRate ?? null) },
                    { name: '良好率', values: units.map((u) => u.summary?.goodRate ?? null) },
                    { name: '及格率', values: units.map((u) => u.summary?.passRate ?? null) },
                    { name: '低分率', values: units.map((u) => u.summary?.lowRate ?? null) },
                  ],
                  { title: '各班四率', percent: true },
                )}
              />
            </Col>
          </Row>
        }
        columns={unitColumns('all')}
      />
      <ClassEvaluation units={units} fileName={ctx.exportName('班级评价')} />
      <ClassMatrix ctx={ctx} />
    </>
  );
}
