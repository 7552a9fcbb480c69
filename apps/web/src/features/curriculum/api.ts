import {
  type CurriculumCourse,
  type CurriculumImportKind,
  curriculumApi,
  type ImportResult,
  type Major,
  type MajorLesson,
  type MajorPlan,
} from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callFile, callUpload, type FileDownload, uploadShare } from '../../lib/api-client.ts';
import { curriculumSettingKey } from '../../lib/menu-flags.ts';
import { readStoredUser } from '../../lib/session.ts';

// Server state of the 专业课程 screen: queries, mutations that refresh what they change, and the
// Excel calls (template, preview, commit, export).

export function useCurriculumContext() {
  const user = readStoredUser();
  return { schoolId: user?.schoolId ?? '', canEdit: user?.type === 5 };
}

const keys = {
  courses: (schoolId: string) => ['curriculum', 'courses', schoolId] as const,
  majors: (schoolId: string) => ['curriculum', 'majors', schoolId] as const,
  plans: (majorId: string) => ['curriculum', 'plans', majorId] as const,
  lessons: (majorId: string) => ['curriculum', 'lessons', majorId] as const,
};

export function useSetting(schoolId: string) {
  return useQuery({
    queryKey: curriculumSettingKey(schoolId),
    queryFn: () => call(curriculumApi.getSetting, { schoolId }) as Promise<{ majorsEnabled: boolean }>,
  });
}
export function useCourses(schoolId: string) {
  return useQuery({
    queryKey: keys.courses(schoolId),
    queryFn: () => call(curriculumApi.getCourses, { schoolId }) as Promise<CurriculumCourse[]>,
  });
}
export function useMajors(schoolId: string) {
  return useQuery({
    queryKey: keys.majors(schoolId),
    queryFn: () => call(curriculumApi.listMajors, { schoolId }) as Promise<Major[]>,
  });
}
export function usePlans(schoolId: string, majorId: string | null) {
  return useQuery({
    queryKey: keys.plans(majorId ?? ''),
    queryFn: () => call(curriculumApi.getPlans, { schoolId, majorId: majorId! }) as Promise<MajorPlan[]>,
    enabled: majorId !== null,
  });
}
export function useLessons(schoolId: string, majorId: string | null) {
  return useQuery({
    queryKey: keys.lessons(majorId ?? ''),
    queryFn: () => call(curriculumApi.getLessons, { schoolId, majorId: majorId! }) as Promise<MajorLesson[]>,
    enabled: majorId !== null,
  });
}

/** Any curriculum change: refetch the screen's lists (they are small). */
export function useCurriculumMutation<Args>(run: (args: Args) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['curriculum'] }),
  });
}

export const IMPORT_TITLES: Record<CurriculumImportKind, string> = {
  courses: '批量导入课程',
  majors: '批量导入专业',
  plans: '导入教学计划',
};

export function downloadTemplate(schoolId: string, kind: CurriculumImportKind): Promise<FileDownload> {
  return callFile(curriculumApi.importTemplate, { schoolId, kind });
}
export function previewImport(
  schoolId: string,
  kind: CurriculumImportKind,
  majorId: string | undefined,
  file: File,
  onProgress: (sent: number) => void,
) {
  return callUpload(curriculumApi.importPreview, { schoolId, kind, majorId }, file, {
    silent: true,
    onUploadProgress: uploadShare(onProgress),
  });
}
export function commitImport(
  schoolId: string,
  kind: CurriculumImportKind,
  majorId: string | undefined,
  rows: Array<{ rowNo: number; values: Record<string, string> }>,
): Promise<ImportResult> {
  return call(curriculumApi.importCommit, { schoolId, kind, majorId, rows }) as Promise<ImportResult>;
}
export function exportList(schoolId: string, kind: CurriculumImportKind, majorId?: string): Promise<FileDownload> {
  return callFile(curriculumApi.exportList, { schoolId, kind, majorId });
}
