import type { LinesReport, ReportExam, SubjectsReport } from '@huikao/contracts';
import { Alert, Col, Row, Skeleton, type TableColumnsType, Typography } from 'antd';
import { groupedBarOption } from '../../charts/grouped-bar.ts';
import { formatPercent, formatRank, formatScore } from '../../format.ts';
import { useReport } from '../../queries.ts';
import { Chart } from '../chart.tsx';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';
import { LineUnits } from './line-units.tsx';

type SubjectRow = SubjectsReport['subjects'][number];
type Line = LinesReport['lines'][number];
type LineSubject = Line['subjects'][number];

const subjectColumns: TableColumnsType<SubjectRow> = [
  { title: '学科', key: 'name', fixed: 'left', render: (_, row) => row.subject.name },
  { title: '满分', key: 'fullMark', align: 'right', render: (_, row) => formatScore(row.subject.fullMark) },
  { title: '参考人数', key: 'count', align: 'right', render: (_, row) => formatScore(row.summary?.count) },
  { title: '平均分', key: 'mean', align: 'right', render: (_, row) => formatScore(row.summary?.mean) },
  { title: '标准差', key: 'sd', align: 'right', render: (_, row) => formatScore(row.summary?.sd) },
  { title: '难度(得分率)', key: 'difficulty', align: 'right', render: (_, row) => formatScore(row.difficulty) },
  { title: '区分度', key: 'discrimination', align: 'right', render: (_, row) => formatScore(row.discrimination) },
  { title: '信度α', key: 'alpha', align: 'right', render: (_, row) => formatScore(row.alpha) },
  { title: '分半信度', key: 'splitHalf', align: 'right', render: (_, row) => formatScore(row.splitHalf) },
  { title: '学科贡献率', key: 'contribution', align: 'right', render: (_, row) => formatPercent(row.contribution) },
];

const lineSubjectColumns: TableColumnsType<LineSubject> = [
  { title: '学科', dataIndex: 'name', key: 'name', fixed: 'left' },
  { title: '有效分', key: 'effectiveScore', align: 'right', render: (_, row) => formatScore(row.effectiveScore) },
  { title: '单上线', dataIndex: 'single', key: 'single', align: 'right' },
  { title: '双上线', dataIndex: 'double', key: 'double', align: 'right' },
  { title: '贡献率', key: 'contribution', align: 'right', render: (_, row) => formatPercent(row.contribution) },
  { title: '命中率', key: 'hitRate', align: 'right', render: (_, row) => formatPercent(row.hitRate) },
];

/** How a line was set: a score, or the score of the student at rank ⌈p·N⌉. */
export function lineRule(line: Pick<Line, 'kind' | 'value' | 'score' | 'lineRank' | 'onLine'>): string {
  const source = line.kind === 'score' ? `${formatScore(line.value)} 分` : `前 ${formatPercent(line.value)}`;
  return `${source}，分数线 ${formatScore(line.score)}，名次 ${formatRank(line.lineRank)}，总分上线 ${line.onLine} 人`;
}

/** 学科分析: each course's paper quality and contribution, and its effective score for each line. */
export function GradeSubjectAnalysis({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const params = { schoolId: ctx.schoolId, meId: ctx.meId };
  const subjects = useReport('findSubjectsReport', ctx.meId, params);
  const lines = useReport('findLinesReport', ctx.meId, params);
  const error = subjects.error ?? lines.error;
  if (error) return <Alert type="error" showIcon title="报告读取失败" description={error.message} />;
  if (!subjects.data || !lines.data) return <Skeleton active />;
  const rows = subjects.data.subjects;
  const names = rows.map((row) => row.subject.name);
  return (
    <>
      <ReportTable<SubjectRow>
        title="学科质量"
        rowKey={(row) => row.subject.subjectKey}
        rows={rows}
        columns={subjectColumns}
        fileName={ctx.exportName('学科质量')}
        description={
          <Typography.Paragraph type="secondary">
            学科贡献率为平均分口径：该科平均分 ÷ 各科平均分之和。区分度为各题 27% 分组区分度的平均。
          </Typography.Paragraph>
        }
        chart={
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Chart
                label="学科难度区分度信度"
                option={groupedBarOption(
                  names,
                  [
                    { name: '难度(得分率)', values: rows.map((r) => r.difficulty) },
                    { name: '区分度', values: rows.map((r) => r.discrimination) },
                    { name: '信度α', values: rows.map((r) => r.alpha) },
                  ],
                  { title: '难度、区分度与信度' },
                )}
              />
            </Col>
            <Col xs={24} xl={12}>
              <Chart
                label="学科贡献率"
                option={groupedBarOption(names, [{ name: '学科贡献率', values: rows.map((r) => r.contribution) }], {
                  title: '学科贡献率',
                  percent: true,
                })}
              />
            </Col>
          </Row>
        }
      />
      {lines.data.lines.length === 0 ? (
        <Alert type="info" showIcon title="本次考试没有设置分数线，没有有效分分析" />
      ) : null}
      {lines.data.lines.map((line) => (
        <div key={line.name}>
          <ReportTable<LineSubject>
            title={`${line.name}：有效分与上线`}
            rowKey="subjectKey"
            rows={line.subjects}
            columns={lineSubjectColumns}
            fileName={ctx.exportName(`${line.name}有效分`)}
            description={<Typography.Paragraph type="secondary">{lineRule(line)}</Typography.Paragraph>}
            chart={
              <Chart
                label={`${line.name}单上线双上线`}
                option={groupedBarOption(
                  line.subjects.map((s) => s.name),
                  [
                    { name: '单上线', values: line.subjects.map((s) => s.single) },
                    { name: '双上线', values: line.subjects.map((s) => s.double) },
                  ],
                  { title: `${line.name}各科单上线与双上线`, yName: '人数' },
                )}
              />
            }
          />
          <LineUnits line={line} fileName={ctx.exportName(`${line.name}各班上线`)} />
        </div>
      ))}
    </>
  );
}
