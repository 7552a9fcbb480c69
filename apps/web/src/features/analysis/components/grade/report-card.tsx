import {
  analysisApi,
  type ReportExam,
  type StudentRow,
  type StudentSubjectFigures,
  type SubjectRef,
} from '@huikao/contracts';
import { Alert, Card, type TableColumnsType, Typography } from 'antd';
import { DataTable, type DataTableQuery, useTableQuery } from '../../../../components/data-table.tsx';
import { call } from '../../../../lib/api-client.ts';
import type { ExportTable } from '../../export-table.ts';
import { formatChange, formatRank, formatScore } from '../../format.ts';
import { useExamSettings, useReport } from '../../queries.ts';
import { ExportTableButton } from '../export-table-button.tsx';
import type { ReportContext } from '../report-page.tsx';

/** The largest page the list call answers: an export reads the whole list in pages of this size. */
export const EXPORT_PAGE_SIZE = 500;

export type ScorePageParams = Parameters<typeof call<typeof analysisApi.getMultiExamStudentScorePage>>[1];

/** The list call's parameters for a table query: sort by a subject's column, filter by class. */
export function scorePageParams(ctx: { schoolId: string; meId: string }, query: DataTableQuery): ScorePageParams {
  const sortSubject = query.sortField?.startsWith('subject:') ? query.sortField.slice('subject:'.length) : undefined;
  const classId = query.filters.classId?.[0];
  return {
    schoolId: ctx.schoolId,
    meId: ctx.meId,
    classId: classId === undefined ? undefined : String(classId),
    sortSubject,
    order: sortSubject && query.sortOrder === 'ascend' ? 'asc' : 'desc',
    keyword: query.keyword || undefined,
    currentPage: query.currentPage,
    pageSize: query.pageSize,
  };
}

/** Every row of the list (all pages), for the export. */
export async function fetchAllRows(params: ScorePageParams): Promise<StudentRow[]> {
  const rows: StudentRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await call(analysisApi.getMultiExamStudentScorePage, {
      ...params,
      currentPage: page,
      pageSize: EXPORT_PAGE_SIZE,
    });
    rows.push(...answer.list);
    if (answer.list.length === 0 || rows.length >= answer.total) return rows;
  }
}

/** The columns of a report card: who, then each subject's score and ranks, then progress and 偏科. */
export function reportCardColumns(
  subjects: readonly SubjectRef[],
  classes: ReadonlyArray<{ classId: string; name: string }>,
  dense: boolean,
): TableColumnsType<StudentRow> {
  const figures = (row: StudentRow, key: string): StudentSubjectFigures | undefined => row.subjects[key];
  const nameOf = (key: string) => subjects.find((subject) => subject.subjectKey === key)?.name ?? key;
  return [
    { title: '姓名', dataIndex: 'name', key: 'name', fixed: 'left' },
    { title: '学号', dataIndex: 'studentNo', key: 'studentNo' },
    {
      title: '班级',
      dataIndex: 'className',
      key: 'classId',
      filters: classes.map((c) => ({ text: c.name, value: c.classId })),
      filterMultiple: false,
    },
    ...subjects.map((subject) => ({
      title: subject.name,
      key: `group:${subject.subjectKey}`,
      children: [
        {
          title: '分数',
          key: `subject:${subject.subjectKey}`,
          align: 'right' as const,
          sorter: true,
          render: (_: unknown, row: StudentRow) => {
            const f = figures(row, subject.subjectKey);
            return f ? (f.score === null ? '缺考' : formatScore(f.score)) : '—';
          },
        },
        {
          title: '班名',
          key: `classRank:${subject.subjectKey}`,
          align: 'right' as const,
          render: (_: unknown, row: StudentRow) => {
            const f = figures(row, subject.subjectKey);
            return formatRank(dense ? f?.classDenseRank : f?.classRank);
          },
        },
        {
          title: '级名',
          key: `gradeRank:${subject.subjectKey}`,
          align: 'right' as const,
          render: (_: unknown, row: StudentRow) => {
            const f = figures(row, subject.subjectKey);
            return formatRank(dense ? f?.gradeDenseRank : f?.gradeRank);
          },
        },
      ],
    })),
    {
      title: '进退步(级名)',
      key: 'progress',
      align: 'right',
      render: (_, row) => formatChange(row.progress?.gradeRankChange),
    },
    {
      title: '偏科',
      key: 'imbalance',
      render: (_, row) =>
        row.imbalance?.flagged ? `偏科（最弱：${nameOf(row.imbalance.weakest)}）` : row.imbalance ? '否' : '—',
    },
  ];
}

/** 年级成绩单: every student of the grade, paged, searched and sorted on the server. */
export function GradeReportCard({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const [query, setQuery] = useTableQuery({ sortField: 'subject:0', sortOrder: 'descend' });
  const params = scorePageParams(ctx, query);
  const page = useReport('getMultiExamStudentScorePage', ctx.meId, params);
  const settings = useExamSettings(ctx.schoolId, ctx.meId);
  const subjects = page.data?.subjects ?? [];
  const columns = reportCardColumns(subjects, ctx.exam.classes, settings?.rankMode === 'dense');
  const exportTables = async (): Promise<ExportTable<StudentRow>[]> => [
    { name: '年级成绩单', columns, rows: await fetchAllRows(params), keyColumns: 3 },
  ];
  return (
    <Card size="small">
      {page.error ? (
        <Alert
          type="error"
          showIcon
          title="成绩单读取失败"
          description={page.error.message}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {page.data?.ranksHidden ? (
        <Typography.Paragraph type="secondary">本次考试设置了隐藏名次，名次不显示。</Typography.Paragraph>
      ) : null}
      <DataTable<StudentRow>
        label="年级成绩单"
        rowKey="studentId"
        columns={columns}
        page={page.data}
        query={query}
        onQueryChange={setQuery}
        loading={page.isFetching}
        searchPlaceholder="输入姓名或学号搜索"
        toolbar={
          <ExportTableButton
            fileName={ctx.exportName(query.filters.classId?.length ? className(ctx, query) : '全部学生')}
            tables={exportTables}
            disabled={!page.data || page.data.total === 0}
          />
        }
        size="small"
      />
    </Card>
  );
}

function className(ctx: ReportContext<ReportExam>, query: DataTableQuery): string {
  const id = String(query.filters.classId?.[0] ?? '');
  return ctx.exam.classes.find((c) => c.classId === id)?.name ?? '';
}
