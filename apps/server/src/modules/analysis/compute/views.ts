import { type ScopeRef, type SubjectRef, TOTAL_SUBJECT } from '@huikao/contracts';
import type { RunData, SubjectData } from '../load/model.ts';

// The subjects a run reports on (the total first, then each course) as one shape, and the scope
// references every document names its population with.

/** Segment widths of spec §5: a course 10–50, the total 50–100, in steps of 10. */
export const COURSE_WIDTHS = [10, 20, 30, 40, 50] as const;
export const TOTAL_WIDTHS = [50, 60, 70, 80, 90, 100] as const;

export interface SubjectView {
  ref: SubjectRef;
  key: string;
  fullMark: number;
  /** NaN outside the population. */
  score: Float64Array;
  /** 1 for 缺考 (the total: absent from every subject sat). */
  absent: Uint8Array;
  widths: readonly number[];
  course: SubjectData | null;
}

export function subjectViews(run: RunData): SubjectView[] {
  // Out of the total and 缺考 in some subject: 缺考 for the total (absent from everything sat).
  const absentAll = new Uint8Array(run.n);
  for (let i = 0; i < run.n; i++) {
    if (Number.isNaN(run.total[i]!) && run.subjects.some((s) => s.absent[i] === 1)) absentAll[i] = 1;
  }
  const total: SubjectView = {
    ref: { subjectKey: TOTAL_SUBJECT, name: '总分', fullMark: run.totalFullMark, seId: null },
    key: TOTAL_SUBJECT,
    fullMark: run.totalFullMark,
    score: run.total,
    absent: absentAll,
    widths: TOTAL_WIDTHS,
    course: null,
  };
  return [
    total,
    ...run.subjects.map((s) => ({
      ref: { subjectKey: s.key, name: s.name, fullMark: s.fullMark, seId: s.seId },
      key: s.key,
      fullMark: s.fullMark,
      score: s.score,
      absent: s.absent,
      widths: COURSE_WIDTHS,
      course: s,
    })),
  ];
}

export const classRef = (run: RunData, c: number): ScopeRef => ({
  kind: 'class',
  id: run.classes[c]!.id,
  name: run.classes[c]!.name,
});
export const schoolRef = (run: RunData, s: number): ScopeRef => ({
  kind: 'school',
  id: run.schools[s]!.id,
  name: run.schools[s]!.name,
});
export const areaRef = (run: RunData, a: number): ScopeRef => ({
  kind: 'area',
  id: run.areas[a]!.id,
  name: run.areas[a]!.name,
});
export const topRef = (run: RunData): ScopeRef => ({
  kind: run.union ? 'union' : 'grade',
  id: run.top.id,
  name: run.top.name,
});
