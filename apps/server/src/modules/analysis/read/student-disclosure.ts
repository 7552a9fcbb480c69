import { hiddenOptionOn, RANK_BANDS, type StudentDisclosure } from '@huikao/contracts';
import { bandOfRank } from '@huikao/stats';

// What a student sees of their position (pure). Two settings apply, the second on top of the first:
// - the school's disclosure (exam settings studentDisclosure): 'rank' the exact class and grade
//   ranks, 'band' the grade-rank band (RANK_BANDS), 'beat' only "超过了 X% 的同学"; the share beaten
//   is shown in all three;
// - the exam's hiddenStudentOrder (HIDDEN_OPTIONS, a '0' turns an option on): 隐藏名次 hides every
//   position (ranks, band, share beaten), 隐藏分数 the score and T, 隐藏班级年级统计 the class and
//   grade mean and the grade's highest score.

export interface Position {
  score: number | null;
  fullMark: number;
  classMean: number | null;
  gradeMean: number | null;
  gradeMax: number | null;
  classRank: number | null;
  gradeRank: number | null;
  rankBand: string | null;
  beat: number | null;
  t: number | null;
}

export interface DisclosureRule {
  disclosure: StudentDisclosure;
  hiddenStudentOrder: string;
}

export const hidesRanks = (rule: DisclosureRule) => hiddenOptionOn(rule.hiddenStudentOrder, 0);
export const hidesScores = (rule: DisclosureRule) => hiddenOptionOn(rule.hiddenStudentOrder, 1);
export const hidesStats = (rule: DisclosureRule) => hiddenOptionOn(rule.hiddenStudentOrder, 2);

/** The RANK_BANDS label of a grade rank among `count` students (ties share the better band). */
export function rankBandOf(gradeRank: number | null, count: number | null): string | null {
  if (gradeRank === null || !count) return null;
  return (
    RANK_BANDS[
      bandOfRank(
        gradeRank,
        count,
        RANK_BANDS.map((b) => b.upTo),
      )
    ]?.name ?? null
  );
}

/** The full position (as stored) reduced to what the rule lets the student see. */
export function disclose(full: Omit<Position, 'rankBand'>, gradeCount: number | null, rule: DisclosureRule): Position {
  const ranks = !hidesRanks(rule);
  const score = !hidesScores(rule);
  const stats = !hidesStats(rule);
  return {
    score: score ? full.score : null,
    fullMark: full.fullMark,
    classMean: stats ? full.classMean : null,
    gradeMean: stats ? full.gradeMean : null,
    gradeMax: stats ? full.gradeMax : null,
    classRank: ranks && rule.disclosure === 'rank' ? full.classRank : null,
    gradeRank: ranks && rule.disclosure === 'rank' ? full.gradeRank : null,
    rankBand: ranks && rule.disclosure === 'band' ? rankBandOf(full.gradeRank, gradeCount) : null,
    beat: ranks ? full.beat : null,
    t: score ? full.t : null,
  };
}
