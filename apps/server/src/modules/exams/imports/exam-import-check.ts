import type { ExamImportPreview } from '@huikao/contracts';
import type { Executor } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { excerpt } from '../../../platform/upload-limits.ts';
import { type SchoolStudent, studentsByNo } from '../scores/scores-repo.ts';
import { examsNamed } from '../setup/multi-exams-repo.ts';
import { checkPlacement, type Placement } from '../setup/multi-exams-service.ts';
import { gradeCourses, schoolGradeIdByName } from '../students/placement-repo.ts';
import {
  type ExamInfo,
  fail,
  INFO_SHEET,
  type ListedStudent,
  readInfo,
  readStructure,
  readStudents,
  type SheetRowResult,
  STRUCTURE_SHEET,
  STUDENTS_SHEET,
  type StructureSubject,
} from './exam-import-sheets.ts';
import { checkImportRows, type ImportSubject } from './import-check.ts';
import { STUDENT_NO, sheetNameOf } from './import-layout.ts';
import type { WorkbookSheet } from './import-workbook.ts';

// 一键导入考试's checks, run by the preview and again inside the commit's transaction: the exam's
// placement and name, each subject a course of the grade, each student a student of the school, and
// each score row by the score import's own checks (checkImportRows) against the structure read.

export const EXAM_IMPORT_KEYS = [STUDENT_NO, '项目', '科目'];

export interface CheckedExam {
  info: ExamInfo;
  placement: Placement | null;
  subjects: (StructureSubject & { courseId: number | null; sheet: string })[];
  students: (ListedStudent & { student: SchoolStudent | null })[];
  scoreSheets: WorkbookSheet[];
  rows: SheetRowResult[];
  errorCount: number;
}

export async function checkExamWorkbook(
  ex: Executor,
  schoolId: number,
  p: { schyId: string; termId: string },
  sheets: WorkbookSheet[],
): Promise<CheckedExam> {
  const sheetOf = (name: string) => {
    const sheet = sheets.find((s) => s.name === name);
    if (!sheet) throw badInput(`文件中没有“${name}”工作表，请使用一键导入考试模板`, { field: 'file' });
    return sheet;
  };
  const { info, rows: infoRows } = readInfo(sheetOf(INFO_SHEET));
  const { subjects: structure, rows: structureRows } = readStructure(sheetOf(STRUCTURE_SHEET));
  const { students: listed, rows: studentRows } = readStudents(sheetOf(STUDENTS_SHEET));
  const own = new Set([INFO_SHEET, STRUCTURE_SHEET, STUDENTS_SHEET]);
  const scoreSheets = sheets.filter((s) => !own.has(s.name) && s.rows.length > 0);

  let placement: Placement | null = null;
  const infoRow = (item: string) => infoRows.find((r) => r.values.项目 === item) ?? infoRows[0];
  const gradeId = info.gradeName ? await schoolGradeIdByName(ex, schoolId, info.gradeName) : null;
  if (info.gradeName && gradeId === null) {
    const row = infoRow('年级');
    if (row) fail(row, `本校没有开设“${excerpt(info.gradeName)}”`, '内容');
  }
  if (gradeId !== null && info.startDate && info.endDate) {
    placement = await checkPlacement(ex, schoolId, { ...p, gradeId: String(gradeId), ...info });
    if ((await examsNamed(ex, { schoolId, ...placement, name: info.name })).length > 0) {
      const row = infoRow('考试名称');
      if (row) fail(row, `同名考试已存在：本学期${placement.gradeName}已有考试“${info.name}”`, '内容');
    }
  }
  const courses = new Map(
    gradeId === null ? [] : (await gradeCourses(ex, schoolId, gradeId)).map((c) => [c.name, c.courseId]),
  );
  if (structureRows.length === 0) throw badInput('“题目结构”工作表中没有题目', { field: 'file' });
  const subjects = structure.map((s) => ({
    ...s,
    courseId: courses.get(s.courseName) ?? null,
    sheet: sheetNameOf(s.courseName),
  }));
  for (const row of structureRows) {
    const name = row.values.科目 ?? '';
    if (gradeId !== null && name && !courses.has(name))
      fail(row, `“${excerpt(name)}”不是本校${info.gradeName}的学科`, '科目');
  }

  const scoreNos = scoreSheets.flatMap((s) => s.rows.map((r) => r.values[STUDENT_NO] ?? ''));
  const found = await studentsByNo(ex, schoolId, [...listed.map((s) => s.studentNo), ...scoreNos]);
  const students = listed.map((s, i) => {
    const row = studentRows[i]!;
    const student = found.get(s.studentNo) ?? null;
    if (s.studentNo && !student) fail(row, `学号“${excerpt(s.studentNo)}”不是本校学生`, STUDENT_NO);
    else if (student && s.name && s.name !== student.name) {
      fail(row, `姓名“${excerpt(s.name)}”与学号${s.studentNo}的学生“${student.name}”不一致`, '姓名');
    } else if (student && s.className && s.className !== student.className) {
      fail(row, `班级“${excerpt(s.className)}”与学号${s.studentNo}的学生所在班级“${student.className}”不一致`, '班级');
    } else if (student && student.status !== 1) fail(row, `学号${s.studentNo}的学生已毕业或转出`, STUDENT_NO);
    return { ...s, student };
  });

  const context = {
    subjects: new Map<string, ImportSubject>(
      subjects.map((s, i) => [
        s.sheet,
        { ...s, seId: i + 1, status: 1, byNo: new Map(s.questions.map((q) => [q.questionNo, q])) },
      ]),
    ),
    students: found,
  };
  const listedNos = new Set(listed.map((s) => s.studentNo));
  const scoreRows = checkImportRows(
    context,
    scoreSheets.map((s) => ({ sheet: s.name, rows: s.rows })),
  ).map((r) => {
    if (r.studentNo && !listedNos.has(r.studentNo)) {
      const message = `学号${excerpt(r.studentNo)}不在“学生”工作表中，请先在“学生”中列出`;
      r.errors.push(message);
      r.cellErrors[STUDENT_NO] = [...(r.cellErrors[STUDENT_NO] ?? []), message];
    }
    return { sheet: r.sheet, rowNo: r.rowNo, values: r.values, errors: r.errors, cellErrors: r.cellErrors };
  });
  const rows = [...infoRows, ...structureRows, ...studentRows, ...scoreRows];
  return {
    info,
    placement,
    subjects,
    students,
    scoreSheets,
    rows,
    errorCount: rows.filter((r) => r.errors.length > 0).length,
  };
}

export function previewOf(checked: CheckedExam, sheets: WorkbookSheet[]): ExamImportPreview {
  return {
    exam: { ...checked.info, gradeName: checked.placement?.gradeName ?? checked.info.gradeName },
    subjects: checked.subjects.map((s) => ({
      courseName: s.courseName,
      questionCount: s.questions.length,
      fullMark: s.fullMark,
    })),
    studentCount: checked.students.length,
    sheets: sheets.map((s) => ({ sheet: s.name, columns: s.columns })),
    rows: checked.rows,
    validCount: checked.rows.length - checked.errorCount,
    errorCount: checked.errorCount,
  };
}
