import {
  examsApi,
  type MultiExam,
  type ParamsOf,
  type ScoreImportResult,
  type SingleExam,
  type StudentScore,
} from '@huikao/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useExamContext } from './exam-context.ts';
import { examKeys } from './queries.ts';

// Every change of my-exam, each invalidating what it changes. Parameters are the contracts' own,
// without the schoolId the hooks add.

type Without<E> = Omit<ParamsOf<E>, 'schoolId'>;
type Keys = typeof examKeys;

function useExamMutation<Variables, Result>(
  run: (schoolId: string, variables: Variables) => Promise<Result>,
  affected: (keys: Keys, schoolId: string, variables: Variables, result: Result) => QueryKey[],
) {
  const queryClient = useQueryClient();
  const { schoolId } = useExamContext();
  return useMutation({
    mutationFn: (variables: Variables) => run(schoolId, variables),
    onSuccess: (result, variables) =>
      Promise.all(
        affected(examKeys, schoolId, variables, result).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** The exam itself and the lists showing it. */
const examAndLists = (k: Keys, s: string, meId: string | number) => [k.lists(s), k.exam(s, meId)];

// Multi-exams.
export type ExamFields = Omit<Without<typeof examsApi.updateMultiExam>, 'meId'> & { meId?: string };
export const useSaveExam = () =>
  useExamMutation(
    (schoolId, { meId, ...fields }: ExamFields) =>
      (meId
        ? call(examsApi.updateMultiExam, { schoolId, meId, ...fields })
        : call(examsApi.saveMultiExam, { schoolId, ...fields, subjects: [], classIds: [] })) as Promise<MultiExam>,
    (k, s, _v, exam) => examAndLists(k, s, exam.meId),
  );
export const useExamStatus = () =>
  useExamMutation(
    (schoolId, v: { meId: string; status: number }) =>
      call(examsApi.updateMultiExamStatus, { schoolId, ...v }) as Promise<MultiExam>,
    (k, s, v) => examAndLists(k, s, v.meId),
  );
export const useDeleteExam = () =>
  useExamMutation(
    (schoolId, meId: string) => call(examsApi.deleteMultiExam, { schoolId, meId }),
    (k, s) => [k.lists(s)],
  );
export const useFinaliseExam = () =>
  useExamMutation(
    // Silent: a refusal's every problem is listed by the page (finaliseProblems), not only the first.
    (schoolId, v: { meId: string; seId?: string }) =>
      call(examsApi.summaryQiqExamToScExam, { schoolId, ...v }, { silent: true }) as Promise<{
        exam: MultiExam;
        problems: string[];
      }>,
    (k, s, v) => [...examAndLists(k, s, v.meId), k.all(s)],
  );

// Single exams (subjects).
export const useAddSubject = () =>
  useExamMutation(
    (schoolId, v: Without<typeof examsApi.saveSingleExam>) =>
      call(examsApi.saveSingleExam, { schoolId, ...v }) as Promise<SingleExam>,
    (k, s, v) => examAndLists(k, s, v.meId),
  );
export const useUpdateSubject = () =>
  useExamMutation(
    (schoolId, v: Without<typeof examsApi.updateSingleExam> & { meId: string }) =>
      call(examsApi.updateSingleExam, {
        schoolId,
        seId: v.seId,
        fullMark: v.fullMark,
        examDate: v.examDate,
      }) as Promise<SingleExam>,
    (k, s, v) => examAndLists(k, s, v.meId),
  );
export const useDeleteSubject = () =>
  useExamMutation(
    (schoolId, v: { seId: string; meId: string }) => call(examsApi.deleteSingleExam, { schoolId, seId: v.seId }),
    (k, s, v) => examAndLists(k, s, v.meId),
  );

// Exam students.
export const useAddExamClasses = () =>
  useExamMutation(
    (schoolId, v: { seId: string; classIds: string[]; meId: string }) =>
      call(examsApi.addExamStudentsByClassIds, { schoolId, seId: v.seId, classIds: v.classIds }) as Promise<{
        added: number;
        total: number;
      }>,
    (k, s, v) => [k.subject(s, v.seId), k.exam(s, v.meId), k.lists(s)],
  );
export const useUpdateExamStudents = () =>
  useExamMutation(
    (schoolId, v: Without<typeof examsApi.updateBatchExamStudent> & { meId: string }) =>
      call(examsApi.updateBatchExamStudent, { schoolId, seId: v.seId, students: v.students }) as Promise<{
        updated: number;
      }>,
    (k, s, v) => [k.subject(s, v.seId), k.exam(s, v.meId)],
  );
export const useRemoveExamStudents = () =>
  useExamMutation(
    (schoolId, v: { seId: string; studentIds: string[]; meId: string }) =>
      call(examsApi.deleteExamStudentByStuIds, { schoolId, seId: v.seId, studentIds: v.studentIds }) as Promise<{
        deleted: number;
      }>,
    (k, s, v) => [k.subject(s, v.seId), k.exam(s, v.meId), k.lists(s)],
  );

// Structure and scores.
export const useSaveStructure = () =>
  useExamMutation(
    (schoolId, v: Without<typeof examsApi.saveOrUpdateExamQuestionAndGroup> & { meId: string }) =>
      call(examsApi.saveOrUpdateExamQuestionAndGroup, {
        schoolId,
        seId: v.seId,
        groups: v.groups,
        questions: v.questions,
        reason: v.reason,
      }) as Promise<{ rescored: number }>,
    (k, s, v) => [k.subject(s, v.seId), k.exam(s, v.meId)],
  );
export const useSaveScores = () =>
  useExamMutation(
    (schoolId, v: Without<typeof examsApi.updateSingleStudentsAndScores> & { meId: string }) =>
      call(examsApi.updateSingleStudentsAndScores, { schoolId, seId: v.seId, scores: v.scores }) as Promise<{
        changedScores: number;
        students: StudentScore[];
      }>,
    (k, s, v) => [k.subject(s, v.seId), k.exam(s, v.meId)],
  );
export const useImportScores = () =>
  useExamMutation(
    (schoolId, v: Without<typeof examsApi.importSingleStudentsAndScores>) =>
      call(examsApi.importSingleStudentsAndScores, { schoolId, ...v }) as Promise<ScoreImportResult>,
    (k, s, v) => [k.all(s), k.exam(s, v.meId)],
  );
