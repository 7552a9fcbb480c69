import { percentSeries, unitSeries } from '../charts/class-views.ts';
import { trendOption } from '../charts/trend.ts';
import { ChartRow, Loaded, SectionNote } from '../components/class/class-parts.tsx';
import { trendColumns, trendExamLabels } from '../components/grade/trend-analysis.tsx';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import { ReportTable } from '../components/report-table.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { useReport } from '../queries.ts';

const NEEDS = { subject: 'course', unit: false, step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['basic', 'over-mean', 'zt', 'ranks'];

/**
 * 教师教学分析 (teacher-analysis): for one course, each class the teacher teaches it to against the
 * grade over the term's exams — mean, 超均率, class T and rank among the classes.
 */
export function TeacherAnalysisPage() {
  return (
    <ReportPage title="教师教学分析" definitions={TOPICS} needs={NEEDS}>
      {(context) => <TeacherTrend context={context} />}
    </ReportPage>
  );
}

function TeacherTrend({ context }: { context: ReportContext }) {
  const { schoolId, meId, subjectKey } = context;
  const report = useReport('findTeacherReport', meId, { schoolId, meId, subjectKey });
  return (
    <Loaded data={report.data} error={report.error} what="教师教学分析">
      {(data) => {
        // The grade trend's table, over the teacher's classes only: a row per class, each exam's figures.
        const exams = trendExamLabels(data.exams);
        return (
          <ReportTable
            title={`${data.subject.name}：任教班级与年级`}
            fileName={context.exportName('任教班级')}
            rows={data.units}
            columns={trendColumns(data.exams)}
            rowKey={(row) => row.scope.id}
            keyColumns={1}
            chart={
              <ChartRow
                rows={data.units}
                charts={[
                  {
                    option: trendOption(exams, unitSeries(data, 'tScore'), { title: '班级T分', yName: 'T' }),
                    label: '班级T分',
                  },
                  {
                    option: trendOption(exams, unitSeries(data, 'overMeanRate').map(percentSeries), {
                      title: '超均率(%)',
                      yName: '%',
                    }),
                    label: '超均率',
                  },
                  {
                    option: trendOption(exams, unitSeries(data, 'rank'), {
                      title: '班级名次',
                      yName: '名次',
                      rank: true,
                    }),
                    label: '班级名次',
                  },
                ]}
              />
            }
            description={
              <SectionNote>
                本学期本年级已完成并计算报告的考试，按时间先后；每个任教班级的{data.subject.name}平均分、超均率、班级T
                和在各班中的名次，均以年级为参照。
              </SectionNote>
            }
          />
        );
      }}
    </Loaded>
  );
}
