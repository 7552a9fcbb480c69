import type { TableColumnsType } from 'antd';
import { formatDate } from '../../../lib/date-format.ts';
import { classTrendOption, rankTrendOption } from '../charts/class-views.ts';
import { ChartRow, Loaded, NoClass, SectionNote, StudentPicker } from '../components/class/class-parts.tsx';
import { percentColumn, rankColumn, scoreColumn, textColumn } from '../components/class/columns.ts';
import { type ClassTrendRow, classTrendRows } from '../components/class/trend-rows.ts';
import { useStudentChoice } from '../components/class/use-class-reports.ts';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import { ReportTable } from '../components/report-table.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { useReport } from '../queries.ts';

const NEEDS = { subject: 'any', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['basic', 'over-mean', 'zt', 'ranks'];

/**
 * 趋势分析 (trend-analysis): the class's mean, 超均率, class T and rank among the classes over the
 * grade's exams of the school year, and a chosen student's score, ranks and T beside them.
 */
export function TrendAnalysisPage() {
  return (
    <ReportPage title="趋势分析" definitions={TOPICS} needs={NEEDS}>
      {(context) => (context.classId ? <ClassTrend context={context} classId={context.classId} /> : <NoClass />)}
    </ReportPage>
  );
}

function ClassTrend({ context, classId }: { context: ReportContext; classId: string }) {
  const { schoolId, meId, subjectKey } = context;
  const choice = useStudentChoice(context, classId);
  const { studentId } = choice;
  const trend = useReport('findTrendReport', meId, { schoolId, meId, subjectKey, classId, studentId }, choice.ready);
  return (
    <>
      <StudentPicker choice={choice} />
      <Loaded data={trend.data} error={trend.error} what="趋势分析">
        {(report) => {
          const rows = classTrendRows(report, classId);
          const student = report.student;
          return (
            <ReportTable
              title={`${context.scopeName} ${report.subject.name}趋势`}
              fileName={context.exportName('趋势', student?.name ?? '')}
              rows={rows}
              columns={trendColumns(student?.name ?? null)}
              rowKey="meId"
              chart={
                <ChartRow
                  rows={rows}
                  charts={[
                    { option: classTrendOption(report, classId), label: 'T分趋势' },
                    { option: rankTrendOption(report, classId, 'class'), label: '班级名次趋势' },
                    student ? { option: rankTrendOption(report, classId, 'student'), label: '学生年级名次趋势' } : null,
                  ]}
                />
              }
              description={
                <SectionNote>
                  本学年本年级已完成并计算报告的考试，按时间先后；班级T、超均率和名次以年级为参照，名次为班级平均分在各班中的名次。
                  {rows.length < 2 ? ' 目前只有一次考试，再有考试后可看到趋势。' : ''}
                </SectionNote>
              }
            />
          );
        }}
      </Loaded>
    </>
  );
}

function trendColumns(student: string | null): TableColumnsType<ClassTrendRow> {
  return [
    textColumn('考试', (row) => row.examName),
    textColumn('日期', (row) => formatDate(row.startDate)),
    scoreColumn('班级平均分', (row) => row.mean),
    percentColumn('超均率', (row) => row.overMeanRate),
    scoreColumn('班级T', (row) => row.tScore),
    rankColumn('班级名次', (row) => row.rank),
    ...(student === null
      ? []
      : [
          scoreColumn<ClassTrendRow>(`${student}得分`, (row) => row.studentScore),
          rankColumn<ClassTrendRow>(`${student}班级名次`, (row) => row.studentClassRank),
          rankColumn<ClassTrendRow>(`${student}年级名次`, (row) => row.studentGradeRank),
          scoreColumn<ClassTrendRow>(`${student}T分`, (row) => row.studentT),
        ]),
  ];
}
