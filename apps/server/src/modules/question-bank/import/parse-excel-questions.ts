import { DIFFICULTY_LEVELS, OPTION_LETTERS } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import { badInput } from '../../../platform/errors.ts';
import { offThread } from '../../../platform/parse-worker.ts';
import { CellReader, checkSpreadsheetFile, excerpt, type SpreadsheetLimits } from '../../../platform/upload-limits.ts';
import { addPrintedSheet, setUpPage } from '../../../platform/workbook-print.ts';
import { gradeFromText } from './import-model.ts';
import {
  difficultyOf,
  normalizeAnswer,
  optionProblems,
  type ReadQuestion,
  splitNames,
} from './parse-question-fields.ts';
import { addQuestionChecks } from './question-template-checks.ts';

// Questions from Excel (issue #6 item 2): the downloadable template and the reading of a filled
// one. Each row is checked on its own and its problems are said in Chinese; what the course's
// catalogue decides (题型 of the course, knowledge points of its tree) is checked afterwards by
// the import service. No database here.

export const QUESTION_SHEET = '试题';
export const GUIDE_SHEET = '填写说明';

interface Column {
  title: string;
  required: boolean;
  width: number;
  note: string;
  example: string;
}

const OPTION_COLUMNS: Column[] = OPTION_LETTERS.map((letter, i) => ({
  title: `选项${letter}`,
  required: false,
  width: 16,
  note: i < 2 ? '选择题至少填写选项A、B；其他题型不填' : '需要时填写，不能跳过前面的选项',
  example: ['$x=1$', '$x=2$', '$x=-1$', '$x=-2$', '', ''][i]!,
}));

export const QUESTION_COLUMNS: Column[] = [
  {
    title: '题型',
    required: true,
    width: 10,
    note: '本学科的题型，如 单选题、多选题、判断题、填空题、解答题',
    example: '单选题',
  },
  {
    title: '难度',
    required: true,
    width: 8,
    note: `1 到 5，或 ${DIFFICULTY_LEVELS.map((d) => d.name).join('、')}`,
    example: '中等',
  },
  {
    title: '题干',
    required: true,
    width: 48,
    note: '公式用 $…$ 包住的 LaTeX，如 $x^2+1$',
    example: '方程 $2x-4=0$ 的解是',
  },
  ...OPTION_COLUMNS,
  { title: '答案', required: true, width: 10, note: '选择题填字母（多选如 AC）；判断题填 正确 或 错误', example: 'B' },
  { title: '解析', required: false, width: 40, note: '', example: '移项得 $2x=4$，所以 $x=2$' },
  { title: '知识点', required: false, width: 18, note: '知识点树上的名称，多个用、分隔', example: '一元一次方程' },
  { title: '章节', required: false, width: 18, note: '教材章节树上的名称，多个用、分隔', example: '' },
  { title: '年份', required: false, width: 8, note: '四位数字', example: '2024' },
  { title: '年级', required: false, width: 8, note: '如 七年级、高一', example: '七年级' },
  { title: '分值', required: false, width: 8, note: '数字', example: '3' },
];

const NOT_READABLE = '文件无法读取，请上传用模板填写的 .xlsx 文件';
/** An import confirms at most MAX_IMPORT_QUESTIONS (500); a cell holds at most a stem's 5,000 characters. */
const SHEET_LIMITS: SpreadsheetLimits = {
  maxUnzippedBytes: 30 * 1024 * 1024,
  maxEntries: 500,
  maxRows: 1_000,
  maxCellChars: 5_000,
  maxTotalChars: 5_000_000,
};

const headerOf = (column: Column) => (column.required ? `${column.title}*` : column.title);

/** The template: a 试题 sheet (header and one example row) and a 填写说明 sheet. */
export async function buildQuestionTemplate(typeNames: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '慧考云';
  // The header stays on row 1 (the reader expects it there); the title goes to the page header.
  const sheet = addPrintedSheet(workbook, QUESTION_SHEET, {
    title: ['试题导入模板'],
    titleRow: false,
    columns: QUESTION_COLUMNS.map((column) => ({ header: headerOf(column), minWidth: column.width })),
    rows: [QUESTION_COLUMNS.map((column) => column.example)],
  });
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF808080' } };
  addQuestionChecks(sheet, (title) => QUESTION_COLUMNS.findIndex((c) => c.title === title) + 1, {
    typeNames,
    difficulties: [...DIFFICULTY_LEVELS.map((d) => d.name), '1', '2', '3', '4', '5'],
  });

  const guide = workbook.addWorksheet(GUIDE_SHEET);
  setUpPage(guide, { pageHeader: '试题导入填写说明' });
  guide.columns = [{ width: 12 }, { width: 10 }, { width: 60 }];
  guide.addRow(['试题导入填写说明']).font = { bold: true, size: 14 };
  guide.addRow(['第1行是表头，请勿修改；带 * 的列必须填写。第2行是示例，导入前请改为真实试题或删除。']);
  guide.addRow(['上传后会逐行检查并显示预览，可在预览中修改题型、题干、选项、答案和知识点，确认后才保存。']);
  if (typeNames.length) guide.addRow([`本学科的题型：${typeNames.join('、')}`]);
  guide.addRow([]);
  guide.addRow(['列名', '是否必填', '说明']).font = { bold: true };
  for (const column of QUESTION_COLUMNS) {
    guide.addRow([column.title, column.required ? '必填' : '选填', column.note]).alignment = { wrapText: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One row as read, before the course's catalogue is consulted. */
export type ExcelQuestion = Omit<ReadQuestion, 'no' | 'section' | 'notes'> & { rowNo: number };

/** Reads the 试题 sheet (or the first sheet) of a filled template; blank rows and the untouched example are skipped. */
export async function readQuestionWorkbook(buffer: Buffer): Promise<ExcelQuestion[]> {
  checkSpreadsheetFile(buffer, SHEET_LIMITS, NOT_READABLE);
  const cells = new CellReader(SHEET_LIMITS);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badInput(NOT_READABLE, { field: 'file' });
  }
  const sheet = workbook.getWorksheet(QUESTION_SHEET) ?? workbook.worksheets[0];
  if (!sheet) throw badInput('文件中没有工作表', { field: 'file' });
  const positions = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    positions.set(cells.text(cell).replace(/[*＊\s]/g, ''), col);
  });
  const missing = QUESTION_COLUMNS.filter((c) => c.required && !positions.has(c.title)).map((c) => c.title);
  if (missing.length) {
    throw badInput(`表头缺少“${missing.join('”“')}”列，请使用下载的模板填写`, {
      field: 'file',
    });
  }
  const example = QUESTION_COLUMNS.map((column) => column.example).join('\u0001');
  const rows: ExcelQuestion[] = [];
  for (let rowNo = 2; rowNo <= sheet.rowCount; rowNo++) {
    const row = sheet.getRow(rowNo);
    const value = (title: string) => {
      const col = positions.get(title);
      return col === undefined ? '' : cells.text(row.getCell(col));
    };
    const values = QUESTION_COLUMNS.map((column) => value(column.title));
    if (values.every((v) => v === '') || values.join('\u0001') === example) continue;
    rows.push(checkRow(rowNo, value));
  }
  return rows;
}

/** readQuestionWorkbook in a parse worker thread. */
export const readQuestionWorkbookInWorker = offThread(import.meta.url, readQuestionWorkbook);

function checkRow(rowNo: number, value: (title: string) => string): ExcelQuestion {
  const errors: string[] = [];
  const typeName = value('题型');
  if (!typeName) errors.push('题型不能为空');
  const difficultyText = value('难度');
  const difficulty = difficultyOf(difficultyText);
  if (difficulty === null) {
    errors.push(
      difficultyText
        ? `难度“${excerpt(difficultyText)}”不正确，应为 1 到 5 或 ${DIFFICULTY_LEVELS.map((d) => d.name).join('、')}`
        : '难度不能为空',
    );
  }
  const stem = value('题干');
  if (!stem) errors.push('题干不能为空');

  const cells = OPTION_LETTERS.map((letter) => value(`选项${letter}`));
  const last = cells.reduce((n, cell, i) => (cell ? i + 1 : n), 0);
  const options = cells.slice(0, last);
  const gap = options.indexOf('');
  if (gap >= 0) errors.push(`填写了选项${OPTION_LETTERS[last - 1]}，但选项${OPTION_LETTERS[gap]}是空的`);
  else if (typeName) errors.push(...optionProblems(typeName, options));

  const answerText = value('答案');
  const { answer, error } = normalizeAnswer(typeName, answerText, options.length);
  if (!answerText) errors.push('答案不能为空');
  else if (error) errors.push(error);

  const yearText = value('年份');
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : null;
  if (yearText && year === null) errors.push(`年份“${excerpt(yearText)}”应为四位数字`);
  const gradeText = value('年级');
  const gradeId = gradeText ? gradeOf(gradeText) : null;
  if (gradeText && gradeId === null) errors.push(`年级“${excerpt(gradeText)}”无法识别，请填写如 七年级、高一`);
  const scoreText = value('分值');
  const score = scoreText === '' ? null : Number(scoreText);
  if (score !== null && (!Number.isFinite(score) || score < 0 || score > 200)) {
    errors.push(`分值“${excerpt(scoreText)}”应为 0 到 200 的数字`);
  }

  return {
    rowNo,
    typeName,
    difficulty: difficulty ?? 3,
    stem,
    options,
    answer,
    explanation: value('解析'),
    knowledgeNames: splitNames(value('知识点')),
    chapterNames: splitNames(value('章节')),
    year,
    gradeId,
    score: score !== null && Number.isFinite(score) ? score : null,
    errors,
  };
}

/** 年级 as a name (七年级, 初一, 高三) or as the catalogue number 1 … 12. */
function gradeOf(text: string): number | null {
  if (/^\d{1,2}$/.test(text)) return Number(text) >= 1 && Number(text) <= 12 ? Number(text) : null;
  return gradeFromText(text);
}
