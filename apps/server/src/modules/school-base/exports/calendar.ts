import ExcelJS from 'exceljs';
import type { Db } from '../../../platform/db.ts';
import { addTableSheets } from '../excel/write.ts';
import { schoolGradesWithCourses } from '../grades/repo.ts';
import { schoolYearsWithTerms } from '../years/repo.ts';

// Exports of the two lists that are set up by hand rather than imported: the school's grades
// with their courses (年级管理) and its school years with their terms (学年学期).

const STAGES: Record<number, string> = { 1: '小学', 2: '初中', 3: '高中' };

const column = (title: string, width: number) => ({ title, header: title, width, required: false });

export async function calendarWorkbook(db: Db, kind: 'grades' | 'school_years', school: { id: number; name: string }) {
  const schoolId = school.id;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '慧考云';
  if (kind === 'grades') {
    const grades = await schoolGradesWithCourses(db, schoolId);
    const columns = [column('年级', 12), column('学段', 8), column('学科数', 8), column('学科', 60)];
    const rows = grades.map((g) => [
      g.gradeName,
      STAGES[g.stage] ?? '',
      String(g.schoolGradeCourses.length),
      g.schoolGradeCourses.map((c) => c.courseName).join('、'),
    ]);
    addTableSheets(workbook, '年级学科', columns, rows, { keyColumns: 1, schoolName: school.name });
    return { sheetName: '年级学科', workbook };
  }
  const years = await schoolYearsWithTerms(db, schoolId);
  const columns = [
    column('学年', 16),
    column('学年开始', 12),
    column('学年结束', 12),
    column('学期', 10),
    column('学期开始', 12),
    column('学期结束', 12),
  ];
  const rows = years.flatMap((y) =>
    y.terms.length === 0
      ? [[y.name, y.startDate, y.endDate, '', '', '']]
      : y.terms.map((t) => [y.name, y.startDate, y.endDate, t.name, t.startDate, t.endDate]),
  );
  addTableSheets(workbook, '学年学期', columns, rows, { keyColumns: 1, schoolName: school.name });
  return { sheetName: '学年学期', workbook };
}
