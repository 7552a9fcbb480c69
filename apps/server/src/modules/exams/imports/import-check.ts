import { normaliseChoice } from '@huikao/stats';
import type { Executor } from '../../../platform/db.ts';
import { excerpt } from '../../../platform/upload-limits.ts';
import {
  type InputQuestion,
  isChoiceQuestion,
  type ParsedScoreInput,
  questionLabel,
  scoreProblem,
} from '../scores/score-input.ts';
import { questionsOf } from '../scores/score-write-repo.ts';
import { type SchoolStudent, singleExamsOfMulti, studentsByNo } from '../scores/scores-repo.ts';
import {
  ABSENT,
  CLASS,
  FIXED_COLUMNS,
  NAME,
  STUDENT_NO,
  sheetNameOf,
  type TemplateSubject,
  TOTAL,
} from './import-layout.ts';

// The checks of every imported row, run by the preview (file/uploadFileParse) and again by the
// commit (importSingleStudentsAndScores), which never trusts the client's copy. Each problem is
// a Chinese sentence naming the column. The checks are pure; loadImportContext reads what they need.

export interface ImportSubject extends TemplateSubject {
  sheet: string;
  status: number;
  byNo: Map<string, InputQuestion>;
}

export interface ImportContext {
  /** Sheet name → single exam. */
  subjects: Map<string, ImportSubject>;
  students: Map<string, SchoolStudent>;
}

export interface SheetRows {
  sheet: string;
  rows: { rowNo: number; values: Record<string, string> }[];
}

export interface CheckedRow {
  sheet: string;
  rowNo: number;
  studentNo: string;
  name: string;
  className: string;
  values: Record<string, string>;
  /** Every problem of the row, in the order found. */
  errors: string[];
  /** The problems that belong to one cell, by column title, so the preview can mark that cell. */
  cellErrors: Record<string, string[]>;
  subject: ImportSubject | null;
  student: SchoolStudent | null;
  /** The row as an editor's input: a column present replaces (empty clears), a missing one keeps. */
  input: ParsedScoreInput;
}

export async function loadImportContext(
  ex: Executor,
  schoolId: number,
  meId: number,
  seId: number | null,
  studentNos: string[],
): Promise<ImportContext> {
  const subjects = new Map<string, ImportSubject>();
  for (const single of await singleExamsOfMulti(ex, meId)) {
    if (seId !== null && single.id !== seId) continue;
    const questions = await questionsOf(ex, single.id);
    const sheet = sheetNameOf(single.courseName);
    subjects.set(sheet, {
      sheet,
      seId: single.id,
      courseName: single.courseName,
      fullMark: single.fullMark,
      status: single.status,
      questions,
      byNo: new Map(questions.map((q) => [q.questionNo, q])),
    });
  }
  return { subjects, students: await studentsByNo(ex, schoolId, studentNos) };
}

/** What a marker types for an objective question the student left blank. */
export const BLANK_ANSWERS = new Set(['-', '－', '—', '未答', '未作答']);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const FIXED = new Set<string>(FIXED_COLUMNS);

export function checkImportRows(context: ImportContext, sheets: SheetRows[]): CheckedRow[] {
  const checked: CheckedRow[] = [];
  const known = [...context.subjects.keys()].join('、');
  for (const { sheet, rows } of sheets) {
    const subject = context.subjects.get(sheet) ?? null;
    const firstRowOf = new Map<string, number>();
    for (const { rowNo, values } of rows) {
      const studentNo = values[STUDENT_NO] ?? '';
      const name = values[NAME] ?? '';
      const row: CheckedRow = {
        sheet,
        rowNo,
        studentNo,
        name,
        className: values[CLASS] ?? '',
        values,
        errors: [],
        cellErrors: {},
        subject,
        student: null,
        input: { scores: {}, choices: {} },
      };
      checked.push(row);
      if (!subject) {
        row.errors.push(`工作表“${sheet}”不是本考试的科目，请勿修改工作表名称（本考试的科目：${known || '无'}）`);
        continue;
      }
      if (subject.status >= 3) row.errors.push(`${subject.courseName}已完成并锁定，不能导入成绩`);
      checkStudent(context, row, firstRowOf);
      checkCells(subject, row);
    }
  }
  return checked;
}

/** A problem of the row, and of the cell in `column` when it names one. */
function fail(row: CheckedRow, message: string, column?: string) {
  row.errors.push(message);
  if (column === undefined) return;
  const cell = row.cellErrors[column] ?? [];
  cell.push(message);
  row.cellErrors[column] = cell;
}

function checkStudent(context: ImportContext, row: CheckedRow, firstRowOf: Map<string, number>) {
  const { studentNo, name } = row;
  if (studentNo === '') {
    fail(row, '学号不能为空', STUDENT_NO);
    return;
  }
  const first = firstRowOf.get(studentNo);
  if (first !== undefined) fail(row, `学号${excerpt(studentNo)}重复：与第${first}行是同一学生`, STUDENT_NO);
  else firstRowOf.set(studentNo, row.rowNo);
  const student = context.students.get(studentNo);
  if (!student) {
    fail(row, `学号“${excerpt(studentNo)}”不是本校学生`, STUDENT_NO);
    return;
  }
  row.student = student;
  if (student.status !== 1) fail(row, `学号${studentNo}的学生已毕业或转出`, STUDENT_NO);
  if (name === '') fail(row, '姓名不能为空', NAME);
  else if (name !== student.name)
    fail(row, `姓名“${excerpt(name)}”与学号${studentNo}的学生“${student.name}”不一致`, NAME);
}

function checkCells(subject: ImportSubject, row: CheckedRow) {
  const { values, input } = row;
  let anyScore = false;
  if (ABSENT in values) {
    const flag = values[ABSENT]!;
    if (flag === '是') input.absent = true;
    else if (flag === '' || flag === '否') input.absent = false;
    else fail(row, `缺考只能填“是”或留空，不能填“${excerpt(flag)}”`, ABSENT);
  }
  for (const [title, raw] of Object.entries(values)) {
    if (FIXED.has(title)) continue;
    if (raw !== '') anyScore = true;
    if (subject.questions.length === 0 && title === TOTAL) {
      const value = parseScore(raw, subject.fullMark, '总分', (message) => fail(row, message, title));
      if (value !== undefined) input.totalScore = value;
      continue;
    }
    const q = subject.byNo.get(title);
    if (!q) {
      if (raw !== '') fail(row, `未知的列“${excerpt(title)}”：${subject.courseName}没有这道题`, title);
      continue;
    }
    const id = String(q.id);
    if (isChoiceQuestion(q)) {
      if (raw === '') {
        input.choices![id] = null;
        continue;
      }
      // A dash says the student left it blank (scored 0); an empty cell means not entered yet.
      const normalised = BLANK_ANSWERS.has(raw)
        ? { choice: '' }
        : normaliseChoice(q.objectiveType!, q.optionCount, raw);
      if ('error' in normalised) fail(row, `${questionLabel(q)}：${normalised.error}`, title);
      else input.choices![id] = normalised.choice;
    } else {
      const value = parseScore(raw, q.fullMark, `${questionLabel(q)}分数`, (message) => fail(row, message, title));
      if (value !== undefined) input.scores![id] = value;
    }
  }
  if (input.absent && anyScore) fail(row, '缺考的学生不能填写分数，请清空分数或去掉“是”', ABSENT);
}

/** null for an empty cell, the number when it passes, undefined (and an error) otherwise. */
function parseScore(
  raw: string,
  fullMark: number,
  label: string,
  report: (message: string) => void,
): number | null | undefined {
  if (raw === '') return null;
  if (!NUMBER.test(raw)) {
    report(`${label}“${excerpt(raw)}”不是数字`);
    return undefined;
  }
  const value = Number(raw);
  const problem = scoreProblem(value, fullMark, label);
  if (problem) {
    report(problem);
    return undefined;
  }
  return value;
}
