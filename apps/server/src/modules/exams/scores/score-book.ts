import type { StudentScore } from '@huikao/contracts';
import { competitionRanks, sumScores } from '@huikao/stats';
import type { ExamStudentScore } from './scores-repo.ts';

// Ranks and totals as every score view shows them (analysis-definitions.md "名次"): competition
// ranks among present students with a total; the grade is every exam student of the single exam
// (or of the multi-exam for 总分), the class is the exam student's class. Pure.

export interface Ranked {
  classRank: number | null;
  gradeRank: number | null;
}

/** Class and grade ranks of each entry, in input order; null totals (absent, unscored) get none. */
export function rankTotals<T extends { classId: number; total: number | null }>(entries: readonly T[]): Ranked[] {
  const grade = competitionRanks(entries.map((e) => e.total));
  const byClass = new Map<number, number[]>();
  entries.forEach((e, i) => {
    const list = byClass.get(e.classId) ?? [];
    list.push(i);
    byClass.set(e.classId, list);
  });
  const classRanks: (number | null)[] = new Array(entries.length).fill(null);
  for (const indexes of byClass.values()) {
    const ranks = competitionRanks(indexes.map((i) => entries[i]!.total));
    indexes.forEach((index, k) => {
      classRanks[index] = ranks[k]!;
    });
  }
  return entries.map((_, i) => ({ classRank: classRanks[i]!, gradeRank: grade[i]! }));
}

/** The contract shape of one exam student's paper with ranks. */
export function studentScoreOf(row: ExamStudentScore, ranks: Ranked): StudentScore {
  const score = row.score;
  return {
    esId: String(row.esId),
    studentId: String(row.studentId),
    studentNo: row.studentNo,
    name: row.name,
    classId: String(row.classId),
    className: row.className,
    absent: row.absent,
    scores: row.absent ? {} : (score?.scores ?? {}),
    choices: row.absent ? {} : (score?.choices ?? {}),
    objectiveScore: row.absent ? null : (score?.objectiveScore ?? null),
    subjectiveScore: row.absent ? null : (score?.subjectiveScore ?? null),
    totalScore: totalOf(row),
    classRank: ranks.classRank,
    gradeRank: ranks.gradeRank,
  };
}

export function totalOf(row: ExamStudentScore): number | null {
  return row.absent ? null : (row.score?.totalScore ?? null);
}

/** Every exam student of a single exam as StudentScore, ranked. */
export function scoreBook(rows: readonly ExamStudentScore[]): StudentScore[] {
  const ranks = rankTotals(rows.map((r) => ({ classId: r.classId, total: totalOf(r) })));
  return rows.map((row, i) => studentScoreOf(row, ranks[i]!));
}

export interface MultiTotalRow {
  studentId: number;
  studentNo: string;
  name: string;
  classId: number;
  className: string;
  /** seId → the subject total, 'absent', or null when not sat or not scored. */
  subjects: Map<number, number | 'absent' | null>;
  total: number | null;
  classRank: number | null;
  gradeRank: number | null;
}

/**
 * 总分 of a multi-exam: per student the sum of the subjects sat (absent subjects add nothing); a
 * student absent from every subject, or with nothing scored, has no total and no rank.
 */
export function multiTotals(subjects: { seId: number; rows: readonly ExamStudentScore[] }[]): MultiTotalRow[] {
  const byStudent = new Map<number, MultiTotalRow>();
  for (const { seId, rows } of subjects) {
    for (const row of rows) {
      let entry = byStudent.get(row.studentId);
      if (!entry) {
        entry = {
          studentId: row.studentId,
          studentNo: row.studentNo,
          name: row.name,
          classId: row.classId,
          className: row.className,
          subjects: new Map(),
          total: null,
          classRank: null,
          gradeRank: null,
        };
        byStudent.set(row.studentId, entry);
      }
      entry.subjects.set(seId, row.absent ? 'absent' : totalOf(row));
    }
  }
  const entries = [...byStudent.values()];
  for (const entry of entries) {
    const sat = [...entry.subjects.values()].filter((v): v is number => typeof v === 'number');
    entry.total = sat.length > 0 ? sumScores(sat) : null;
  }
  const ranks = rankTotals(entries);
  entries.forEach((entry, i) => {
    Object.assign(entry, ranks[i]);
  });
  return entries;
}
