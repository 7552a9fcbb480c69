import type { AttentionReport, ReportExam } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';
import { criticalCountsOption, moversOption } from '../../charts/class-views.ts';
import { formatScore } from '../../format.ts';
import { useReport } from '../../queries.ts';
import { examSubjects } from '../../url-state.ts';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';
import {
  type CriticalRow,
  criticalCounts,
  criticalRows,
  type ImbalancedRow,
  imbalancedRows,
  type MoverRow,
  moverRows,
  SIDE_NAMES,
} from './attention-rows.ts';
import { ChartRow, Loaded, SectionNote } from './class-parts.tsx';
import { changeColumn, rankColumn, scoreColumn, textColumn } from './columns.ts';

// The class's attention lists (findAttentionReport with the class): critical students per line,
// 偏科 students, and the biggest rises and falls since the previous exam. attention-card shows all
// three; the class-head views the parts their screen names.

export interface AttentionParts {
  critical: boolean;
  imbalanced: boolean;
  movers: boolean;
}

export function AttentionSections({
  context,
  classId,
  parts,
}: {
  context: ReportContext;
  classId: string;
  parts: AttentionParts;
}) {
  const { schoolId, meId, subjectKey } = context;
  const report = useReport('findAttentionReport', meId, { schoolId, meId, subjectKey, classId });
  return (
    <Loaded data={report.data} error={report.error} what="关注学生">
      {(data) => (
        <>
          {parts.critical ? <CriticalSection context={context} report={data} classId={classId} /> : null}
          {parts.imbalanced ? <ImbalancedSection context={context} report={data} classId={classId} /> : null}
          {parts.movers ? <MoversSection context={context} report={data} classId={classId} /> : null}
        </>
      )}
    </Loaded>
  );
}

interface PartProps {
  context: ReportContext;
  report: AttentionReport;
  classId: string;
}

const subjectsOf = (context: ReportContext) => examSubjects((context.exam as ReportExam).subjects);

function ruleText(report: AttentionReport): string {
  const { mode, below, above, rankBand } = report.rule;
  return mode === 'rank'
    ? `按名次：与分数线名次相差不超过 ${rankBand} 名`
    : `按分数：分数线下 ${formatScore(below)} 分至线上 ${formatScore(above)} 分（不含）`;
}

const CRITICAL_COLUMNS = (rank: boolean): TableColumnsType<CriticalRow> => [
  textColumn('分数线', (row) => `${row.lineName}${row.lineScore === null ? '' : `（${formatScore(row.lineScore)}）`}`),
  textColumn('线上/线下', (row) => SIDE_NAMES[row.side]),
  textColumn('姓名', (row) => row.name),
  scoreColumn('得分', (row) => row.total),
  rankColumn('年级名次', (row) => row.rank),
  changeColumn(rank ? '距线名次' : '距线分数', (row) => row.gap),
  textColumn('最弱学科', (row) => row.weakest),
];

function CriticalSection({ context, report, classId }: PartProps) {
  const rows = criticalRows(report, classId, subjectsOf(context));
  const counts = criticalCounts(report, classId);
  return (
    <ReportTable
      title="临界生"
      fileName={context.exportName('临界生')}
      rows={rows}
      columns={CRITICAL_COLUMNS(report.rule.mode === 'rank')}
      rowKey="key"
      chart={<ChartRow rows={rows} charts={[{ option: criticalCountsOption(counts), label: '临界生人数' }]} />}
      description={
        <SectionNote>
          {report.lines.length === 0
            ? '本次考试没有设置分数线，因此没有临界生。'
            : `${context.subject.name}临界生（${ruleText(report)}），线上、线下分开列出；名次为年级名次。`}
        </SectionNote>
      }
    />
  );
}

const IMBALANCED_COLUMNS: TableColumnsType<ImbalancedRow> = [
  textColumn('姓名', (row) => row.name),
  scoreColumn('偏科程度', (row) => row.spread, { sortable: true }),
  textColumn('最弱学科', (row) => row.weakest),
  scoreColumn('最弱学科Z', (row) => row.weakestZ),
  textColumn('最强学科', (row) => row.strongest),
  scoreColumn('最强学科Z', (row) => row.strongestZ),
];

function ImbalancedSection({ context, report, classId }: PartProps) {
  const rows = imbalancedRows(report, classId, subjectsOf(context));
  return (
    <ReportTable
      title="偏科学生"
      fileName={context.exportName('偏科学生')}
      rows={rows}
      columns={IMBALANCED_COLUMNS}
      rowKey="studentId"
      description={
        <SectionNote>
          偏科程度为学生各科 Z 分数的标准差；最强与最弱学科的 Z 分数相差达到设置值时列出。
          {rows.length === 0 ? ' 本班没有偏科学生。' : ''}
        </SectionNote>
      }
    />
  );
}

const MOVER_COLUMNS: TableColumnsType<MoverRow> = [
  textColumn('姓名', (row) => row.name),
  scoreColumn('本次得分', (row) => row.score),
  rankColumn('本次年级名次', (row) => row.rank),
  rankColumn('上次年级名次', (row) => row.previousRank),
  changeColumn('进退步', (row) => row.change, { sortable: true }),
  changeColumn('T分变化', (row) => row.tChange),
];

function MoversSection({ context, report, classId }: PartProps) {
  const { rising, falling } = moverRows(report, classId);
  const rows = [...rising, ...falling];
  return (
    <ReportTable
      title="进步与退步"
      fileName={context.exportName('进步与退步')}
      rows={rows}
      columns={MOVER_COLUMNS}
      rowKey="studentId"
      chart={
        <ChartRow
          rows={rows}
          charts={[
            { option: moversOption(rising, falling), label: '进退步', height: Math.max(240, rows.length * 26 + 90) },
          ]}
        />
      }
      description={
        <SectionNote>
          {report.previousExam
            ? `与上次考试「${report.previousExam.name}」相比：进退步 = 上次年级名次 − 本次年级名次，正数为进步；进步 ${rising.length} 人，退步 ${falling.length} 人，名次不变的学生不列出。`
            : '没有可比较的上次考试（同年级更早的、已计算报告的考试），因此没有进退步。'}
        </SectionNote>
      }
    />
  );
}
