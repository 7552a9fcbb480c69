import { type OverviewReport, TOTAL_SUBJECT } from '@huikao/contracts';
import { roundHalfUp } from '@huikao/stats';
import { AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { CHART_HEIGHT, CHART_WIDTH, classMeansChart, segmentsChart, subjectRatesChart } from './charts.ts';
import type { ReportData } from './report-data.ts';

// The report summary (.docx): a Chinese narrative of the exam written from the stored figures —
// participation and the total's figures, the change since the previous exam, the strongest and
// weakest classes and subjects, the lines, the students to watch — with the main charts as images.

const n = (value: number) => String(roundHalfUp(value));
const p = (rate: number | null | undefined) => (rate === null || rate === undefined ? '—' : `${n(rate * 100)}%`);
const signed = (value: number, unit: string) =>
  roundHalfUp(value) === 0 ? '持平' : `${value > 0 ? '上升' : '下降'}${n(Math.abs(value))}${unit}`;

export interface Section {
  heading: string;
  paragraphs: string[];
}

/** The narrative, section by section (pure, so tests can read it without unzipping). */
export function summarySections(data: ReportData): Section[] {
  const total = data.grade.get(TOTAL_SUBJECT);
  const s = total?.summary;
  const sections: Section[] = [];
  const overall: string[] = [];
  if (!total || !s) {
    overall.push('本次考试没有可统计的成绩。');
    return [{ heading: '一、总体情况', paragraphs: overall }];
  }
  overall.push(
    `本次考试共有${s.count}人参加，缺考${s.absent}人。总分满分${n(total.subject.fullMark)}分，平均分${n(s.mean)}分，` +
      `最高分${n(s.max)}分，最低分${n(s.min)}分，标准差${n(s.sd)}；得分率${p(s.scoreRate)}，优秀率${p(s.excellentRate)}，` +
      `良好率${p(s.goodRate)}，及格率${p(s.passRate)}，低分率${p(s.lowRate)}。`,
  );
  overall.push(comparison(data, total));
  sections.push({ heading: '一、总体情况', paragraphs: overall });

  const classes = total.units.filter((u) => u.summary).sort((a, b) => b.summary!.mean - a.summary!.mean);
  const classText: string[] = [];
  if (classes.length === 1) classText.push(`本年级只有${classes[0]!.scope.name}参加考试。`);
  if (classes.length > 1) {
    const describe = (u: (typeof classes)[number]) =>
      `${u.scope.name}（平均分${n(u.summary!.mean)}分，超均率${p(u.overMeanRate)}，班级T分${u.tScore === null ? '—' : n(u.tScore)}）`;
    classText.push(`总分平均分最高的是${describe(classes[0]!)}，最低的是${describe(classes.at(-1)!)}。`);
    const best = [...classes].filter((u) => u.evaluation).sort((a, b) => a.evaluation!.ecRank - b.evaluation!.ecRank);
    if (best[0]) classText.push(`按综合评价（EC）排名第一的是${best[0].scope.name}。`);
    const upper = classes.filter((u) => u.evaluation?.rsrGrade === '上').map((u) => u.scope.name);
    if (upper.length > 0) classText.push(`秩和比法评为“上”档的班级：${upper.join('、')}。`);
  }
  if (classText.length > 0) sections.push({ heading: '二、班级情况', paragraphs: classText });

  const courses = (data.subjectsDoc?.subjects ?? []).filter((c) => c.summary);
  if (courses.length > 0) {
    const byRate = [...courses].sort((a, b) => b.summary!.scoreRate - a.summary!.scoreRate);
    const text = [
      courses.length === 1
        ? `${byRate[0]!.subject.name}的得分率为${p(byRate[0]!.summary!.scoreRate)}。`
        : `各学科中得分率最高的是${byRate[0]!.subject.name}（${p(byRate[0]!.summary!.scoreRate)}），` +
          `最低的是${byRate.at(-1)!.subject.name}（${p(byRate.at(-1)!.summary!.scoreRate)}），是本次考试的薄弱学科。`,
    ];
    const weakDiscrimination = courses.filter((c) => c.discrimination !== null && c.discrimination < 0.2);
    if (weakDiscrimination.length > 0) {
      text.push(
        `区分度低于0.20的学科：${weakDiscrimination.map((c) => c.subject.name).join('、')}，试卷区分能力偏弱。`,
      );
    }
    sections.push({ heading: '三、学科情况', paragraphs: text });
  }

  const lines = data.lines?.lines ?? [];
  if (lines.length > 0) {
    const text = lines.map((line) => {
      const share = s.count > 0 ? line.onLine / s.count : null;
      const hits = line.subjects.filter((x) => x.contribution !== null);
      const sorted = [...hits].sort((a, b) => b.contribution! - a.contribution!);
      const [top, bottom] = [sorted[0], sorted.at(-1)];
      let subjects = '';
      if (top && bottom && sorted.length > 1) {
        subjects =
          p(top.contribution) === p(bottom.contribution)
            ? `各学科贡献率均为${p(top.contribution)}。`
            : `贡献率最高的学科是${top.name}（${p(top.contribution)}），最低的是${bottom.name}（${p(bottom.contribution)}）。`;
      }
      const score = line.score === null ? '' : `（${n(line.score)}分）`;
      return `${line.name}${score}上线${line.onLine}人，占${p(share)}。${subjects}`;
    });
    sections.push({ heading: '四、上线情况', paragraphs: text });
  }

  const attention = data.attention;
  if (attention) {
    const text = attention.lines.map((line) => {
      const above = line.students.filter((x) => x.side === 'above').length;
      return `${line.name}临界生：线上${above}人，线下${line.students.length - above}人。`;
    });
    text.push(`偏科学生${attention.imbalanced.length}人。`);
    if (attention.previousExam) {
      const up = attention.movers.filter((m) => m.change > 0).length;
      const down = attention.movers.filter((m) => m.change < 0).length;
      text.push(`与${attention.previousExam.name}相比，名次进步明显的${up}人、退步明显的${down}人已列入关注名单。`);
    }
    sections.push({ heading: '五、关注学生', paragraphs: text });
  }
  return sections;
}

function comparison(data: ReportData, total: OverviewReport): string {
  const now = total.summary!;
  const before = data.previous?.total.summary;
  if (!data.previous || !before) return '本次考试没有可比较的上次考试（同年级此前没有已完成并计算了报告的考试）。';
  const sameFull = data.previous.total.subject.fullMark === total.subject.fullMark;
  const mean = sameFull ? `平均分${signed(now.mean - before.mean, '分')}，` : '';
  const points = (a: number, b: number) => signed((a - b) * 100, '个百分点');
  return (
    `与上次考试（${data.previous.name}）相比，${mean}得分率${points(now.scoreRate, before.scoreRate)}，` +
    `优秀率${points(now.excellentRate, before.excellentRate)}，及格率${points(now.passRate, before.passRate)}。` +
    (sameFull ? '' : '两次考试总分满分不同，只比较各项比率。')
  );
}

const image = (data: Buffer) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    children: [new ImageRun({ type: 'png', data, transformation: { width: CHART_WIDTH, height: CHART_HEIGHT } })],
  });

export async function summaryDocx(data: ReportData): Promise<Buffer> {
  const children: Paragraph[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      text: `${data.exam.name}成绩分析报告`,
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: `${data.exam.gradeName} · 考试日期 ${data.exam.startDate}`, color: '666666' })],
    }),
  ];
  for (const section of summarySections(data)) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, text: section.heading }));
    for (const text of section.paragraphs) children.push(new Paragraph({ children: [new TextRun(text)] }));
  }
  const total = data.grade.get(TOTAL_SUBJECT);
  const charts: Buffer[] = [];
  const segments = total?.segments[String(data.steps.total)];
  if (segments?.length) charts.push(await segmentsChart(segments, data.steps.total));
  if (total && total.units.length > 0) charts.push(await classMeansChart(total));
  if (data.subjectsDoc && data.subjectsDoc.subjects.length > 0) {
    charts.push(await subjectRatesChart(data.subjectsDoc.subjects));
  }
  if (charts.length > 0) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, text: '附：主要图表' }));
    for (const chart of charts) children.push(image(chart));
  }
  const document = new Document({
    creator: '慧考云',
    title: `${data.exam.name}成绩分析报告`,
    styles: { default: { document: { run: { font: '宋体', size: 24 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
