import type { ItemsReport } from '@huikao/contracts';
import { Alert, Skeleton, type TableColumnsType } from 'antd';
import { groupedBarOption } from '../../charts/grouped-bar.ts';
import { questionsAcrossSchoolsOption } from '../../charts/school-charts.ts';
import { formatPercent, formatRank, formatScore, MISSING } from '../../format.ts';
import { useReport } from '../../queries.ts';
import { ReportTable } from '../report-table.tsx';
import type { AreaContext } from './area-context.ts';
import { ChartGrid } from './chart-grid.tsx';
import { type QuestionCompareRow, questionCompareRows } from './school-rows.ts';

const PAPER_COLUMNS: TableColumnsType<ItemsReport> = [
  { key: 'scope', title: '范围', render: (_, row) => row.scope.name },
  { key: 'count', title: '人数', render: (_, row) => formatRank(row.count) },
  { key: 'difficulty', title: '试卷难度(得分率)', render: (_, row) => formatPercent(row.paperDifficulty) },
  { key: 'alpha', title: '信度α', render: (_, row) => formatScore(row.alpha) },
  { key: 'splitHalf', title: '分半信度', render: (_, row) => formatScore(row.splitHalf) },
];

/**
 * Question analysis across schools (school-course-question): the paper's difficulty and reliability
 * per school, and each question's figures over the 联考 beside every school's 难度(得分率).
 */
export function QuestionView({ context }: { context: AreaContext }) {
  const { meId, subject } = context;
  const report = useReport('findSchoolReportQuestion', meId, { meId, subjectKey: subject.subjectKey });
  if (report.error) return <Alert type="error" showIcon title="报告读取失败" description={report.error.message} />;
  if (!report.data) return <Skeleton active />;
  const { union, schools } = report.data;
  const papers = [union, ...schools];
  const rows = questionCompareRows(union, schools);
  const schoolRefs = schools.map((school) => ({ id: school.scope.id, name: school.scope.name }));
  const columns: TableColumnsType<QuestionCompareRow> = [
    { key: 'no', title: '题号', dataIndex: 'questionNo', fixed: 'left' },
    { key: 'fullMark', title: '满分', render: (_, row) => formatScore(row.fullMark) },
    { key: 'mean', title: `${union.scope.name}平均分`, render: (_, row) => formatScore(row.mean) },
    { key: 'difficulty', title: `${union.scope.name}难度(得分率)`, render: (_, row) => formatPercent(row.difficulty) },
    { key: 'discrimination', title: '区分度', render: (_, row) => formatScore(row.discrimination) },
    { key: 'ebel', title: '区分度评价', render: (_, row) => row.ebel ?? MISSING },
    { key: 'itemRest', title: '校正题总相关', render: (_, row) => formatScore(row.itemRest) },
    ...schoolRefs.map((school) => ({
      key: `school-${school.id}`,
      title: `${school.name}难度(得分率)`,
      render: (_: unknown, row: QuestionCompareRow) => formatPercent(row.schools[school.id]?.difficulty),
    })),
    { key: 'knowledge', title: '知识点', dataIndex: 'knowledgePoints' },
  ];
  return (
    <>
      <ReportTable
        title={`${subject.name}试卷质量`}
        fileName={context.exportName('试卷质量')}
        rows={papers}
        columns={PAPER_COLUMNS}
        rowKey={(row) => `${row.scope.kind}:${row.scope.id}`}
        chart={
          <ChartGrid
            charts={[
              {
                label: '各校试卷难度图',
                option: groupedBarOption(
                  papers.map((paper) => paper.scope.name),
                  [{ name: '试卷难度(得分率)', values: papers.map((paper) => paper.paperDifficulty) }],
                  { percent: true, title: '试卷难度(得分率)' },
                ),
              },
            ]}
          />
        }
      />
      <ReportTable
        title={`${subject.name}小题分析`}
        fileName={context.exportName('小题分析')}
        rows={rows}
        columns={columns}
        rowKey="questionNo"
        chart={
          <ChartGrid
            charts={[
              {
                option: questionsAcrossSchoolsOption(rows, schoolRefs, union.scope.name),
                label: '各校小题得分率图',
                height: 360,
              },
            ]}
          />
        }
      />
    </>
  );
}
