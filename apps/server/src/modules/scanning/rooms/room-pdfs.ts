import PDFDocument from 'pdfkit';
import { CARD_FONT_FACE, cardFontBytes } from '../card-pdf/index.ts';

// The room printouts of 考场编排 (issue #16 item 4) as vector PDFs: 考场安排表 (a room's seats, A4
// portrait, the column header repeated on every page), 门贴 (the door sign, A4 landscape) and 座位贴
// (seat stickers, a 3 × 8 grid of 70 × 37 mm labels on A4). Text in Noto Serif CJK SC from
// fonts-noto-cjk, the answer cards' font, embedded as a subset (pdfkit embeds the glyphs used).
// Pure drawing from the data given: no database, run outside any transaction.

const MM = 72 / 25.4;

export interface PrintedStudent {
  seat: number | null;
  examNo: string | null;
  name: string;
  className: string;
}

export interface PrintedRoom {
  name: string;
  location: string;
  seatCount: number;
  students: PrintedStudent[];
}

export interface PrintedExam {
  schoolName: string;
  examName: string;
  dates: string;
  subjects: { name: string; date: string | null }[];
  rooms: PrintedRoom[];
}

function openDocument(title: string, layout: 'portrait' | 'landscape') {
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Creator: '慧考云' },
  });
  doc.registerFont('serif', cardFontBytes(), CARD_FONT_FACE);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

const seatRange = (room: PrintedRoom) => {
  const seats = room.students.map((s) => s.seat).filter((s): s is number => s !== null);
  return seats.length === 0 ? '—' : `${Math.min(...seats)}–${Math.max(...seats)}号`;
};

const examNoRange = (room: PrintedRoom) => {
  const numbers = room.students.map((s) => s.examNo).filter((n): n is string => !!n);
  if (numbers.length === 0) return '—';
  const sorted = [...numbers].sort(new Intl.Collator('zh-CN', { numeric: true }).compare);
  return `${sorted[0]} – ${sorted[sorted.length - 1]}`;
};

/** 考场安排表: each room from a new page; seat, 考号, name, class; header repeated after a page break. */
export async function roomListPdf(exam: PrintedExam): Promise<Buffer> {
  const { doc, done } = openDocument(`${exam.examName} 考场安排表`, 'portrait');
  const left = 20 * MM;
  const widths = [22 * MM, 50 * MM, 45 * MM, 53 * MM];
  const titles = ['座位号', '考号', '姓名', '班级'];
  const rowHeight = 8 * MM;
  const bottom = (297 - 18) * MM;
  for (const room of exam.rooms) {
    let page = 0;
    let y = 0;
    const header = () => {
      doc.addPage();
      page++;
      doc
        .font('serif')
        .fontSize(16)
        .text(`${exam.examName} 考场安排表`, 0, 15 * MM, { width: 210 * MM, align: 'center' });
      doc
        .fontSize(10.5)
        .text(
          `${exam.schoolName}　${room.name}　地点：${room.location || '—'}　人数：${room.students.length}　${page > 1 ? `（续 第${page}页）` : ''}`,
          left,
          25 * MM,
        );
      y = 32 * MM;
      drawRow(titles, true);
    };
    const drawRow = (cells: string[], bold: boolean) => {
      let x = left;
      cells.forEach((cell, i) => {
        if (bold) doc.save().rect(x, y, widths[i]!, rowHeight).fillOpacity(0.08).fill('#000').restore();
        doc.rect(x, y, widths[i]!, rowHeight).lineWidth(0.5).stroke();
        doc.fontSize(10.5).text(cell, x + 2 * MM, y + 2.2 * MM, {
          width: widths[i]! - 4 * MM,
          height: rowHeight,
          lineBreak: false,
          ellipsis: true,
        });
        x += widths[i]!;
      });
      y += rowHeight;
    };
    header();
    for (const s of room.students) {
      if (y + rowHeight > bottom) header();
      drawRow([s.seat === null ? '' : String(s.seat), s.examNo ?? '', s.name, s.className], false);
    }
    doc.fontSize(9).text('监考员签字：____________　____________', left, bottom + 4 * MM, { lineBreak: false });
  }
  doc.end();
  return done;
}

/** 门贴: one A4 landscape sign per room: exam, room, location, seats and 考号 range, subjects and dates. */
export async function doorSignsPdf(exam: PrintedExam): Promise<Buffer> {
  const { doc, done } = openDocument(`${exam.examName} 门贴`, 'landscape');
  const width = 297 * MM;
  for (const room of exam.rooms) {
    doc.addPage();
    doc
      .rect(10 * MM, 10 * MM, 277 * MM, 190 * MM)
      .lineWidth(2)
      .stroke();
    doc
      .font('serif')
      .fontSize(20)
      .text(`${exam.schoolName} ${exam.examName}`, 0, 22 * MM, { width, align: 'center' });
    doc.fontSize(72).text(room.name, 0, 40 * MM, { width, align: 'center' });
    doc
      .fontSize(18)
      .text(`地点：${room.location || '—'}　　座位：${seatRange(room)}（共${room.students.length}人）`, 0, 90 * MM, {
        width,
        align: 'center',
      });
    doc.fontSize(16).text(`考号：${examNoRange(room)}`, 0, 102 * MM, { width, align: 'center' });
    doc.fontSize(14).text(`考试日期：${exam.dates}`, 0, 118 * MM, { width, align: 'center' });
    const subjects = exam.subjects.map((s) => (s.date ? `${s.name}（${s.date}）` : s.name)).join('　');
    doc.fontSize(14).text(`科目：${subjects || '—'}`, 25 * MM, 130 * MM, { width: 247 * MM, align: 'center' });
  }
  doc.end();
  return done;
}

const LABEL = { columns: 3, rows: 8, width: 70 * MM, height: 37.125 * MM };

/** 座位贴: a 3 × 8 label grid, in seat order, each room from a new sheet. */
export async function seatLabelsPdf(exam: PrintedExam): Promise<Buffer> {
  const { doc, done } = openDocument(`${exam.examName} 座位贴`, 'portrait');
  const perPage = LABEL.columns * LABEL.rows;
  for (const room of exam.rooms) {
    room.students.forEach((s, i) => {
      const at = i % perPage;
      if (at === 0) doc.addPage();
      const x = (at % LABEL.columns) * LABEL.width;
      const y = Math.floor(at / LABEL.columns) * LABEL.height;
      doc
        .rect(x + 2 * MM, y + 2 * MM, LABEL.width - 4 * MM, LABEL.height - 4 * MM)
        .lineWidth(0.5)
        .dash(2, { space: 2 })
        .stroke()
        .undash();
      doc
        .font('serif')
        .fontSize(9)
        .text(exam.examName, x + 5 * MM, y + 4.5 * MM, {
          width: LABEL.width - 10 * MM,
          lineBreak: false,
          ellipsis: true,
        });
      doc.fontSize(16).text(s.name, x + 5 * MM, y + 10 * MM, { width: 40 * MM, lineBreak: false, ellipsis: true });
      doc.fontSize(22).text(s.seat === null ? '' : String(s.seat), x + 45 * MM, y + 9 * MM, {
        width: 20 * MM,
        align: 'right',
        lineBreak: false,
      });
      doc
        .fontSize(10)
        .text(`考号：${s.examNo ?? ''}`, x + 5 * MM, y + 20 * MM, { width: LABEL.width - 10 * MM, lineBreak: false });
      doc
        .fontSize(9)
        .text(`${s.className}　${room.name}　${s.seat === null ? '' : `${s.seat}号座`}`, x + 5 * MM, y + 27 * MM, {
          width: LABEL.width - 10 * MM,
          lineBreak: false,
          ellipsis: true,
        });
    });
  }
  if (exam.rooms.every((r) => r.students.length === 0)) doc.addPage();
  doc.end();
  return done;
}
