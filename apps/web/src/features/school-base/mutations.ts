import {
  type ClassTeacher,
  type ImportKind,
  type OrganLeader,
  type ParamsOf,
  type SchoolClass,
  type SchoolGrade,
  type SchoolYearWithTerms,
  type Student,
  schoolBaseApi,
  type Teacher,
  type Term,
  type UpgradePlan,
} from '@huikao/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { commitImport } from './excel.ts';
import { schoolBaseKeys } from './queries.ts';
import { useSchoolContext } from './school-context.ts';

// Every change of the school base screens, each invalidating exactly what it changes. Parameters
// are the contracts' own, without the schoolId the hooks add.

type Without<E> = Omit<ParamsOf<E>, 'schoolId'>;
type Keys = typeof schoolBaseKeys;

function useBaseMutation<Variables, Result>(
  run: (schoolId: string, variables: Variables) => Promise<Result>,
  affected: (keys: Keys, schoolId: string, variables: Variables, result: Result) => QueryKey[],
) {
  const queryClient = useQueryClient();
  const { schoolId } = useSchoolContext();
  return useMutation({
    mutationFn: (variables: Variables) => run(schoolId, variables),
    onSuccess: (result, variables) =>
      Promise.all(
        affected(schoolBaseKeys, schoolId, variables, result).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

// Grades and courses.
export const useAddGrade = () =>
  useBaseMutation(
    (schoolId, v: Without<typeof schoolBaseApi.addGrade>) =>
      call(schoolBaseApi.addGrade, { schoolId, ...v }) as Promise<SchoolGrade>,
    (k, s) => [k.gradeCourses(s)],
  );
export const useDeleteGrade = () =>
  useBaseMutation(
    (schoolId, sgId: string) => call(schoolBaseApi.deleteGrade, { schoolId, sgId }),
    (k, s) => [k.gradeCourses(s)],
  );
export const useDeleteGradeCourse = () =>
  useBaseMutation(
    (schoolId, sgcId: string) => call(schoolBaseApi.deleteGradeCourse, { schoolId, sgcId }),
    (k, s) => [k.gradeCourses(s)],
  );

// School years and terms.
export type SchoolYearFields = Without<typeof schoolBaseApi.addSchoolYear> & { schyId?: string };
export const useSaveSchoolYear = () =>
  useBaseMutation(
    (schoolId, { schyId, ...fields }: SchoolYearFields) =>
      (schyId
        ? call(schoolBaseApi.updateSchoolYear, { schoolId, schyId, ...fields })
        : call(schoolBaseApi.addSchoolYear, { schoolId, ...fields })) as Promise<SchoolYearWithTerms>,
    (k, s) => [k.schoolYears(s)],
  );
export const useDeleteSchoolYear = () =>
  useBaseMutation(
    (schoolId, schyId: string) => call(schoolBaseApi.deleteSchoolYear, { schoolId, schyId }),
    (k, s) => [k.schoolYears(s)],
  );
export type TermFields = Without<typeof schoolBaseApi.addTerm> & { termId?: string };
export const useSaveTerm = () =>
  useBaseMutation(
    (schoolId, { termId, schyId, termNo, ...dates }: TermFields) =>
      (termId
        ? call(schoolBaseApi.updateTerm, { schoolId, termId, ...dates })
        : call(schoolBaseApi.addTerm, { schoolId, schyId, termNo, ...dates })) as Promise<Term>,
    (k, s) => [k.schoolYears(s)],
  );
export const useDeleteTerm = () =>
  useBaseMutation(
    (schoolId, termId: string) => call(schoolBaseApi.deleteTerm, { schoolId, termId }),
    (k, s) => [k.schoolYears(s)],
  );
/** 学年升级: `apply: false` only previews and changes nothing; applying changes every class and student. */
export const useUpgrade = () =>
  useBaseMutation(
    (schoolId, v: { toSchyId: string; apply: boolean }) =>
      call(schoolBaseApi.upgrade, { schoolId, ...v }, { loading: v.apply }) as Promise<UpgradePlan>,
    (k, s, v) => (v.apply ? [k.all(s)] : []),
  );

// Classes and students.
export const useSaveClass = () =>
  useBaseMutation(
    (schoolId, v: Without<typeof schoolBaseApi.editClass>) =>
      call(schoolBaseApi.editClass, { schoolId, ...v }) as Promise<SchoolClass>,
    // Students and links show the class name.
    (k, s) => [k.classes(s), k.students(s), k.classTeachers(s)],
  );
export const useDeleteClass = () =>
  useBaseMutation(
    (schoolId, classId: string) => call(schoolBaseApi.deleteClass, { schoolId, classId }),
    (k, s) => [k.classes(s)],
  );
export const useSaveStudent = () =>
  useBaseMutation(
    (schoolId, v: Without<typeof schoolBaseApi.editStudent>) =>
      call(schoolBaseApi.editStudent, { schoolId, ...v }) as Promise<Student>,
    // Classes show their student count.
    (k, s) => [k.students(s), k.classes(s)],
  );
export const useDeleteStudent = () =>
  useBaseMutation(
    (schoolId, v: { classId: string; studentId: string }) => call(schoolBaseApi.deleteStudent, { schoolId, ...v }),
    (k, s) => [k.students(s), k.classes(s)],
  );

export interface ResetPasswordResult {
  loginName: string;
  password: string;
}
export const useResetStudentPassword = () =>
  useBaseMutation(
    (schoolId, studentId: string) =>
      call(schoolBaseApi.resetStudentPassword, { schoolId, studentId }) as Promise<ResetPasswordResult>,
    () => [],
  );

// Teachers, class-teacher links and leaders.
export const useSaveTeacher = () =>
  useBaseMutation(
    (schoolId, v: Without<typeof schoolBaseApi.editTeacher>) =>
      call(schoolBaseApi.editTeacher, { schoolId, ...v }) as Promise<Teacher>,
    (k, s) => [k.teachers(s), k.classTeachers(s), k.organLeaders(s), k.classes(s)],
  );
export const useDeleteTeacher = () =>
  useBaseMutation(
    (schoolId, teacherId: string) => call(schoolBaseApi.deleteTeacher, { schoolId, teacherId }),
    (k, s) => [k.teachers(s)],
  );
export const useResetTeacherPassword = () =>
  useBaseMutation(
    (schoolId, teacherId: string) =>
      call(schoolBaseApi.resetTeacherPassword, { schoolId, teacherId }) as Promise<ResetPasswordResult>,
    () => [],
  );
export const useAddClassTeacher = () =>
  useBaseMutation(
    (schoolId, v: Without<typeof schoolBaseApi.addClassTeacher>) =>
      call(schoolBaseApi.addClassTeacher, { schoolId, ...v }) as Promise<ClassTeacher>,
    // A class shows its head teacher.
    (k, s) => [k.classTeachers(s), k.classes(s)],
  );
export const useDeleteClassTeacher = () =>
  useBaseMutation(
    (schoolId, v: { termId: string; scteaId: string }) => call(schoolBaseApi.deleteClassTeacher, { schoolId, ...v }),
    (k, s) => [k.classTeachers(s), k.classes(s)],
  );
export const useSaveOrganLeader = () =>
  useBaseMutation(
    (schoolId, v: Without<typeof schoolBaseApi.editOrganLeader>) =>
      call(schoolBaseApi.editOrganLeader, { schoolId, ...v }) as Promise<OrganLeader>,
    (k, s) => [k.organLeaders(s)],
  );
export const useDeleteOrganLeader = () =>
  useBaseMutation(
    (schoolId, solId: string) => call(schoolBaseApi.deleteOrganLeader, { schoolId, solId }),
    (k, s) => [k.organLeaders(s)],
  );

// Batch import of any kind.
const IMPORT_AFFECTS: Record<ImportKind, (k: Keys, schoolId: string) => QueryKey[]> = {
  students: (k, s) => [k.students(s), k.classes(s)],
  teachers: (k, s) => [k.teachers(s)],
  classes: (k, s) => [k.classes(s)],
  class_teachers: (k, s) => [k.classTeachers(s), k.classes(s)],
  organ_leaders: (k, s) => [k.organLeaders(s)],
};
export const useCommitImport = (kind: ImportKind, termId: string | undefined) =>
  useBaseMutation(
    (schoolId, rows: Array<{ rowNo: number; values: Record<string, string> }>) =>
      commitImport(schoolId, kind, termId, rows),
    (k, s) => IMPORT_AFFECTS[kind](k, s),
  );
