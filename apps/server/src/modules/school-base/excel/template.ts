import type { ImportKind } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import { setUpPage } from '../../../platform/workbook-print.ts';
import { columnLetter, headerTitle, IMPORT_COLUMNS, IMPORT_KIND_NAMES, INSTRUCTIONS_SHEET } from './columns.ts';
import { addTableSheets, workbookBuffer } from './write.ts';

// The downloadable import template: the data sheet (header + one made-up example row, drop-downs
// for closed lists and for the school's grades, courses and classes) and a 填写说明 sheet naming
// every column's rule and the school's own values.

/** The school's values that the instructions list (grades, courses, class names). */
export interface TemplateHints {
  gradeNames: string[];
  courseNames: string[];
  classNames: string[];
  /** Named in the printed page header. */
  schoolName?: string;
}

/** Rows of the data sheet that get drop-downs. */
const VALIDATED_ROWS = 5000;
const MAX_LISTED_CLASSES = 12;
const LISTS_SHEET = '选项';

function allowedValues(title: string, options: readonly string[] | undefined, hints: TemplateHints): string {
  if (options) return options.join('、');
  if (title === '年级') return hints.gradeNames.join('、') || '（本校还没有开设年级）';
  if (title === '学科') return hints.courseNames.join('、') || '（本校还没有开设学科）';
  if (title === '班级' || title === '班级名称') {
    if (hints.classNames.length === 0) return title === '班级' ? '（本校还没有班级，请先导入班级）' : '';
    const listed = hints.classNames.slice(0, MAX_LISTED_CLASSES).join('、');
    return hints.classNames.length > MAX_LISTED_CLASSES ? `${listed} 等` : listed;
  }
  return '';
}

/** The school's own lists that get drop-downs, by column title. */
function schoolLists(hints: TemplateHints): Record<string, readonly string[]> {
  return { 年级: hints.gradeNames, 学科: hints.courseNames, 班级: hints.classNames };
}

export async function buildTemplate(kind: ImportKind, hints: TemplateHints): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[kind];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '慧考云';
  const [sheet] = addTableSheets(
    workbook,
    IMPORT_KIND_NAMES[kind],
    columns.map((c) => ({ header: headerTitle(c), width: c.width, required: c.required })),
    [columns.map((c) => c.example)],
    { template: true, schoolName: hints.schoolName },
  );
  const example = sheet!.getRow(2);
  example.font = { italic: true, color: { argb: 'FF808080' } };
  // The school's lists can be longer than the 255 characters of an in-place list: they go to a
  // very hidden sheet (the import reader skips hidden sheets) and the drop-downs point at it.
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'veryHidden' });
  // ExcelJS has range validations at run time but not in its type definitions.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;
  let listColumn = 0;
  columns.forEach((column, i) => {
    const cell = sheet!.getRow(1).getCell(i + 1);
    cell.note = [column.required ? '必填' : '选填', column.note].filter(Boolean).join('：');
    const letter = columnLetter(i + 1);
    const range = `${letter}2:${letter}${VALIDATED_ROWS}`;
    const message = { showErrorMessage: true, errorTitle: '填写有误', allowBlank: !column.required } as const;
    if (column.options) {
      validations.add(range, {
        type: 'list',
        formulae: [`"${column.options.join(',')}"`],
        error: `${column.title}只能填：${column.options.join('、')}`,
        ...message,
      });
      return;
    }
    const values = schoolLists(hints)[column.title];
    if (!values || values.length === 0) return;
    listColumn += 1;
    const listLetter = columnLetter(listColumn);
    values.forEach((value, row) => {
      lists.getCell(row + 1, listColumn).value = value;
    });
    validations.add(range, {
      type: 'list',
      formulae: [`'${LISTS_SHEET}'!$${listLetter}$1:$${listLetter}$${values.length}`],
      error: `${column.title}须是本校已有的${column.title}，见“${INSTRUCTIONS_SHEET}”`,
      ...message,
    });
  });

  const guide = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  setUpPage(guide, { pageHeader: `${IMPORT_KIND_NAMES[kind]}导入填写说明` });
  guide.columns = [{ width: 14 }, { width: 10 }, { width: 56 }, { width: 56 }];
  guide.addRow([`${IMPORT_KIND_NAMES[kind]}导入填写说明`]).font = { bold: true, size: 14 };
  guide.addRow(['第1行是表头，请勿修改；带 * 的列必须填写。第2行是示例，导入前请改为真实数据或删除。']);
  guide.addRow(['按学号、手机号等识别已有数据：已有的按表格内容更新，同一文件重复导入不会产生重复数据。']);
  guide.addRow([]);
  const header = guide.addRow(['列名', '是否必填', '说明', '可填写的值']);
  header.font = { bold: true };
  for (const column of columns) {
    const row = guide.addRow([
      column.title,
      column.required ? '必填' : '选填',
      column.note,
      allowedValues(column.title, column.options, hints),
    ]);
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  return workbookBuffer(workbook);
}
