import type { StudentScore } from '@huikao/contracts';
import type ExcelJS from 'exceljs';
import { addPrintedSheet } from '../../../platform/workbook-print.ts';
import type { MultiTotalRow } from './score-book.ts';
import { isChoiceQuestion } from './score-input.ts';
import type { QuestionRow } from './score-write-repo.ts';

// The score book's sheets: a title row, a bold, filled, frozen header row, and one column per
// question (score, and the option chosen for objective items). Columns are addressed by number,
// so a sheet wider than Z goes on with AA, AB, … as Excel names them (spec §9); nothing is split.

export type Cell = string | number | null;

/**
 * Writes one sheet to a streaming workbook (rows are committed as they are added, which keeps a
 * 1,000 × 9 subject book well under the 5 s of issue #4), ready to print: the title row names the
 * school, the exam and the sheet (platform/workbook-print.ts).
 */
export function addBookSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  header: string[],
  rows: Cell[][],
  title: { schoolName: string; examName: string },
) {
  const sheetName = name.replace(/[:\\/?*[\]]/g, '').slice(0, 31);
  const sheet = addPrintedSheet(workbook, sheetName, {
    title: [title.schoolName, title.examName, name],
    titleRow: true,
    // 学号 as text: kept as typed, leading zeros included.
    columns: header.map((h, i) => ({ header: h, numFmt: i === 0 ? '@' : undefined })),
    rows,
    frozenColumns: 3,
  });
  sheet.commit();
}

/** A single exam's question sheet: 学号, 姓名, 班级, each question (and its option), totals, ranks. */
export function singleSheetTable(questions: readonly QuestionRow[], book: readonly StudentScore[]) {
  const header = ['学号', '姓名', '班级'];
  for (const q of questions) {
    header.push(`第${q.questionNo}题`);
    if (isChoiceQuestion(q)) header.push(`第${q.questionNo}题选项`);
  }
  if (questions.length > 0) header.push('客观题', '主观题');
  header.push('总分', '班级名次', '年级名次');
  const rows = book.map((s) => {
    const cells: Cell[] = [s.studentNo, s.name, s.className];
    for (const q of questions) {
      const id = String(q.id);
      cells.push(s.scores[id] ?? null);
      if (isChoiceQuestion(q)) cells.push(s.choices[id] ?? null);
    }
    if (questions.length > 0) cells.push(s.objectiveScore, s.subjectiveScore);
    cells.push(s.absent ? '缺考' : s.totalScore, s.classRank, s.gradeRank);
    return cells;
  });
  return { header, rows };
}

/** The totals sheet: each subject's total (缺考 when absent), 总分 and its class and grade ranks. */
export function totalsSheetTable(subjects: { seId: number; courseName: string }[], totals: readonly MultiTotalRow[]) {
  const header = ['学号', '姓名', '班级', ...subjects.map((s) => s.courseName), '总分', '班级名次', '年级名次'];
  const rows = totals.map((t) => {
    const cells: Cell[] = [t.studentNo, t.name, t.className];
    for (const subject of subjects) {
      const value = t.subjects.get(subject.seId);
      cells.push(value === 'absent' ? '缺考' : (value ?? null));
    }
    cells.push(t.total, t.classRank, t.gradeRank);
    return cells;
  });
  return { header, rows };
}
