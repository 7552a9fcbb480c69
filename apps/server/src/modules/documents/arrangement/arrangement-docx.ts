import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { ExamArrangement } from '../../scanning/index.ts';
import { documentStyles, SIZE } from '../docx-kit.ts';

// 考务安排 (#19 part 2): one Word document an exam office prints and posts — the exam, its subjects
// with dates, and every room with its location, seats, examinees placed and 监考教师, then the
// invigilators' own list (who is in which room), since that is what they look for.

export interface ArrangementInput extends ExamArrangement {
  examName: string;
  startDate: string;
}

const cell = (text: string, bold = false) =>
  new TableCell({
    children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text, bold })] })],
  });

function table(header: string[], rows: string[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true)) }),
      ...rows.map((r) => new TableRow({ children: r.map((t) => cell(t)) })),
    ],
  });
}

const heading = (text: string) =>
  new Paragraph({
    heading: HeadingLevel.HEADING_2,
    spacing: { before: 240, after: 120 },
    children: [new TextRun({ text, bold: true, size: SIZE.subtitle })],
  });

export async function arrangementDocx(a: ArrangementInput): Promise<Buffer> {
  const byTeacher = new Map<string, string[]>();
  for (const room of a.rooms) {
    for (const name of room.invigilators) byTeacher.set(name, [...(byTeacher.get(name) ?? []), room.name]);
  }
  const examinees = a.rooms.reduce((sum, r) => sum + r.placed, 0);
  const children = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: `${a.schoolName} ${a.examName} 考务安排`, bold: true, size: SIZE.title })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [
        new TextRun({
          text: `考试开始日期：${a.startDate}　考场 ${a.rooms.length} 个　考生 ${examinees} 人`,
          size: SIZE.small,
        }),
      ],
    }),
    heading('一、考试科目'),
    table(
      ['序号', '科目', '考试日期'],
      a.subjects.map((s, i) => [String(i + 1), s.courseName, s.examDate ?? '未定']),
    ),
    heading('二、考场与监考'),
    a.rooms.length
      ? table(
          ['考场', '地点', '座位数', '考生人数', '监考教师'],
          a.rooms.map((r) => [
            r.name,
            r.location || '—',
            String(r.seatCount),
            String(r.placed),
            r.invigilators.join('、') || '未安排',
          ]),
        )
      : new Paragraph({ children: [new TextRun('本次考试还没有编排考场。')] }),
    heading('三、监考教师一览'),
    byTeacher.size
      ? table(
          ['监考教师', '考场'],
          [...byTeacher].map(([name, rooms]) => [name, rooms.join('、')]),
        )
      : new Paragraph({ children: [new TextRun('还没有安排监考教师。')] }),
  ];
  const doc = new Document({
    creator: '慧考云',
    title: `${a.examName}考务安排`,
    styles: documentStyles,
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
