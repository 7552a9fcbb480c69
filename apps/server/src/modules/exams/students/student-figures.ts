import { DEFAULT_SCORE_CONFIG, hiddenOptionOn, type ScoreConfig } from '@huikao/contracts';
import { roundHalfUp, sumScores } from '@huikao/stats';
import { rankTotals } from '../scores/score-book.ts';

// What a student sees of one subject or of the exam total (pure): their score and level, ranks,
// and class and grade figures, each hidden as the exam's hiddenStudentOrder says
// (HIDDEN_OPTIONS: 0 隐藏名次, 1 隐藏分数, 2 隐藏班级年级统计).

export interface Entry {
  studentId: number;
  classId: number;
  /** Null when absent or not scored. */
  total: number | null;
  absent: boolean;
}

export interface Figures {
  fullMark: number;
  absent: boolean;
  score: number | null;
  level: string | null;
  classRank: number | null;
  gradeRank: number | null;
  classAverage: number | null;
  gradeAverage: number | null;
  gradeMax: number | null;
}

/** 优秀/良好/及格/待及格 by the thresholds (percent of the full mark), compared exactly. */
export function levelOf(score: number, fullMark: number, rates: ScoreConfig['rates'] = DEFAULT_SCORE_CONFIG.rates) {
  const hundred = Math.round(score * 100) * 100;
  const at = (pct: number) => hundred >= Math.round(pct * 100) * fullMark;
  if (at(rates.excellent)) return '优秀';
  if (at(rates.good)) return '良好';
  if (at(rates.pass)) return '及格';
  return '待及格';
}

const mean = (values: number[]) => (values.length === 0 ? null : roundHalfUp(sumScores(values) / values.length));

export function studentFigures(
  entries: readonly Entry[],
  studentId: number,
  fullMark: number,
  rates: ScoreConfig['rates'],
  hidden: string,
): Figures | null {
  const index = entries.findIndex((e) => e.studentId === studentId);
  if (index < 0) return null;
  const me = entries[index]!;
  const ranks = rankTotals(entries)[index]!;
  const scored = entries.filter((e) => e.total !== null);
  const classScores = scored.filter((e) => e.classId === me.classId).map((e) => e.total!);
  const gradeScores = scored.map((e) => e.total!);
  const hideRanks = hiddenOptionOn(hidden, 0);
  const hideScore = hiddenOptionOn(hidden, 1);
  const hideStats = hiddenOptionOn(hidden, 2);
  return {
    fullMark,
    absent: me.absent,
    score: hideScore ? null : me.total,
    level: me.total === null ? null : levelOf(me.total, fullMark, rates),
    classRank: hideRanks ? null : ranks.classRank,
    gradeRank: hideRanks ? null : ranks.gradeRank,
    classAverage: hideStats ? null : mean(classScores),
    gradeAverage: hideStats ? null : mean(gradeScores),
    gradeMax: hideStats || gradeScores.length === 0 ? null : Math.max(...gradeScores),
  };
}
