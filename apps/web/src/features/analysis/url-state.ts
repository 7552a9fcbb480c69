import { type ReportExam, type SubjectRef, TOTAL_SUBJECT } from '@huikao/contracts';
import { sumScores } from '@huikao/stats';

// What a report page has chosen (exam, subject, class, segment width) lives in the address
// (?meId=&subject=&classId=&step=), so a reload or a shared link shows the same report. These pure
// functions read it back against what the caller may see and fill in the defaults.

/** Which subjects a page offers: total and courses, only courses, only the total, or none. */
export type SubjectNeed = 'any' | 'course' | 'total' | false;
/** Which population a page shows: the grade, one class, either, or no choice. */
export type UnitNeed = 'grade' | 'class' | 'class-or-grade' | false;

export interface ReportNeeds {
  subject: SubjectNeed;
  unit: UnitNeed;
  step: boolean;
  /** The school area (type 4): findSchoolReportMe's exams, no class picker. */
  area?: boolean;
}

export interface UrlSelection {
  meId?: string;
  subject?: string;
  classId?: string;
  step?: number;
}

export const URL_KEYS = ['meId', 'subject', 'classId', 'step'] as const;

/** Spec §5 "Step inputs": single course 10–50, total 50–100, steps of 10. */
export const STEP_RANGE = {
  course: { min: 10, max: 50, step: 10 },
  total: { min: 50, max: 100, step: 10 },
} as const;

export function readUrlSelection(params: URLSearchParams): UrlSelection {
  const text = (key: string) => {
    const value = params.get(key)?.trim();
    return value ? value : undefined;
  };
  const step = Number(params.get('step'));
  return {
    meId: text('meId'),
    subject: text('subject'),
    classId: text('classId'),
    step: Number.isInteger(step) && step > 0 ? step : undefined,
  };
}

/** The address's query with the selection written in; other parameters are kept. */
export function writeUrlSelection(params: URLSearchParams, selection: UrlSelection): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of URL_KEYS) {
    const value = selection[key];
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The width a segment control allows for the subject, from the asked width or the default. */
export function clampStep(step: number | undefined, isTotal: boolean, fallback?: number): number {
  const range = isTotal ? STEP_RANGE.total : STEP_RANGE.course;
  const wanted = step ?? fallback ?? range.min;
  const snapped = Math.round(wanted / range.step) * range.step;
  return Math.min(range.max, Math.max(range.min, snapped));
}

/** The total (总分) of an exam, with the sum of the courses' full marks. */
export function totalSubject(courses: readonly SubjectRef[]): SubjectRef {
  return {
    subjectKey: TOTAL_SUBJECT,
    name: '总分',
    fullMark: sumScores(courses.map((course) => course.fullMark)),
    seId: null,
  };
}

/** The exam's total (its own entry when the server lists one) followed by its courses. */
export function examSubjects(subjects: readonly SubjectRef[]): SubjectRef[] {
  const courses = subjects.filter((subject) => subject.subjectKey !== TOTAL_SUBJECT);
  const total = subjects.find((subject) => subject.subjectKey === TOTAL_SUBJECT) ?? totalSubject(courses);
  return [total, ...courses];
}

/** The classes of the exam the caller may read (the whole grade, or the classes of their scope). */
export function readableClasses(exam: ReportExam): ReportExam['classes'] {
  if (exam.scope.wholeGrade) return exam.classes;
  const mine = new Set(exam.scope.classIds);
  return exam.classes.filter((schoolClass) => mine.has(schoolClass.classId));
}

/** The subjects a page offers for the chosen class (or the grade), within the caller's scope. */
export function offeredSubjects(
  subjects: readonly SubjectRef[],
  need: SubjectNeed,
  scope?: ReportExam['scope'],
  classId?: string,
): SubjectRef[] {
  let all = examSubjects(subjects);
  if (scope && !scope.wholeGrade) {
    const keys = new Set(
      classId ? (scope.subjectsByClass[classId] ?? []) : Object.values(scope.subjectsByClass).flat(),
    );
    all = all.filter((subject) => keys.has(subject.subjectKey));
  }
  if (need === 'course') return all.filter((subject) => subject.subjectKey !== TOTAL_SUBJECT);
  if (need === 'total') return all.filter((subject) => subject.subjectKey === TOTAL_SUBJECT);
  return all;
}

/** Which exams a page lists: a grade page only the exams whose whole grade the caller may read. */
export function examsForNeeds<E extends ReportExam>(exams: readonly E[], needs: ReportNeeds): E[] {
  const usable = needs.unit === 'grade' ? exams.filter((exam) => exam.scope.wholeGrade) : [...exams];
  return usable.sort(newestFirst);
}

export function newestFirst(a: { startDate: string; meId: string }, b: { startDate: string; meId: string }): number {
  return b.startDate.localeCompare(a.startDate) || Number(b.meId) - Number(a.meId);
}

export interface ResolvedSelection {
  meId: string | undefined;
  subject: SubjectRef | undefined;
  classId: string | undefined;
  step: number;
}

export interface ResolveInput {
  exams: ReadonlyArray<{
    meId: string;
    subjects: SubjectRef[];
    scope?: ReportExam['scope'];
    classes?: ReportExam['classes'];
  }>;
  needs: ReportNeeds;
  url: UrlSelection;
  /** Default widths (the exam's settings), when known. */
  defaultSteps?: { single: number; total: number };
}

/**
 * The selection the page shows: what the address asks for when the caller may see it, else the
 * defaults (the newest exam, the total or the first course, the grade or the first class).
 */
export function resolveSelection({ exams, needs, url, defaultSteps }: ResolveInput): ResolvedSelection {
  const exam = exams.find((candidate) => candidate.meId === url.meId) ?? exams[0];
  let classId: string | undefined;
  if (exam?.scope && exam.classes && needs.unit !== 'grade' && needs.unit !== false) {
    const classes = readableClasses(exam as ReportExam);
    const asked = classes.find((schoolClass) => schoolClass.classId === url.classId);
    const gradeAllowed = needs.unit === 'class-or-grade' && exam.scope.wholeGrade;
    classId = asked?.classId ?? (gradeAllowed ? undefined : classes[0]?.classId);
  }
  const subjects = exam ? offeredSubjects(exam.subjects, needs.subject || 'total', exam.scope, classId) : [];
  const subject =
    needs.subject === false
      ? subjects.find((candidate) => candidate.subjectKey === TOTAL_SUBJECT)
      : (subjects.find((candidate) => candidate.subjectKey === url.subject) ?? subjects[0]);
  const isTotal = subject?.subjectKey === TOTAL_SUBJECT;
  const fallback = isTotal ? defaultSteps?.total : defaultSteps?.single;
  return { meId: exam?.meId, subject, classId, step: clampStep(url.step, isTotal, fallback) };
}
