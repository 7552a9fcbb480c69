import { CLASS_TYPES, GENDERS, type ImportKind, LEADER_ROLES } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { FileResult, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import { schoolToday } from '../../../platform/school-today.ts';
import { type CallParams, idOf, optionalIdOf, ownedBy, schoolOf } from '../access.ts';
import { findClass } from '../classes/repo.ts';
import { EXPORT_EXTRA_COLUMNS, headerTitle, IMPORT_COLUMNS, IMPORT_KIND_NAMES } from '../excel/columns.ts';
import { addTableSheets, workbookBuffer } from '../excel/write.ts';
import { findTerm } from '../imports/lookup-repo.ts';
import { findSchool } from '../repo.ts';
import { currentTerm } from '../years/current-term.ts';
import { calendarWorkbook } from './calendar.ts';
import * as repo from './repo.ts';

// Exports of the base data lists: the import template's columns first (so the file can be
// imported again and changes nothing), then read-only columns such as 登录账号.

type Cells = Record<string, string>;

const label = <T extends Record<number, string>>(names: T, key: number | null) =>
  key === null ? '' : (names[key as keyof T] ?? '');

export function createExportService(db: Db) {
  async function rowsOf(kind: ImportKind, schoolId: number, termId: number | null, classId: number | null) {
    switch (kind) {
      case 'students':
        return (await repo.studentsForExport(db, schoolId, classId)).map(
          (s): Cells => ({
            姓名: s.name,
            性别: label(GENDERS, s.gender),
            学号: s.studentNo,
            考号: s.examNo ?? '',
            班级: s.className,
            年级: s.gradeName,
            登录账号: s.loginName,
          }),
        );
      case 'teachers':
        return (await repo.teachersForExport(db, schoolId)).map(
          (t): Cells => ({
            姓名: t.name,
            手机号: t.phone,
            性别: label(GENDERS, t.gender),
            是否管理员: t.type === 5 ? '是' : '否',
            登录账号: t.loginName,
          }),
        );
      case 'classes':
        return (await repo.classesForExport(db, schoolId)).map(
          (c): Cells => ({
            班级名称: c.name,
            年级: c.gradeName,
            入学年份: String(c.enterYear),
            班级类型: label(CLASS_TYPES, c.classType),
            学生人数: String(c.studentCount ?? 0),
          }),
        );
      case 'class_teachers':
        return (await repo.classTeachersForExport(db, termId!, classId)).map(
          (l): Cells => ({
            班级: l.className,
            学科: l.courseName ?? '',
            教师手机号: l.phone,
            是否班主任: l.isHead ? '是' : '否',
            教师姓名: l.teacherName,
            年级: l.gradeName,
          }),
        );
      case 'organ_leaders':
        return (await repo.organLeadersForExport(db, schoolId)).map(
          (l): Cells => ({
            教师手机号: l.phone,
            职务: label(LEADER_ROLES, l.role),
            年级: l.gradeName ?? '',
            学科: l.courseName ?? '',
            教师姓名: l.teacherName,
          }),
        );
    }
  }

  return {
    /** The list as .xlsx; class-teacher links of the given term, or of the current one. */
    async exportList(actor: Actor, p: CallParams<'exportList'>): Promise<FileResult> {
      const schoolId = schoolOf(actor, p.schoolId);
      const schoolName = (await findSchool(db, schoolId))?.name ?? '';
      if (p.kind === 'grades' || p.kind === 'school_years') {
        const { sheetName, workbook } = await calendarWorkbook(db, p.kind, { id: schoolId, name: schoolName });
        const fileName = `${sheetName}-${schoolToday().replaceAll('-', '')}.xlsx`;
        return new FileResult(fileName, XLSX_CONTENT_TYPE, await workbookBuffer(workbook));
      }
      const kind: ImportKind = p.kind;
      const classId = optionalIdOf(p.classId, '班级');
      if (classId !== null) ownedBy(await findClass(db, classId), schoolId, '该班级不存在或已删除');
      let termId: number | null = null;
      if (kind === 'class_teachers') {
        if (p.termId) termId = ownedBy(await findTerm(db, idOf(p.termId, '学期')), schoolId, '该学期不存在或已删除').id;
        else termId = (await currentTerm(db, schoolId))?.id ?? null;
        if (termId === null) throw notFound('本校还没有学期，请先在“学年学期”中添加');
      }
      const rows = await rowsOf(kind, schoolId, termId, classId);
      const columns = [
        ...IMPORT_COLUMNS[kind].map((c) => ({
          title: c.title,
          header: headerTitle(c),
          width: c.width,
          required: c.required,
        })),
        ...EXPORT_EXTRA_COLUMNS[kind].map((c) => ({ ...c, header: c.title })),
      ];
      const workbook = new ExcelJS.Workbook();
      workbook.creator = '慧考云';
      addTableSheets(
        workbook,
        IMPORT_KIND_NAMES[kind],
        columns,
        rows.map((row) => columns.map((c) => row[c.title] ?? '')),
        { keyColumns: 1, schoolName },
      );
      const fileName = `${IMPORT_KIND_NAMES[kind]}名单-${schoolToday().replaceAll('-', '')}.xlsx`;
      return new FileResult(fileName, XLSX_CONTENT_TYPE, await workbookBuffer(workbook));
    },
  };
}
