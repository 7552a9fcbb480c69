import type ExcelJS from 'exceljs';

// The question template's drop-downs and ranges: 题型 from the course's own types, 难度 1–5 or its
// name, 年份 a four-digit year, 分值 a non-negative number. The import checks every row again; this
// only catches a mistake as it is typed.

const CHECKED_ROWS = 2000;
/** An in-place list of an Excel validation holds at most 255 characters. */
const MAX_LIST_CHARS = 255;

type Validations = { add(range: string, validation: ExcelJS.DataValidation): void };

export function addQuestionChecks(
  sheet: ExcelJS.Worksheet,
  columnOf: (title: string) => number,
  lists: { typeNames: readonly string[]; difficulties: readonly string[] },
) {
  // ExcelJS has range validations at run time but not in its type definitions.
  const validations = (sheet as unknown as { dataValidations: Validations }).dataValidations;
  const rangeOf = (title: string) => {
    const letter = sheet.getColumn(columnOf(title)).letter;
    return `${letter}2:${letter}${CHECKED_ROWS}`;
  };
  const refused = (error: string) => ({ allowBlank: true, showErrorMessage: true, errorTitle: '填写有误', error });
  const list = (title: string, values: readonly string[]) => {
    const joined = values.join(',');
    if (values.length === 0 || joined.length > MAX_LIST_CHARS) return;
    validations.add(rangeOf(title), {
      type: 'list',
      formulae: [`"${joined}"`],
      ...refused(`${title}只能填：${values.join('、')}`),
    });
  };
  list('题型', lists.typeNames);
  list('难度', lists.difficulties);
  validations.add(rangeOf('年份'), {
    type: 'whole',
    operator: 'between',
    formulae: [1900, 2100],
    ...refused('年份填四位数字，如 2024'),
  });
  validations.add(rangeOf('分值'), {
    type: 'decimal',
    operator: 'between',
    formulae: [0, 1000],
    ...refused('分值填不小于 0 的数字'),
  });
}
