import ExcelJS from 'exceljs';
import { buildQuestionTemplate, QUESTION_COLUMNS, QUESTION_SHEET } from '../modules/question-bank/index.ts';

// The question import template filled in as a teacher would, for the importer's tests.

export type QuestionSheetRow = Partial<Record<string, string | number>>;

/** The template with rows filled in by column title (the example row left as it is). */
export async function filledQuestionTemplate(
  rows: QuestionSheetRow[],
  typeNames = ['单选题', '多选题', '判断题', '解答题'],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buildQuestionTemplate(typeNames)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(QUESTION_SHEET)!;
  for (const row of rows) sheet.addRow(QUESTION_COLUMNS.map((column) => row[column.title] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
