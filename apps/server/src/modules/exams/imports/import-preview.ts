import type { ScoreImportPreview } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import type { Upload } from '../../../platform/files.ts';
import { excerpt } from '../../../platform/upload-limits.ts';
import { assertNotLocked, type CallParams, ownMultiExam, subjectOfMulti } from '../access.ts';
import { checkImportRows, type ImportSubject, loadImportContext } from './import-check.ts';
import { STUDENT_NO, structureFingerprint } from './import-layout.ts';
import { readScoreWorkbookInWorker } from './import-workbook.ts';

// file/uploadFileParse: the uploaded template read and checked row by row; nothing is stored.
// File-level refusals first (not our template, another exam's template, a changed structure),
// then every row's problems, as the commit will check them again.

export const NOT_TEMPLATE =
  '该文件不是本平台生成的成绩导入模板，请先下载本考试的模板再填写（请勿删除模板中的隐藏信息）';

export async function previewScoreImport(
  db: Db,
  actor: Actor,
  p: CallParams<'uploadFileParse'>,
  upload: Upload,
): Promise<ScoreImportPreview> {
  const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
  assertNotLocked(multi);
  const seId = await subjectOfMulti(db, multi, p.seId);
  const { meta, sheets } = await readScoreWorkbookInWorker(upload.buffer);
  if (!meta) throw badInput(NOT_TEMPLATE, { field: 'file' });
  if (meta.meId !== String(multi.id)) {
    throw badInput(`该模板属于另一场考试“${excerpt(meta.examName)}”，不能导入到“${multi.name}”，请下载本考试的模板`, {
      field: 'file',
    });
  }
  const studentNos = sheets.flatMap((s) => s.rows.map((r) => r.values[STUDENT_NO] ?? ''));
  const context = await loadImportContext(db, multi.schoolId, multi.id, seId, studentNos);
  let selected = sheets.filter((s) => s.rows.length > 0 || context.subjects.has(s.name));
  if (seId !== null) {
    const subject = [...context.subjects.values()][0];
    if (!subject) throw badInput('科目考试不属于该考试');
    selected = sheets.filter((s) => s.name === subject.sheet);
    if (selected.length === 0) throw badInput(`文件中没有“${subject.sheet}”工作表`, { field: 'file' });
  }
  for (const sheet of selected) {
    const subject = context.subjects.get(sheet.name);
    if (subject && !sameStructure(subject, meta.sheets.get(sheet.name))) {
      throw badInput(`“${sheet.name}”的题目结构在下载模板后已修改，请重新下载模板`, { field: 'file' });
    }
  }
  const rows = checkImportRows(
    context,
    selected.map((s) => ({ sheet: s.name, rows: s.rows })),
  );
  if (rows.length === 0) throw badInput('表格中没有数据行', { field: 'file' });
  const errorCount = rows.filter((r) => r.errors.length > 0).length;
  return {
    meId: String(multi.id),
    seId: seId === null ? null : String(seId),
    sheets: selected
      .filter((s) => context.subjects.has(s.name))
      .map((s) => ({ sheet: s.name, seId: String(context.subjects.get(s.name)!.seId), columns: s.columns })),
    rows: rows.map((r) => ({
      sheet: r.sheet,
      rowNo: r.rowNo,
      studentNo: r.studentNo,
      name: r.name,
      className: r.className,
      values: r.values,
      errors: r.errors,
      cellErrors: r.cellErrors,
    })),
    validCount: rows.length - errorCount,
    errorCount,
  };
}

function sameStructure(subject: ImportSubject, recorded: { seId: string; fingerprint: string } | undefined) {
  return recorded?.seId === String(subject.seId) && recorded.fingerprint === structureFingerprint(subject);
}
