import {
  type ExportKind,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  schoolBaseApi,
} from '@huikao/contracts';
import { call, callFile, callUpload, type FileDownload, uploadShare } from '../../lib/api-client.ts';
import { saveDownload } from '../../lib/download.ts';

// The Excel side of the school base screens: templates, the upload preview, batch add, exports.

export const IMPORT_TITLES: Record<ImportKind, string> = {
  students: '批量导入学生',
  teachers: '批量导入教师',
  classes: '批量导入班级',
  class_teachers: '批量导入任课关系',
  organ_leaders: '批量导入组织领导',
};

/** Kinds whose rows name classes of a term (class names are only unique within a term). */
export const TERM_KINDS: ReadonlySet<ImportKind> = new Set(['students', 'classes', 'class_teachers']);

export async function downloadTemplate(schoolId: string, kind: ImportKind): Promise<void> {
  saveDownload(await callFile(schoolBaseApi.importTemplate, { schoolId, kind }));
}

/** Silent: the import dialog shows why a file could not be read, beside the file. */
export function previewImport(
  schoolId: string,
  kind: ImportKind,
  termId: string | undefined,
  file: File,
  onUploadProgress?: (sent: number) => void,
) {
  return callUpload(schoolBaseApi.importPreview, { schoolId, kind, termId }, file, {
    silent: true,
    onUploadProgress: onUploadProgress && uploadShare(onUploadProgress),
  }) as Promise<ImportPreview>;
}

const BATCH_ADD = {
  students: schoolBaseApi.batchAddStudents,
  teachers: schoolBaseApi.batchAddTeachers,
  classes: schoolBaseApi.batchAddClasses,
  class_teachers: schoolBaseApi.batchAddClassTeachers,
  organ_leaders: schoolBaseApi.batchAddOrganLeaders,
} as const;

export function commitImport(
  schoolId: string,
  kind: ImportKind,
  termId: string | undefined,
  rows: Array<{ rowNo: number; values: Record<string, string> }>,
): Promise<ImportResult> {
  return call(BATCH_ADD[kind], { schoolId, termId, rows });
}

export interface ExportScope {
  termId?: string;
  classId?: string;
}

export function exportList(schoolId: string, kind: ExportKind, scope: ExportScope = {}): Promise<FileDownload> {
  return callFile(schoolBaseApi.exportList, { schoolId, kind, ...scope });
}
