import type { StudentExam } from '@huikao/contracts';
import { clampStep, newestFirst } from '../../url-state.ts';

// What a student's report page shows lives in the address (?meId=&seId=&step=), so a reload or a
// link from 我的考试 opens the same report. A student picks an exam and, on 单科分析, one of its
// courses: never a class or another student (the server answers for the session's student only).

export interface StudentUrl {
  meId?: string;
  seId?: string;
  step?: number;
}

export const STUDENT_URL_KEYS = ['meId', 'seId', 'step'] as const;

export function readStudentUrl(params: URLSearchParams): StudentUrl {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const step = Number(params.get('step'));
  return { meId: text('meId'), seId: text('seId'), step: Number.isInteger(step) && step > 0 ? step : undefined };
}

/** The address's query with the selection written in; other parameters are kept. */
export function writeStudentUrl(params: URLSearchParams, selection: StudentUrl): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of STUDENT_URL_KEYS) {
    const value = selection[key];
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

export interface StudentSelection {
  exams: StudentExam[];
  exam: StudentExam | undefined;
  course: StudentExam['subjects'][number] | undefined;
  /** The segment width of the course (single course: 10–50, steps of 10). */
  step: number;
}

/**
 * The exam the address asks for when the student has it, else the newest; the course asked for
 * when the exam has it, else the first one the student sat (else the first).
 */
export function resolveStudentSelection(exams: readonly StudentExam[], url: StudentUrl): StudentSelection {
  const sorted = [...exams].sort(newestFirst);
  const exam = sorted.find((candidate) => candidate.meId === url.meId) ?? sorted[0];
  const courses = exam?.subjects ?? [];
  const course =
    courses.find((candidate) => candidate.seId === url.seId) ??
    courses.find((candidate) => !candidate.absent) ??
    courses[0];
  return { exams: sorted, exam, course, step: clampStep(url.step, false) };
}

/** The link from 我的考试 (or a subject line) to a report page of the exam. */
export function studentReportLink(
  page: 'student-subject-analysis' | 'student-single-analysis',
  meId: string,
  seId?: string,
) {
  const query = writeStudentUrl(new URLSearchParams(), { meId, seId });
  return `/student/student-analysis-main/${page}?${query}`;
}
