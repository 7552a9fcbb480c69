import type { OverviewReport, ReportExam } from '@huikao/contracts';
import { useQueries } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { formatPercent, formatRank, formatScore } from '../../format.ts';
import { reportQuery } from '../../queries.ts';
import { examSubjects } from '../../url-state.ts';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';

export interface MatrixRow {
  classId: string;
  name: string;
  /** Per subject key: the class's mean, 超均率, class T and rank in that subject. */
  cells: Record<
    string,
    { mean: number | null; overMeanRate: number | null; tScore: number | null; rank: number | null }
  >;
}

/** Classes × subjects from each subject's grade overview (classes in the first report's order). */
export function classMatrix(reports: readonly OverviewReport[]): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  for (const report of reports) {
    for (const unit of report.units) {
      let row = rows.get(unit.scope.id);
      if (!row) {
        row = { classId: unit.scope.id, name: unit.scope.name, cells: {} };
        rows.set(unit.scope.id, row);
      }
      row.cells[report.subject.subjectKey] = {
        mean: unit.summary?.mean ?? null,
        overMeanRate: unit.overMeanRate,
        tScore: unit.tScore,
        rank: unit.rank,
      };
    }
  }
  return [...rows.values()];
}

/** 各科对比: every class's mean, 超均率, class T and rank in the total and each course, side by side. */
export function ClassMatrix({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const subjects = examSubjects(ctx.exam.subjects);
  const results = useQueries({
    queries: subjects.map((subject) =>
      reportQuery('findOverviewReport', ctx.meId, {
        schoolId: ctx.schoolId,
        meId: ctx.meId,
        subjectKey: subject.subjectKey,
      }),
    ),
  });
  const reports = results.flatMap((result) => (result.data ? [result.data] : []));
  if (reports.length === 0) return null;
  const shown = subjects.filter((subject) => reports.some((r) => r.subject.subjectKey === subject.subjectKey));
  const columns: TableColumnsType<MatrixRow> = [
    { title: '班级', dataIndex: 'name', key: 'name', fixed: 'left' },
    ...shown.map((subject) => {
      const cell = (row: MatrixRow) => row.cells[subject.subjectKey];
      return {
        title: subject.name,
        key: subject.subjectKey,
        children: [
          {
            title: '平均分',
            key: `mean:${subject.subjectKey}`,
            align: 'right' as const,
            render: (_: unknown, row: MatrixRow) => formatScore(cell(row)?.mean),
          },
          {
            title: '超均率',
            key: `omr:${subject.subjectKey}`,
            align: 'right' as const,
            render: (_: unknown, row: MatrixRow) => formatPercent(cell(row)?.overMeanRate),
          },
          {
            title: '班级T',
            key: `t:${subject.subjectKey}`,
            align: 'right' as const,
            render: (_: unknown, row: MatrixRow) => formatScore(cell(row)?.tScore),
          },
          {
            title: '名次',
            key: `rank:${subject.subjectKey}`,
            align: 'right' as const,
            render: (_: unknown, row: MatrixRow) => formatRank(cell(row)?.rank),
          },
        ],
      };
    }),
  ];
  return (
    <ReportTable<MatrixRow>
      title="各科对比"
      rowKey="classId"
      rows={classMatrix(reports)}
      keyColumns={1}
      columns={columns}
      fileName={ctx.exportName('各科对比')}
    />
  );
}
