import type { AppError } from '../../../platform/errors.ts';
import { excerpt } from '../../../platform/upload-limits.ts';
import type { InputQuestion } from '../scores/score-input.ts';
import { checkQuestion } from '../setup/question-rules.ts';
import type { WorkbookSheet } from './import-workbook.ts';

// 一键导入考试's own sheets (the score sheets are the score import's, one per subject): 考试信息
// (项目/内容), 题目结构 (one row per question) and 学生 (考号/学号/姓名/班级). Read into the exam,
// its subjects' questions and its students, each bad row with Chinese errors naming its cells.

export const INFO_SHEET = '考试信息';
export const STRUCTURE_SHEET = '题目结构';
export const STUDENTS_SHEET = '学生';
export const INFO_COLUMNS = ['项目', '内容'] as const;
export const STRUCTURE_COLUMNS = ['科目', '题号', '题型', '满分', '选项个数', '答案'] as const;
export const STUDENT_COLUMNS = ['考号', '学号', '姓名', '班级'] as const;
export const INFO_ITEMS = ['考试名称', '年级', '开始日期', '结束日期'] as const;
/** 题型 as a school writes it → kind (1 客观 / 2 主观) and objective type (1 单选, 2 多选, 3 判断). */
export const QUESTION_TYPES: Record<string, { kind: number; objectiveType: number | null }> = {
  单选题: { kind: 1, objectiveType: 1 },
  多选题: { kind: 1, objectiveType: 2 },
  判断题: { kind: 1, objectiveType: 3 },
  主观题: { kind: 2, objectiveType: null },
};

export interface SheetRowResult {
  sheet: string;
  rowNo: number;
  values: Record<string, string>;
  errors: string[];
  cellErrors: Record<string, string[]>;
}

export interface ExamInfo {
  name: string;
  gradeName: string;
  startDate: string;
  endDate: string;
}

export interface StructureSubject {
  courseName: string;
  questions: InputQuestion[];
  fullMark: number;
}

export interface ListedStudent {
  examNo: string;
  studentNo: string;
  name: string;
  className: string;
  rowNo: number;
}

function rowOf(sheet: string, row: { rowNo: number; values: Record<string, string> }): SheetRowResult {
  return { sheet, rowNo: row.rowNo, values: row.values, errors: [], cellErrors: {} };
}

export function fail(row: SheetRowResult, message: string, column?: string) {
  row.errors.push(message);
  if (column !== undefined) row.cellErrors[column] = [...(row.cellErrors[column] ?? []), message];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readInfo(sheet: WorkbookSheet): { info: ExamInfo; rows: SheetRowResult[] } {
  const rows = sheet.rows.map((r) => rowOf(sheet.name, r));
  const found = new Map<string, string>();
  for (const row of rows) {
    const item = row.values.项目 ?? '';
    const value = (row.values.内容 ?? '').trim();
    if (!(INFO_ITEMS as readonly string[]).includes(item)) {
      fail(row, `未知的项目“${excerpt(item)}”，只能是${INFO_ITEMS.join('、')}`, '项目');
      continue;
    }
    if (value === '') fail(row, `${item}不能为空`, '内容');
    else if (item.endsWith('日期') && !DATE.test(value))
      fail(row, `${item}“${excerpt(value)}”不是日期，请写成 2026-11-20`, '内容');
    else if (item === '考试名称' && value.length > 50) fail(row, '考试名称最多50个字', '内容');
    found.set(item, value);
  }
  const info: ExamInfo = {
    name: found.get('考试名称') ?? '',
    gradeName: found.get('年级') ?? '',
    startDate: found.get('开始日期') ?? '',
    endDate: found.get('结束日期') ?? '',
  };
  const missing = INFO_ITEMS.filter((item) => !found.has(item));
  if (missing.length > 0) {
    rows.push({ sheet: sheet.name, rowNo: 0, values: {}, errors: [`缺少项目：${missing.join('、')}`], cellErrors: {} });
  }
  return { info, rows };
}

export function readStructure(sheet: WorkbookSheet): { subjects: StructureSubject[]; rows: SheetRowResult[] } {
  const rows: SheetRowResult[] = [];
  const subjects = new Map<string, StructureSubject>();
  const firstRowOf = new Map<string, number>();
  let nextId = 1;
  for (const source of sheet.rows) {
    const row = rowOf(sheet.name, source);
    rows.push(row);
    const v = row.values;
    const courseName = (v.科目 ?? '').trim();
    const questionNo = (v.题号 ?? '').trim();
    if (courseName === '') fail(row, '科目不能为空', '科目');
    if (questionNo === '') fail(row, '题号不能为空', '题号');
    const type = QUESTION_TYPES[v.题型 ?? ''];
    if (!type) fail(row, `题型“${excerpt(v.题型 ?? '')}”不对，只能是${Object.keys(QUESTION_TYPES).join('、')}`, '题型');
    const fullMark = Number(v.满分);
    if (!(v.满分 ?? '') || !Number.isFinite(fullMark) || fullMark <= 0) fail(row, '满分必须是大于0的数字', '满分');
    const optionText = v.选项个数 ?? '';
    const optionCount = optionText === '' ? (type?.objectiveType === 3 ? null : 4) : Number(optionText);
    if (optionCount !== null && !(Number.isInteger(optionCount) && optionCount >= 2 && optionCount <= 8)) {
      fail(row, '选项个数只能是2到8的整数', '选项个数');
    }
    const key = `${courseName}|${questionNo}`;
    const first = firstRowOf.get(key);
    if (first !== undefined) fail(row, `${courseName}第${questionNo}题重复：与第${first}行相同`, '题号');
    else firstRowOf.set(key, row.rowNo);
    if (row.errors.length > 0 || !type) continue;
    let checked: ReturnType<typeof checkQuestion>;
    try {
      checked = checkQuestion({
        questionNo,
        kind: type.kind,
        objectiveType: type.objectiveType,
        optionCount,
        answer: type.kind === 1 ? (v.答案 ?? '') : null,
        fullMark,
      });
    } catch (error) {
      fail(row, (error as AppError).message, '答案');
      continue;
    }
    const subject = subjects.get(courseName) ?? { courseName, questions: [], fullMark: 0 };
    subject.questions.push({ ...checked, id: nextId++, partialMark: null } as InputQuestion);
    subject.fullMark = Math.round((subject.fullMark + fullMark) * 100) / 100;
    subjects.set(courseName, subject);
  }
  return { subjects: [...subjects.values()], rows };
}

export function readStudents(sheet: WorkbookSheet): { students: ListedStudent[]; rows: SheetRowResult[] } {
  const rows: SheetRowResult[] = [];
  const students: ListedStudent[] = [];
  const firstRowOf = new Map<string, number>();
  for (const source of sheet.rows) {
    const row = rowOf(sheet.name, source);
    rows.push(row);
    const [examNo, studentNo, name, className] = STUDENT_COLUMNS.map((c) => (row.values[c] ?? '').trim());
    if (studentNo === '') fail(row, '学号不能为空', '学号');
    if (name === '') fail(row, '姓名不能为空', '姓名');
    const first = firstRowOf.get(studentNo!);
    if (first !== undefined) fail(row, `学号${excerpt(studentNo!)}重复：与第${first}行是同一学生`, '学号');
    else firstRowOf.set(studentNo!, row.rowNo);
    students.push({ examNo: examNo!, studentNo: studentNo!, name: name!, className: className!, rowNo: row.rowNo });
  }
  return { students, rows };
}
