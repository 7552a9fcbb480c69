import type { OverviewReport, ReportExam } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';
import {
  rateCompareOption,
  segmentCompareOption,
  subjectOverMeanOption,
  subjectTOption,
} from '../../charts/class-compare.ts';
import { formatScore, formatSegment } from '../../format.ts';
import { summaryColumns } from '../grade/summary-columns.tsx';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';
import {
  classAgainstGrade,
  type PopulationRow,
  type SegmentCompareRow,
  type SubjectCompareRow,
  segmentsAgainstGrade,
  subjectsOfClass,
} from './class-compare-rows.ts';
import { ChartRow, SectionNote } from './class-parts.tsx';
import { percentColumn, rankColumn, scoreColumn, textColumn } from './columns.ts';
import { classSubjects, useClassOverviews } from './use-class-reports.ts';

// Sections of class-analysis and class-whole-analysis: the class against the grade (figures and
// rates), score segments, and the class in every subject the caller reads.

export interface SectionProps {
  context: ReportContext;
  classReport: OverviewReport;
  gradeReport: OverviewReport | undefined;
}

const POPULATION_COLUMNS: TableColumnsType<PopulationRow> = [
  textColumn('统计人群', (row) => row.label),
  ...summaryColumns<PopulationRow>((row) => row.summary),
  percentColumn('超均率', (row) => row.overMeanRate),
  scoreColumn('班级T', (row) => row.tScore),
  textColumn('班级名次', (row) =>
    row.rank === null ? null : row.rankOf === null ? String(row.rank) : `${row.rank} / ${row.rankOf}`,
  ),
];

export function PopulationSection({ context, classReport, gradeReport }: SectionProps) {
  const rows = classAgainstGrade(classReport, gradeReport, (context.exam as ReportExam).classes.length);
  return (
    <ReportTable
      title="班级与年级对比"
      fileName={context.exportName('班级与年级对比')}
      rows={rows}
      columns={POPULATION_COLUMNS}
      rowKey="key"
      chart={<ChartRow rows={rows} charts={[{ option: rateCompareOption(rows), label: '得分率与四率' }]} />}
      description={
        <SectionNote>
          {context.subject.name}（满分 {formatScore(context.subject.fullMark)}）：超均率、班级T
          与名次以年级为参照；名次为班级平均分在各班中的竞争排名。
        </SectionNote>
      }
    />
  );
}

function segmentColumns(className: string): TableColumnsType<SegmentCompareRow> {
  return [
    textColumn('分数段', (row) => formatSegment(row)),
    scoreColumn(`${className}人数`, (row) => row.classCount),
    scoreColumn(`${className}累计`, (row) => row.classCumulative),
    percentColumn(`${className}占比`, (row) => row.classShare),
    scoreColumn('年级人数', (row) => row.gradeCount),
    scoreColumn('年级累计', (row) => row.gradeCumulative),
    percentColumn('年级占比', (row) => row.gradeShare),
  ];
}

export function SegmentSection({ context, classReport, gradeReport }: SectionProps) {
  const rows = segmentsAgainstGrade(classReport, gradeReport, context.step);
  return (
    <ReportTable
      title={`分数段（步长 ${context.step}）`}
      fileName={context.exportName('分数段', String(context.step))}
      rows={rows}
      columns={segmentColumns(context.scopeName)}
      rowKey="low"
      chart={
        <ChartRow
          rows={rows}
          charts={[{ option: segmentCompareOption(rows, context.scopeName), label: '分数段占比' }]}
        />
      }
    />
  );
}

const SUBJECT_COLUMNS: TableColumnsType<SubjectCompareRow> = [
  textColumn('科目', (row) => row.subject.name),
  scoreColumn('满分', (row) => row.subject.fullMark),
  scoreColumn('人数', (row) => row.count),
  scoreColumn('缺考', (row) => row.absent),
  scoreColumn('平均分', (row) => row.mean),
  scoreColumn('年级平均分', (row) => row.gradeMean),
  scoreColumn('最高分', (row) => row.max),
  scoreColumn('最低分', (row) => row.min),
  percentColumn('得分率', (row) => row.scoreRate),
  percentColumn('优秀率', (row) => row.excellentRate),
  percentColumn('良好率', (row) => row.goodRate),
  percentColumn('及格率', (row) => row.passRate),
  percentColumn('低分率', (row) => row.lowRate),
  percentColumn('超均率', (row) => row.overMeanRate),
  scoreColumn('班级T', (row) => row.tScore),
  rankColumn('班级名次', (row) => row.rank),
];

/** The class in every subject the caller reads for it (a course teacher: their courses). */
export function SubjectsSection({ context, classId }: { context: ReportContext; classId: string }) {
  const subjects = classSubjects(context.exam as ReportExam, classId);
  const overviews = useClassOverviews(context, classId, subjects);
  const rows = subjectsOfClass(subjects, overviews.classReports, overviews.gradeReports);
  return (
    <ReportTable
      title="各科对比"
      fileName={context.exportName('各科对比')}
      rows={rows}
      columns={SUBJECT_COLUMNS}
      rowKey={(row) => row.subject.subjectKey}
      chart={
        <ChartRow
          rows={rows}
          charts={[
            { option: subjectOverMeanOption(rows), label: '各科超均率' },
            { option: subjectTOption(rows), label: '各科班级T分' },
          ]}
        />
      }
      description={
        <SectionNote>
          {context.scopeName}在你可查看的各科目中的表现；超均率、班级T 和名次均以年级为参照。
          {overviews.error ? ` 部分科目读取失败：${overviews.error.message}` : ''}
        </SectionNote>
      }
    />
  );
}
