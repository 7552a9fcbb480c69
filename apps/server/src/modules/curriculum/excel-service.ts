import type { CurriculumImportKind, ImportResult } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { badInput } from '../../platform/errors.ts';
import { FileResult, type Upload, XLSX_CONTENT_TYPE } from '../../platform/files.ts';
import {
  addTableSheets,
  findSchool,
  normaliseTitle,
  readImportSheetInWorker,
  workbookBuffer,
} from '../school-base/index.ts';
import { auditWrite, type CallParams, idOf, ownedBy, raceToConflict, schoolOf } from './access.ts';
import { CURRICULUM_COLUMNS, fieldsOf, KIND_NAMES } from './excel-columns.ts';
import { replacePlans } from './plans-service.ts';
import * as repo from './repo.ts';

// Excel import and export of the curriculum, as the other base data (issue #3's UX): a template, a
// preview of every row with its errors in Chinese, the commit of the valid rows in one transaction
// (the same checks again), and list exports that import again unchanged.

interface Row {
  rowNo: number;
  values: Record<string, string>;
}
interface Checked extends Row {
  errors: string[];
  fields?: Record<string, unknown>;
}

const header = (title: string, required: boolean) => (required ? `${title}*` : title);

/** Every row checked against its fields, the school's data and the other rows of the file. */
async function checkRows(
  ex: Executor,
  schoolId: number,
  kind: CurriculumImportKind,
  major: repo.MajorRow | null,
  rows: Row[],
) {
  const courses = kind === 'plans' ? await repo.coursesOf(ex, schoolId) : [];
  const seen = new Map<string, number>();
  return rows.map((row): Checked => {
    const parsed = fieldsOf(kind, row.values);
    const errors = parsed.ok ? [] : [...parsed.errors];
    let fields = parsed.ok ? parsed.fields : undefined;
    let key: string | null = null;
    if (fields && kind === 'plans') {
      const name = String(fields.courseId);
      const course = courses.find((c) => c.name === name);
      if (!name) errors.push('课程不能为空');
      else if (!course) errors.push(`本校没有课程“${name}”，请先导入课程`);
      else fields = { ...fields, courseId: course.id };
      if (major && Number(fields.term) > major.years * 2) {
        errors.push(`${major.name}学制${major.years}年，没有第${fields.term}学期`);
      }
      key = `${fields.term}:${name}`;
    } else if (fields) {
      key = kind === 'courses' ? String(fields.name) : `${fields.enterYear}:${fields.name}`;
    }
    if (key !== null) {
      const first = seen.get(key);
      if (first !== undefined) errors.push(`与第${first}行重复`);
      else seen.set(key, row.rowNo);
    }
    return errors.length ? { ...row, errors } : { ...row, errors, fields };
  });
}

export function createCurriculumExcelService(db: Db) {
  async function majorFor(ex: Executor, schoolId: number, kind: CurriculumImportKind, majorId?: string) {
    if (kind !== 'plans') return null;
    if (!majorId) throw badInput('请选择专业', { field: 'majorId' });
    return ownedBy(await repo.majorById(ex, idOf(majorId, '专业')), schoolId, '专业不存在或已删除');
  }

  return {
    async template(actor: Actor, p: CallParams<'importTemplate'>): Promise<FileResult> {
      const schoolId = schoolOf(actor, p.schoolId);
      const columns = CURRICULUM_COLUMNS[p.kind];
      const workbook = new ExcelJS.Workbook();
      workbook.creator = '慧考云';
      const [sheet] = addTableSheets(
        workbook,
        KIND_NAMES[p.kind],
        columns.map((c) => ({ header: header(c.title, c.required), width: c.width, required: c.required })),
        [columns.map((c) => c.example)],
        { template: true, schoolName: (await findSchool(db, schoolId))?.name },
      );
      columns.forEach((column, i) => {
        const notes = [column.required ? '必填' : '选填', column.note, column.options?.join('、')];
        sheet!.getRow(1).getCell(i + 1).note = notes.filter(Boolean).join('：');
      });
      const buffer = await workbookBuffer(workbook);
      return new FileResult(`${KIND_NAMES[p.kind]}导入模板.xlsx`, XLSX_CONTENT_TYPE, buffer);
    },

    /** Reads the file and checks every row; writes nothing. */
    async preview(actor: Actor, p: CallParams<'importPreview'>, upload: Upload) {
      const schoolId = schoolOf(actor, p.schoolId);
      const major = await majorFor(db, schoolId, p.kind, p.majorId);
      const sheet = await readImportSheetInWorker(upload.buffer, CURRICULUM_COLUMNS[p.kind]);
      const checked = await checkRows(db, schoolId, p.kind, major, sheet.rows);
      const rows = checked.map(({ rowNo, values, errors }) => ({ rowNo, values, errors }));
      const errorCount = rows.filter((r) => r.errors.length > 0).length;
      return { kind: p.kind, columns: sheet.columns, rows, validCount: rows.length - errorCount, errorCount };
    },

    /** The valid rows written in one transaction (added, or updated by name); invalid ones skipped. */
    async commit(actor: Actor, p: CallParams<'importCommit'>): Promise<ImportResult> {
      const schoolId = schoolOf(actor, p.schoolId);
      const rows = p.rows.map((row, index) => ({
        rowNo: row.rowNo ?? index + 2,
        values: Object.fromEntries(Object.entries(row.values).map(([t, v]) => [normaliseTitle(t), v])),
      }));
      return db
        .transaction(async (tx) => {
          const major = await majorFor(tx, schoolId, p.kind, p.majorId);
          const checked = await checkRows(tx, schoolId, p.kind, major, rows);
          const valid = checked.filter((r) => r.fields).map((r) => r.fields!);
          const skipped = checked.filter((r) => r.errors.length).map(({ rowNo, errors }) => ({ rowNo, errors }));
          const counts = { created: 0, updated: 0, unchanged: 0 };
          if (p.kind === 'plans') {
            const done = await replacePlans(tx, actor, schoolId, major!, valid as unknown as repo.PlanValues[], {
              keepOthers: true,
            });
            Object.assign(counts, done.counts);
          } else if (p.kind === 'courses') {
            const existing = new Map((await repo.coursesOf(tx, schoolId)).map((c) => [c.name, c]));
            for (const f of valid as unknown as repo.CourseValues[]) {
              const row = existing.get(f.name);
              if (!row) await repo.insertCourse(tx, schoolId, f);
              else if (
                row.code === f.code &&
                row.kind === f.kind &&
                Number(row.credits) === f.credits &&
                row.hours === f.hours
              ) {
                counts.unchanged += 1;
                continue;
              } else await repo.updateCourse(tx, row.id, f);
              counts[row ? 'updated' : 'created'] += 1;
            }
          } else {
            const existing = new Map((await repo.majorsOf(tx, schoolId)).map((m) => [`${m.enterYear}:${m.name}`, m]));
            for (const f of valid as unknown as repo.MajorValues[]) {
              const row = existing.get(`${f.enterYear}:${f.name}`);
              if (!row) await repo.insertMajor(tx, schoolId, f);
              else if (row.code === f.code && row.years === f.years) {
                counts.unchanged += 1;
                continue;
              } else await repo.updateMajor(tx, row.id, f);
              counts[row ? 'updated' : 'created'] += 1;
            }
          }
          await auditWrite(tx, actor, `import.${p.kind}`, `school:${schoolId}`, {
            after: { ...counts, rows: rows.length },
          });
          return { ...counts, skipped };
        })
        .catch(raceToConflict);
    },

    async exportList(actor: Actor, p: CallParams<'exportList'>): Promise<FileResult> {
      const schoolId = schoolOf(actor, p.schoolId);
      const major = await majorFor(db, schoolId, p.kind, p.majorId);
      const columns = CURRICULUM_COLUMNS[p.kind];
      let rows: string[][];
      if (p.kind === 'courses') {
        rows = (await repo.coursesOf(db, schoolId)).map((c) => [
          c.name,
          c.code,
          c.kind,
          String(Number(c.credits)),
          String(c.hours),
        ]);
      } else if (p.kind === 'majors') {
        rows = (await repo.majorsOf(db, schoolId, p.enterYear)).map((m) => [
          String(m.enterYear),
          m.name,
          m.code,
          String(m.years),
        ]);
      } else {
        rows = (await repo.plansOf(db, major!.id)).map((r) => [
          String(r.term),
          r.courseName,
          String(r.hours),
          String(r.credits),
          r.assessment,
        ]);
      }
      const school = await findSchool(db, schoolId);
      const name = major ? `${major.enterYear}级${major.name}教学计划` : `${KIND_NAMES[p.kind]}列表`;
      const workbook = new ExcelJS.Workbook();
      workbook.creator = '慧考云';
      addTableSheets(
        workbook,
        name,
        columns.map((c) => ({ header: header(c.title, c.required), width: c.width, required: c.required })),
        rows,
        { schoolName: school?.name },
      );
      return new FileResult(`${name}.xlsx`, XLSX_CONTENT_TYPE, await workbookBuffer(workbook));
    },
  };
}
