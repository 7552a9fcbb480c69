import type { AttentionReport, SubjectRef } from '@huikao/contracts';

// attention-card, class-attention-analysis and class-single-attention-analysis (findAttentionReport
// with the class): critical students per line (above and below), 偏科 students, and the biggest
// rises and falls since the previous exam. The report may hold the whole grade; rows are the class's.

export interface CriticalRow {
  key: string;
  lineName: string;
  lineScore: number | null;
  side: 'above' | 'below';
  studentId: string;
  name: string;
  total: number;
  rank: number;
  /** Distance to the line (score or ranks, by the rule). */
  gap: number;
  weakest: string | null;
}

export const SIDE_NAMES = { above: '线上', below: '线下' } as const;

/** A subject key's name (the exam's subjects), or the text as it came. */
export function subjectName(subjects: readonly SubjectRef[], key: string | null): string | null {
  if (key === null) return null;
  return subjects.find((subject) => subject.subjectKey === key)?.name ?? key;
}

/** Critical students of the class, line by line, above the line first, nearest the line first. */
export function criticalRows(report: AttentionReport, classId: string, subjects: readonly SubjectRef[]): CriticalRow[] {
  return report.lines.flatMap((line) =>
    line.students
      .filter((student) => student.classId === classId)
      .sort((a, b) => (a.side === b.side ? Math.abs(a.gap) - Math.abs(b.gap) : a.side === 'above' ? -1 : 1))
      .map((student) => ({
        key: `${line.name}:${student.studentId}`,
        lineName: line.name,
        lineScore: line.score,
        side: student.side,
        studentId: student.studentId,
        name: student.name,
        total: student.total,
        rank: student.rank,
        gap: student.gap,
        weakest: subjectName(subjects, student.weakest),
      })),
  );
}

/** How many critical students of the class each line has above and below it. */
export function criticalCounts(report: AttentionReport, classId: string) {
  return report.lines.map((line) => {
    const own = line.students.filter((student) => student.classId === classId);
    return {
      lineName: line.name,
      above: own.filter((student) => student.side === 'above').length,
      below: own.filter((student) => student.side === 'below').length,
    };
  });
}

export interface ImbalancedRow {
  studentId: string;
  name: string;
  spread: number;
  weakest: string;
  strongest: string;
  weakestZ: number;
  strongestZ: number;
}

/** The class's 偏科 students, the widest spread first. */
export function imbalancedRows(
  report: AttentionReport,
  classId: string,
  subjects: readonly SubjectRef[],
): ImbalancedRow[] {
  return report.imbalanced
    .filter((student) => student.classId === classId)
    .map((student) => ({
      studentId: student.studentId,
      name: student.name,
      spread: student.spread,
      weakest: subjectName(subjects, student.weakest) ?? student.weakest,
      strongest: subjectName(subjects, student.strongest) ?? student.strongest,
      weakestZ: student.weakestZ,
      strongestZ: student.strongestZ,
    }))
    .sort((a, b) => b.spread - a.spread);
}

export type MoverRow = AttentionReport['movers'][number];

/** The class's movers: risers (change > 0) biggest first, fallers (change < 0) biggest drop first. */
export function moverRows(report: AttentionReport, classId: string): { rising: MoverRow[]; falling: MoverRow[] } {
  const own = report.movers.filter((mover) => mover.classId === classId);
  return {
    rising: own.filter((mover) => mover.change > 0).sort((a, b) => b.change - a.change),
    falling: own.filter((mover) => mover.change < 0).sort((a, b) => a.change - b.change),
  };
}
