import type { AttentionReport, SubjectRef } from '@huikao/contracts';

// The rows of 关注学生 (grade-attention-card) as its tables and tutoring list show them: critical
// students of each line (above and below, per class), 偏科 students, and the biggest movers.

export type CriticalRow = AttentionReport['lines'][number]['students'][number] & { line: string };
export type MoverRow = AttentionReport['movers'][number];

export interface CriticalCount {
  classId: string;
  className: string;
  above: number;
  below: number;
}

/** Each class's number of critical students above and below one line, classes in the exam's order. */
export function criticalCounts(
  students: readonly AttentionReport['lines'][number]['students'][number][],
  classes: ReadonlyArray<{ classId: string; name: string }>,
): CriticalCount[] {
  const counts = new Map(
    classes.map((c) => [c.classId, { classId: c.classId, className: c.name, above: 0, below: 0 }]),
  );
  for (const student of students) {
    let count = counts.get(student.classId);
    if (!count) {
      count = { classId: student.classId, className: student.className, above: 0, below: 0 };
      counts.set(student.classId, count);
    }
    count[student.side] += 1;
  }
  return [...counts.values()].filter((c) => c.above + c.below > 0);
}

/** Critical students of a line in tutoring order: below the line first (closest first), then above. */
export function criticalRows(line: AttentionReport['lines'][number]): CriticalRow[] {
  const order = (row: CriticalRow) => (row.side === 'below' ? 0 : 1);
  return line.students
    .map((student) => ({ ...student, line: line.name }))
    .sort((a, b) => order(a) - order(b) || Math.abs(a.gap) - Math.abs(b.gap) || a.rank - b.rank);
}

/** The biggest rises (most places gained first) and falls (most places lost first). */
export function splitMovers(movers: readonly MoverRow[], limit = 30): { rises: MoverRow[]; falls: MoverRow[] } {
  const rises = movers.filter((m) => m.change > 0).sort((a, b) => b.change - a.change || a.rank - b.rank);
  const falls = movers.filter((m) => m.change < 0).sort((a, b) => a.change - b.change || a.rank - b.rank);
  return { rises: rises.slice(0, limit), falls: falls.slice(0, limit) };
}

/** A course key's name ('0' 总分), for 最弱学科 and 偏科 columns. */
export function subjectNamer(subjects: readonly SubjectRef[]): (key: string | null) => string {
  return (key) => (key === null ? '—' : (subjects.find((s) => s.subjectKey === key)?.name ?? key));
}
