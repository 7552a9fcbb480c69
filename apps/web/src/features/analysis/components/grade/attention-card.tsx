import type { AttentionReport, ReportExam } from '@huikao/contracts';
import { Alert, Select, Skeleton, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { groupedBarOption } from '../../charts/grouped-bar.ts';
import { exportTable } from '../../export-table.ts';
import { formatChange, formatRank, formatScore } from '../../format.ts';
import { useReport } from '../../queries.ts';
import { examSubjects, readableClasses } from '../../url-state.ts';
import { Chart } from '../chart.tsx';
import { ExportTableButton } from '../export-table-button.tsx';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';
import {
  type CriticalCount,
  type CriticalRow,
  criticalCounts,
  criticalRows,
  type MoverRow,
  splitMovers,
  subjectNamer,
} from './attention-rows.ts';

type Imbalanced = AttentionReport['imbalanced'][number];

/** 年级关注学生: critical students per line, 偏科 students and the biggest movers; a tutoring list. */
export function GradeAttention({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const [classId, setClassId] = useState<string>('');
  const report = useReport('findAttentionReport', ctx.meId, {
    schoolId: ctx.schoolId,
    meId: ctx.meId,
    subjectKey: ctx.subjectKey,
    classId: classId || undefined,
  });
  const classes = readableClasses(ctx.exam);
  const nameOf = subjectNamer(examSubjects(ctx.exam.subjects));
  if (report.error) return <Alert type="error" showIcon title="报告读取失败" description={report.error.message} />;
  if (!report.data) return <Skeleton active />;
  const data = report.data;
  const scope = classes.find((c) => c.classId === classId)?.name ?? '全年级';
  const name = (part: string) => ctx.exportName(classId ? scope : '', part);

  const criticalColumns: TableColumnsType<CriticalRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '班级', dataIndex: 'className', key: 'className' },
    { title: '位置', key: 'side', render: (_, row) => (row.side === 'above' ? '线上' : '线下') },
    { title: '分数', key: 'total', align: 'right', render: (_, row) => formatScore(row.total) },
    { title: '名次', key: 'rank', align: 'right', render: (_, row) => formatRank(row.rank) },
    {
      title: data.rule.mode === 'rank' ? '距线(名次)' : '距线(分)',
      key: 'gap',
      align: 'right',
      render: (_, row) => formatChange(row.gap),
    },
    { title: '最弱学科', key: 'weakest', render: (_, row) => nameOf(row.weakest) },
  ];
  const moverColumns: TableColumnsType<MoverRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '班级', dataIndex: 'className', key: 'className' },
    { title: '分数', key: 'score', align: 'right', render: (_, row) => formatScore(row.score) },
    { title: '本次名次', key: 'rank', align: 'right', render: (_, row) => formatRank(row.rank) },
    { title: '上次名次', key: 'previousRank', align: 'right', render: (_, row) => formatRank(row.previousRank) },
    { title: '名次变化', key: 'change', align: 'right', render: (_, row) => formatChange(row.change) },
    { title: 'T分变化', key: 'tChange', align: 'right', render: (_, row) => formatChange(row.tChange) },
  ];
  const imbalanceColumns: TableColumnsType<Imbalanced> = [
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '班级', dataIndex: 'className', key: 'className' },
    { title: '偏科程度', key: 'spread', align: 'right', render: (_, row) => formatScore(row.spread) },
    { title: '最弱学科', key: 'weakest', render: (_, row) => nameOf(row.weakest) },
    { title: '最弱Z', key: 'weakestZ', align: 'right', render: (_, row) => formatScore(row.weakestZ) },
    { title: '最强学科', key: 'strongest', render: (_, row) => nameOf(row.strongest) },
    { title: '最强Z', key: 'strongestZ', align: 'right', render: (_, row) => formatScore(row.strongestZ) },
  ];
  const countColumns: TableColumnsType<CriticalCount> = [
    { title: '班级', dataIndex: 'className', key: 'className' },
    { title: '线上临界', dataIndex: 'above', key: 'above', align: 'right' },
    { title: '线下临界', dataIndex: 'below', key: 'below', align: 'right' },
  ];
  const { rises, falls } = splitMovers(data.movers);
  const tutoring = [
    ...data.lines.map((line) =>
      exportTable({ name: `${line.name}临界生`, columns: criticalColumns, rows: criticalRows(line) }),
    ),
    exportTable({ name: '偏科学生', columns: imbalanceColumns, rows: data.imbalanced }),
    exportTable({ name: '进步最大', columns: moverColumns, rows: rises }),
    exportTable({ name: '退步最大', columns: moverColumns, rows: falls }),
  ];
  const rule =
    data.rule.mode === 'rank'
      ? `按名次：与分数线名次相差不超过 ${data.rule.rankBand} 名`
      : `按分数：分数线下 ${formatScore(data.rule.below)} 分至线上 ${formatScore(data.rule.above)} 分（不含）`;

  return (
    <>
      <div className="analysis-no-print" style={{ display: 'flex', gap: 8, marginBottom: 16, alignItems: 'center' }}>
        <Typography.Text type="secondary">班级</Typography.Text>
        <Select
          aria-label="关注班级"
          style={{ minWidth: 140 }}
          value={classId}
          onChange={setClassId}
          options={[{ value: '', label: '全年级' }, ...classes.map((c) => ({ value: c.classId, label: c.name }))]}
        />
        <ExportTableButton label="导出辅导名单" fileName={name('辅导名单')} tables={tutoring} />
      </div>
      {data.lines.length === 0 ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="本次考试没有设置分数线，没有临界生名单" />
      ) : null}
      {data.lines.map((line) => {
        const counts = criticalCounts(line.students, classes);
        const title = `${line.name}临界生（分数线 ${formatScore(line.score)}，名次 ${formatRank(line.lineRank)}）`;
        return (
          <div key={line.name}>
            <ReportTable<CriticalCount>
              title={`${line.name}各班临界人数`}
              rowKey="classId"
              rows={counts}
              columns={countColumns}
              fileName={name(`${line.name}各班临界人数`)}
              description={<Typography.Paragraph type="secondary">临界范围：{rule}</Typography.Paragraph>}
              chart={
                counts.length > 0 ? (
                  <Chart
                    label={`${line.name}各班临界人数`}
                    option={groupedBarOption(
                      counts.map((c) => c.className),
                      [
                        { name: '线上临界', values: counts.map((c) => c.above) },
                        { name: '线下临界', values: counts.map((c) => c.below) },
                      ],
                      { yName: '人数' },
                    )}
                  />
                ) : null
              }
            />
            <ReportTable<CriticalRow>
              title={title}
              rowKey={(row) => `${row.studentId}`}
              rows={criticalRows(line)}
              columns={criticalColumns}
              fileName={name(`${line.name}临界生`)}
            />
          </div>
        );
      })}
      <ReportTable<Imbalanced>
        title="偏科学生"
        rowKey="studentId"
        rows={data.imbalanced}
        columns={imbalanceColumns}
        fileName={name('偏科学生')}
      />
      {data.previousExam ? (
        <>
          <ReportTable<MoverRow>
            title={`进步最大（对比 ${data.previousExam.name}）`}
            rowKey="studentId"
            rows={rises}
            columns={moverColumns}
            fileName={name('进步最大')}
          />
          <ReportTable<MoverRow>
            title={`退步最大（对比 ${data.previousExam.name}）`}
            rowKey="studentId"
            rows={falls}
            columns={moverColumns}
            fileName={name('退步最大')}
          />
        </>
      ) : (
        <Alert type="info" showIcon title="没有可对比的上次考试（同年级更早的、已计算报告的考试），暂无进退步名单" />
      )}
    </>
  );
}
