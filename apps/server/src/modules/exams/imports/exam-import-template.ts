import ExcelJS from 'exceljs';
import { FileResult, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import {
  INFO_COLUMNS,
  INFO_SHEET,
  QUESTION_TYPES,
  STRUCTURE_COLUMNS,
  STRUCTURE_SHEET,
  STUDENT_COLUMNS,
  STUDENTS_SHEET,
} from './exam-import-sheets.ts';
import { FIXED_COLUMNS, INSTRUCTIONS_SHEET } from './import-layout.ts';

// exam/importTemplate: the 一键导入考试 workbook with an example in every sheet (a school replaces
// it): 考试信息, 题目结构, 学生, one score sheet per subject (named by the course, the score
// import's columns), and 填写说明.

export async function examImportTemplate(): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  const table = (name: string, columns: readonly string[], rows: (string | number)[][]) => {
    const sheet = workbook.addWorksheet(name);
    sheet.addRow([...columns]).font = { bold: true };
    for (const row of rows) sheet.addRow(row);
    sheet.columns.forEach((c) => {
      c.width = 14;
      c.numFmt = '@';
    });
  };
  table(INFO_SHEET, INFO_COLUMNS, [
    ['考试名称', '九年级期末考试'],
    ['年级', '九年级'],
    ['开始日期', '2027-01-10'],
    ['结束日期', '2027-01-11'],
  ]);
  table(STRUCTURE_SHEET, STRUCTURE_COLUMNS, [
    ['数学', '1', '单选题', 3, 4, 'A'],
    ['数学', '2', '多选题', 4, 4, 'BD'],
    ['数学', '3', '判断题', 2, '', 'T'],
    ['数学', '4', '主观题', 12, '', ''],
  ]);
  table(STUDENTS_SHEET, STUDENT_COLUMNS, [['20270101', '学号（本校学生）', '姓名', '班级']]);
  table('数学', [...FIXED_COLUMNS, '1', '2', '3', '4'], [['学号（本校学生）', '姓名', '班级', '', 'A', 'BD', 'T', 10]]);
  const help = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  help.getColumn(1).width = 100;
  for (const line of [
    '一键导入考试填写说明（各表中的示例行请替换为本次考试的内容）',
    `1. 考试信息：${INFO_COLUMNS.join('、')}两列，填写考试名称、年级（本校开设的年级）、开始日期和结束日期（如 2027-01-10）。学年、学期为导入时页面所选的学期。`,
    `2. 题目结构：每道题一行；科目须是该年级的学科；题型只能是${Object.keys(QUESTION_TYPES).join('、')}；客观题填选项个数（默认4，判断题不填）和答案（判断题填 T 或 F）。`,
    '3. 学生：参加考试的本校学生，学号须存在、姓名与班级须一致；考号不填时用学生的考号或学号。',
    '4. 成绩：每个科目一张工作表（工作表名称为科目名称），列为学号、姓名、班级、缺考和题号；客观题填学生所选的选项字母，主观题填得分；不录成绩的科目可不建工作表。',
    '5. 先预览：任何一行有错误都不会导入；全部正确后一次建好考试、科目、题目、考生和成绩。',
  ]) {
    help.addRow([line]);
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return new FileResult('一键导入考试模板.xlsx', XLSX_CONTENT_TYPE, buffer);
}
