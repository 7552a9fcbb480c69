import type { AttentionReport } from '@huikao/contracts';
import { Alert, Card, Flex, Select, Skeleton, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { criticalBySchoolOption } from '../../charts/school-charts.ts';
import { formatChange, formatRank, formatScore, MISSING } from '../../format.ts';
import { useReport } from '../../queries.ts';
import { ReportTable } from '../report-table.tsx';
import { type AreaContext, subjectName } from './area-context.ts';
import { ChartGrid } from './chart-grid.tsx';
import { attentionSchools, type CriticalRow, criticalRows } from './school-rows.ts';

type Imbalanced = AttentionReport['imbalanced'][number];
type Mover = AttentionReport['movers'][number];

/**
 * Critical students of the 联考 by school (school-grade/course-student-attention): 临界生 of each
 * line above and below, imbalanced students and the biggest movers since the previous exam, for
 * every school or one (the server filters by school).
 */
export function AttentionView({ context }: { context: AreaContext }) {
  const { exam, meId, subject } = context;
  const [schoolId, setSchoolId] = useState<string>('');
  const report = useReport('findUnionAttentionReport', meId, {
    meId,
    subjectKey: subject.subjectKey,
    schoolId: schoolId || undefined,
  });
  const school = exam.schools.find((candidate) => candidate.schoolId === schoolId);
  const picker = (
    <Card size="small" className="analysis-no-print" style={{ marginBottom: 16 }}>
      <Flex gap={8} align="center">
        <Typography.Text type="secondary">学校</Typography.Text>
        <Select
          aria-label="学校"
          style={{ minWidth: 200 }}
          value={schoolId}
          onChange={setSchoolId}
          options={[
            { value: '', label: '全部学校' },
            ...exam.schools.map((candidate) => ({ value: candidate.schoolId, label: candidate.name })),
          ]}
        />
      </Flex>
    </Card>
  );
  let body: React.ReactNode;
  if (report.error) body = <Alert type="error" showIcon title="报告读取失败" description={report.error.message} />;
  else if (!report.data) body = <Skeleton active />;
  else body = <AttentionSections report={report.data} context={context} schoolName={school?.name} />;
  return (
    <>
      {picker}
      {body}
    </>
  );
}

function AttentionSections({
  report,
  context,
  schoolName,
}: {
  report: AttentionReport;
  context: AreaContext;
  schoolName: string | undefined;
}) {
  const courseName = (key: string | null) => subjectName(context.exam, key) ?? MISSING;
  const critical = criticalRows(report, schoolName);
  const schools = attentionSchools(report);
  const lineNames = report.lines.map((line) => line.name);
  const who = schoolName ?? '全部学校';
  const rule =
    report.rule.mode === 'rank'
      ? `按名次：与分数线名次相差不超过 ${report.rule.rankBand} 名`
      : `按分数：分数线下 ${formatScore(report.rule.below)} 分至线上 ${formatScore(report.rule.above)} 分（不含）`;

  const criticalColumns: TableColumnsType<CriticalRow> = [
    { key: 'school', title: '学校', dataIndex: 'schoolName' },
    { key: 'class', title: '班级', dataIndex: 'className' },
    { key: 'name', title: '姓名', dataIndex: 'name' },
    {
      key: 'line',
      title: '分数线',
      render: (_, row) => `${row.line}${row.lineScore === null ? '' : `（${formatScore(row.lineScore)}）`}`,
    },
    {
      key: 'side',
      title: '位置',
      render: (_, row) => <Tag color={row.side === '线上' ? 'green' : 'orange'}>{row.side}</Tag>,
    },
    { key: 'total', title: '成绩', render: (_, row) => formatScore(row.total) },
    { key: 'rank', title: '名次', render: (_, row) => formatRank(row.rank) },
    { key: 'gap', title: '距线', render: (_, row) => formatChange(row.gap) },
    { key: 'weakest', title: '最弱学科', render: (_, row) => courseName(row.weakest) },
  ];
  const imbalancedColumns: TableColumnsType<Imbalanced> = [
    { key: 'school', title: '学校', dataIndex: 'schoolName' },
    { key: 'class', title: '班级', dataIndex: 'className' },
    { key: 'name', title: '姓名', dataIndex: 'name' },
    { key: 'spread', title: '偏科程度', render: (_, row) => formatScore(row.spread) },
    { key: 'weakest', title: '最弱学科', render: (_, row) => courseName(row.weakest) },
    { key: 'weakestZ', title: '最弱Z', render: (_, row) => formatScore(row.weakestZ) },
    { key: 'strongest', title: '最强学科', render: (_, row) => courseName(row.strongest) },
    { key: 'strongestZ', title: '最强Z', render: (_, row) => formatScore(row.strongestZ) },
  ];
  const moverColumns: TableColumnsType<Mover> = [
    { key: 'school', title: '学校', dataIndex: 'schoolName' },
    { key: 'class', title: '班级', dataIndex: 'className' },
    { key: 'name', title: '姓名', dataIndex: 'name' },
    { key: 'score', title: '成绩', render: (_, row) => formatScore(row.score) },
    { key: 'rank', title: '名次', render: (_, row) => formatRank(row.rank) },
    { key: 'previousRank', title: '上次名次', render: (_, row) => formatRank(row.previousRank) },
    { key: 'change', title: '进退步', render: (_, row) => formatChange(row.change, 0) },
    { key: 'tChange', title: 'T变化', render: (_, row) => formatChange(row.tChange) },
  ];
  return (
    <>
      <ReportTable
        title={`${report.subject.name}临界生（${who}）`}
        fileName={context.exportName('临界生', who)}
        rows={critical}
        columns={criticalColumns}
        rowKey="key"
        chart={
          <ChartGrid
            charts={[
              lineNames.length > 0
                ? {
                    option: criticalBySchoolOption(critical, lineNames, schoolName ? [schoolName] : schools),
                    label: '各校临界生人数图',
                  }
                : null,
            ]}
          />
        }
        description={
          <Typography.Paragraph type="secondary">
            临界生规则：{rule}。{lineNames.length === 0 ? '本次考试没有设置分数线。' : ''}
          </Typography.Paragraph>
        }
      />
      <ReportTable
        title={`偏科学生（${who}）`}
        fileName={context.exportName('偏科学生', who)}
        rows={report.imbalanced}
        columns={imbalancedColumns}
        rowKey="studentId"
      />
      <ReportTable
        title={report.previousExam ? `进退步（与 ${report.previousExam.name} 相比，${who}）` : `进退步（${who}）`}
        fileName={context.exportName('进退步', who)}
        rows={report.movers}
        columns={moverColumns}
        rowKey="studentId"
        description={
          report.previousExam ? null : (
            <Typography.Paragraph type="secondary">没有可比较的上一次考试。</Typography.Paragraph>
          )
        }
      />
    </>
  );
}
