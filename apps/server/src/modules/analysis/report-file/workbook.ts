import type { SegmentRow, SummaryFigures, UnitRow } from '@huikao/contracts';
import { TOTAL_SUBJECT } from '@huikao/contracts';
import { roundHalfUp } from '@huikao/stats';
import ExcelJS from 'exceljs';
import { addPrintedSheet } from '../../../platform/workbook-print.ts';
import type { ReportData } from './report-data.ts';

// The report workbook: one printable sheet per table of the analysis pages (platform/
// workbook-print.ts), Chinese headers, figures rounded half up to 2 decimals and rates as
// percentages with 2 decimals (numbers formatted 0.00%, so they still sort and sum in Excel).

type Kind = 'text' | 'number' | 'percent';
interface Column {
  header: string;
  kind?: Kind;
  width?: number;
}
type Value = string | number | null | undefined;

// Rounded here to what the page shows; the shared writer stores them so (no float noise).
const num = (value: number | null | undefined) => (value === null || value === undefined ? null : roundHalfUp(value));
const pct = (value: number | null | undefined) => (value === null || value === undefined ? null : value);

/** One table as a printable sheet, its title row naming the school, the exam and the table. */
function addTable(
  workbook: ExcelJS.Workbook,
  title: readonly string[],
  name: string,
  columns: Column[],
  rows: Value[][],
) {
  addPrintedSheet(workbook, name.replace(/[:\\/?*[\]]/g, '').slice(0, 31), {
    title: [...title, name],
    titleRow: true,
    columns: columns.map((c) => ({
      header: c.header,
      // Rates as numbers formatted 0.00%, so they still sort and sum in Excel; other figures
      // General with the value rounded to 2 decimals (no 0.## format: Excel shows 910. with it).
      numFmt: c.kind === 'percent' ? '0.00%' : undefined,
      minWidth: c.width,
    })),
    rows,
  });
}

const summaryColumns: Column[] = [
  { header: '参考人数', kind: 'number' },
  { header: '平均分', kind: 'number' },
  { header: '最高分', kind: 'number' },
  { header: '最低分', kind: 'number' },
  { header: '标准差', kind: 'number' },
  { header: '得分率', kind: 'percent' },
  { header: '优秀率', kind: 'percent' },
  { header: '良好率', kind: 'percent' },
  { header: '及格率', kind: 'percent' },
  { header: '低分率', kind: 'percent' },
];
const summaryCells = (s: SummaryFigures | null): Value[] =>
  s
    ? [s.count, num(s.mean), num(s.max), num(s.min), num(s.sd), pct(s.scoreRate)].concat(
        [s.excellentRate, s.goodRate, s.passRate, s.lowRate].map(pct),
      )
    : summaryColumns.map(() => null);

const segmentLabel = (s: SegmentRow) => (s.closedTop ? `[${s.low}, ${s.high}]` : `[${s.low}, ${s.high})`);

export async function reportWorkbook(data: ReportData): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '慧考云';
  const nameOf = (key: string) => data.subjects.find((s) => s.subjectKey === key)?.name ?? key;
  const present = data.subjects.filter((s) => data.grade.has(s.subjectKey));
  const title = [data.schoolName, data.exam.name];

  addTable(
    workbook,
    title,
    '年级概况',
    [{ header: '科目' }, { header: '满分', kind: 'number' }, { header: '缺考人数', kind: 'number' }, ...summaryColumns],
    present.map((s) => {
      const summary = data.grade.get(s.subjectKey)!.summary;
      return [s.name, s.fullMark, summary?.absent ?? null, ...summaryCells(summary)];
    }),
  );

  addTable(
    workbook,
    title,
    '分数段',
    [
      { header: '科目' },
      { header: '分数段', width: 14 },
      { header: '人数', kind: 'number' },
      { header: '累计人数', kind: 'number' },
      { header: '占比', kind: 'percent' },
      { header: '累计占比', kind: 'percent' },
    ],
    present.flatMap((s) => {
      const step = s.subjectKey === TOTAL_SUBJECT ? data.steps.total : data.steps.single;
      return (data.grade.get(s.subjectKey)!.segments[String(step)] ?? []).map((seg) => [
        `${s.name}（步长${step}）`,
        segmentLabel(seg),
        seg.count,
        seg.cumulative,
        pct(seg.share),
        pct(seg.cumulativeShare),
      ]);
    }),
  );

  const unitCells = (u: UnitRow): Value[] => [
    ...summaryCells(u.summary),
    pct(u.overMeanRate),
    num(u.tScore),
    u.rank,
    pct(u.evaluation?.standardRate),
    num(u.evaluation?.ec),
    u.evaluation?.ecRank,
    num(u.evaluation?.wrsr),
    u.evaluation?.rsrGrade,
  ];
  addTable(
    workbook,
    title,
    '班级对比',
    [
      { header: '科目' },
      { header: '班级' },
      ...summaryColumns,
      { header: '超均率', kind: 'percent' },
      { header: '班级T分', kind: 'number' },
      { header: '名次', kind: 'number' },
      { header: '达标率', kind: 'percent' },
      { header: '综合评价EC', kind: 'number' },
      { header: 'EC名次', kind: 'number' },
      { header: 'WRSR', kind: 'number' },
      { header: '秩和比分档' },
    ],
    present.flatMap((s) => data.grade.get(s.subjectKey)!.units.map((u) => [s.name, u.scope.name, ...unitCells(u)])),
  );

  addTable(
    workbook,
    title,
    '学科分析',
    [
      { header: '科目' },
      { header: '满分', kind: 'number' },
      { header: '平均分', kind: 'number' },
      { header: '难度(得分率)', kind: 'number' },
      { header: '区分度', kind: 'number' },
      { header: '信度α', kind: 'number' },
      { header: '分半信度', kind: 'number' },
      { header: '学科贡献率(均分)', kind: 'percent' },
    ],
    (data.subjectsDoc?.subjects ?? []).map((s) => [
      s.subject.name,
      s.subject.fullMark,
      num(s.summary?.mean),
      num(s.difficulty),
      num(s.discrimination),
      num(s.alpha),
      num(s.splitHalf),
      pct(s.contribution),
    ]),
  );

  addTable(
    workbook,
    title,
    '上线分析',
    [
      { header: '分数线' },
      { header: '范围' },
      { header: '分数线分数', kind: 'number' },
      { header: '人数', kind: 'number' },
      { header: '上线人数', kind: 'number' },
      { header: '科目' },
      { header: '有效分', kind: 'number' },
      { header: '单上线', kind: 'number' },
      { header: '双上线', kind: 'number' },
      { header: '贡献率', kind: 'percent' },
      { header: '命中率', kind: 'percent' },
    ],
    (data.lines?.lines ?? []).flatMap((line) => {
      const scopes = [
        { ...line, name: '年级', count: data.grade.get(TOTAL_SUBJECT)?.summary?.count ?? null },
        ...line.units.map((u) => ({ ...u, name: u.scope.name })),
      ];
      return scopes.flatMap((scope) =>
        scope.subjects.map((s) => [
          line.name,
          scope.name,
          num(line.score),
          scope.count,
          scope.onLine,
          s.name,
          num(s.effectiveScore),
          s.single,
          s.double,
          pct(s.contribution),
          pct(s.hitRate),
        ]),
      );
    }),
  );

  addTable(
    workbook,
    title,
    '临界生',
    [
      { header: '分数线' },
      { header: '分数线分数', kind: 'number' },
      { header: '班级' },
      { header: '姓名' },
      { header: '总分', kind: 'number' },
      { header: '名次', kind: 'number' },
      { header: '与线差距', kind: 'number' },
      { header: '位置' },
      { header: '薄弱科目' },
    ],
    (data.attention?.lines ?? []).flatMap((line) =>
      line.students.map((s) => [
        line.name,
        num(line.score),
        s.className,
        s.name,
        num(s.total),
        s.rank,
        num(s.gap),
        s.side === 'above' ? '线上' : '线下',
        s.weakest === null ? null : nameOf(s.weakest),
      ]),
    ),
  );

  for (const subject of present.filter((s) => data.items.has(s.subjectKey))) {
    addTable(
      workbook,
      title,
      `试题分析-${subject.name}`,
      [
        { header: '题号' },
        { header: '大题' },
        { header: '题型' },
        { header: '答案' },
        { header: '满分', kind: 'number' },
        { header: '平均分', kind: 'number' },
        { header: '难度(得分率)', kind: 'number' },
        { header: '区分度', kind: 'number' },
        { header: '区分度评价' },
        { header: '校正题总相关', kind: 'number' },
        { header: '满分人数', kind: 'number' },
        { header: '零分人数', kind: 'number' },
        { header: '知识点', width: 24 },
        { header: '选项分布', width: 36 },
      ],
      data.items
        .get(subject.subjectKey)!
        .items.map((item) => [
          item.questionNo,
          item.groupName,
          item.kind === 1 ? '客观题' : '主观题',
          item.answer,
          item.fullMark,
          num(item.mean),
          num(item.difficulty),
          num(item.discrimination),
          item.ebel,
          num(item.itemRest),
          item.fullCount,
          item.zeroCount,
          item.knowledgePoints.join('、'),
          item.options?.map((o) => `${o.option} ${roundHalfUp(o.share * 100)}%`).join('  ') ?? null,
        ]),
    );
  }

  const courses = data.subjects.filter((s) => s.subjectKey !== TOTAL_SUBJECT);
  addTable(
    workbook,
    title,
    '成绩单',
    [
      { header: '学号', width: 14 },
      { header: '姓名' },
      { header: '班级' },
      ...courses.map((c) => ({ header: c.name, kind: 'number' as const })),
      { header: '总分', kind: 'number' },
      { header: '班级名次', kind: 'number' },
      { header: '年级名次', kind: 'number' },
      { header: '名次进退', kind: 'number' },
    ],
    data.students.map((row) => {
      const total = row.subjects[TOTAL_SUBJECT];
      return [
        row.studentNo,
        row.name,
        row.className,
        ...courses.map((c) => {
          const figures = row.subjects[c.subjectKey];
          return figures ? (figures.score === null ? '缺考' : num(figures.score)) : null;
        }),
        total?.score === null || total === undefined ? '缺考' : num(total.score),
        total?.classRank ?? null,
        total?.gradeRank ?? null,
        row.progress?.gradeRankChange ?? null,
      ];
    }),
  );

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
