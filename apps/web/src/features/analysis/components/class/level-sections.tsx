import type { TableColumnsType } from 'antd';
import { levelBandsOption } from '../../charts/class-views.ts';
import { useReport } from '../../queries.ts';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';
import { ChartRow, Loaded, SectionNote } from './class-parts.tsx';
import { changeColumn, percentColumn, scoreColumn, textColumn } from './columns.ts';
import { bandsVerdict, type LevelBandRow, levelBands } from './level-rows.ts';

// class-level-analysis and class-single-level-analysis (findLevelsReport with the class): the
// class's students per grade-rank band, and how the bands moved since the previous exam.

export function LevelSections({ context, classId }: { context: ReportContext; classId: string }) {
  const { schoolId, meId, subjectKey } = context;
  const report = useReport('findLevelsReport', meId, { schoolId, meId, subjectKey, classId });
  return (
    <Loaded data={report.data} error={report.error} what="分层分析">
      {(data) => {
        const rows = levelBands(data, classId);
        const previous = data.previousExam?.name ?? null;
        return <BandsSection context={context} rows={rows} previous={previous} />;
      }}
    </Loaded>
  );
}

function columns(previous: string | null): TableColumnsType<LevelBandRow> {
  return [
    textColumn('年级名次段', (row) => row.band),
    scoreColumn('本次人数', (row) => row.count),
    percentColumn('本班占比', (row) => row.share),
    ...(previous === null
      ? []
      : [
          scoreColumn<LevelBandRow>('上次人数', (row) => row.previousCount),
          changeColumn<LevelBandRow>('人数变化', (row) => row.change),
        ]),
  ];
}

function BandsSection({
  context,
  rows,
  previous,
}: {
  context: ReportContext;
  rows: LevelBandRow[];
  previous: string | null;
}) {
  const verdict = bandsVerdict(rows);
  return (
    <ReportTable
      title={`${context.subject.name}分层`}
      fileName={context.exportName('分层')}
      rows={rows}
      columns={columns(previous)}
      rowKey="band"
      chart={<ChartRow rows={rows} charts={[{ option: levelBandsOption(rows, previous), label: '年级名次段人数' }]} />}
      description={
        <SectionNote>
          按{context.subject.name}的年级名次把本班学生分为前10%、10%–30%、30%–50%、50%–70%、70%–100% 五层（名次 ÷
          年级人数落在哪一段，同分同层）。
          {previous === null
            ? ' 没有可比较的上次考试（同年级更早的、已计算报告的考试）。'
            : ` 与上次考试「${previous}」相比${verdict ? `：${verdict}` : ''}。`}
        </SectionNote>
      }
    />
  );
}
