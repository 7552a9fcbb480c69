import { MarkingInputError } from './errors.ts';
import { type MarkedPaper, type MarkerEntry, markerEntriesOf } from './marker-entries.ts';
import { type Hundredths, toPoints } from './points.ts';
import { checkedScore, groupFullMarks, type MarkGroup } from './settings.ts';

/** A marker's scores for a paper outside the marking itself (回评抽检 or a 标准卷). */
export interface CheckMark {
  markerId: string;
  paperId: string;
  scores: Readonly<Record<string, number>>;
}

export interface QualityChecks {
  /** 回评抽检: papers that came back to their own marker unannounced; compared to that marker's current mark. */
  rechecks?: readonly CheckMark[];
  /** 标准卷: the 题组长's reference scores per seeded paper. */
  seededReferences?: readonly { paperId: string; scores: Readonly<Record<string, number>> }[];
  /** Markers' marks on seeded papers, compared to the reference. */
  seededMarks?: readonly CheckMark[];
}

/** marking.md "Quality", per marker. Scores in points; shares in [0, 1]; null where nothing is counted yet. */
export interface MarkerQuality {
  markerId: string;
  /** Papers with a current blind mark by this marker (一评, 二评 or 三评). */
  count: number;
  mean: number | null;
  /** Population standard deviation of the marker's paper totals. */
  sd: number | null;
  zeroShare: number | null;
  fullShare: number | null;
  secondsPerPaper: number | null;
  /** Double-marked papers where both blind marks exist and this marker gave one of them. */
  pairedPapers: number;
  /** Share of (paper, question) scores within T of the other blind mark. */
  agreementWithinT: number | null;
  exactAgreement: number | null;
  /** Mean of (the marker's score − the final) per question, over final papers. */
  meanDifferenceToFinal: number | null;
  thirdRate: number | null;
  arbitrationRate: number | null;
  selfConsistency: { count: number; differences: number[]; meanAbsoluteDifference: number | null };
  seeded: { count: number; meanDeviation: number | null; meanAbsoluteDeviation: number | null };
}

function checkedTotal(group: MarkGroup, scores: Readonly<Record<string, number>>, label: string): Hundredths {
  let total = 0;
  for (const question of group.questions) {
    const points = scores[question.questionId];
    if (points === undefined) throw new MarkingInputError(`${label}缺少第 ${question.questionId} 题的得分`);
    total += checkedScore(points, question, group.step);
  }
  return total;
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const meanOf = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;

/** Agreement counts of entries against their partner mark, per question. */
export function agreementOf(group: MarkGroup, entries: readonly MarkerEntry[]) {
  let compared = 0;
  let within = 0;
  let exact = 0;
  for (const entry of entries) {
    if (entry.partner === undefined) continue;
    for (const { questionId } of group.questions) {
      const gap = Math.abs(entry.scores.get(questionId)! - entry.partner.get(questionId)!);
      compared += 1;
      if (gap <= group.tolerance) within += 1;
      if (gap === 0) exact += 1;
    }
  }
  return { compared, within: share(within, compared), exact: share(exact, compared) };
}

/** Mean and population SD of paper totals, in points. */
export function summaryOf(totals: readonly Hundredths[]): { mean: number | null; sd: number | null } {
  const mean = meanOf(totals);
  if (mean === null) return { mean: null, sd: null };
  const variance = totals.reduce((sum, total) => sum + (total - mean) ** 2, 0) / totals.length;
  return { mean: mean / 100, sd: Math.sqrt(variance) / 100 };
}

/** Every marker's quality figures over a 题块, in the order markers first appear. */
export function markerQuality(
  group: MarkGroup,
  papers: readonly MarkedPaper[],
  checks: QualityChecks = {},
): MarkerQuality[] {
  const entries = markerEntriesOf(group, papers);
  const byMarker = new Map<string, MarkerEntry[]>();
  for (const entry of entries) {
    const own = byMarker.get(entry.markerId);
    if (own === undefined) byMarker.set(entry.markerId, [entry]);
    else own.push(entry);
  }
  const rechecks = checks.rechecks ?? [];
  const seededMarks = checks.seededMarks ?? [];
  for (const { markerId } of [...rechecks, ...seededMarks]) if (!byMarker.has(markerId)) byMarker.set(markerId, []);
  const references = new Map<string, Hundredths>();
  for (const reference of checks.seededReferences ?? []) {
    references.set(reference.paperId, checkedTotal(group, reference.scores, `标准卷 ${reference.paperId} `));
  }
  const full = groupFullMarks(group);
  return [...byMarker].map(([markerId, own]) => {
    const totals = own.map((entry) => entry.total);
    const ownByPaper = new Map(own.map((entry) => [entry.paperId, entry]));
    const paired = own.filter((entry) => entry.partner !== undefined);
    const agreement = agreementOf(group, own);
    const toFinal: number[] = [];
    for (const entry of own) {
      if (entry.finals === undefined) continue;
      for (const [questionId, score] of entry.scores) toFinal.push(score - entry.finals.get(questionId)!);
    }
    const differences = rechecks
      .filter((check) => check.markerId === markerId)
      .map((check) => {
        const original = ownByPaper.get(check.paperId);
        if (original === undefined) {
          throw new MarkingInputError(`阅卷教师 ${markerId} 没有评过试卷 ${check.paperId}，不能回评抽检`);
        }
        return checkedTotal(group, check.scores, '回评抽检') - original.total;
      });
    const deviations = seededMarks
      .filter((mark) => mark.markerId === markerId)
      .map((mark) => {
        const reference = references.get(mark.paperId);
        if (reference === undefined) throw new MarkingInputError(`试卷 ${mark.paperId} 没有标准卷分数`);
        return checkedTotal(group, mark.scores, '标准卷评分') - reference;
      });
    const points = (value: number | null) => (value === null ? null : value / 100);
    return {
      markerId,
      count: own.length,
      ...summaryOf(totals),
      zeroShare: share(totals.filter((total) => total === 0).length, totals.length),
      fullShare: share(totals.filter((total) => total === full).length, totals.length),
      secondsPerPaper: meanOf(own.map((entry) => entry.seconds)),
      pairedPapers: paired.length,
      agreementWithinT: agreement.within,
      exactAgreement: agreement.exact,
      meanDifferenceToFinal: points(meanOf(toFinal)),
      thirdRate: share(paired.filter((entry) => entry.wentToThird).length, paired.length),
      arbitrationRate: share(paired.filter((entry) => entry.wentToArbitration).length, paired.length),
      selfConsistency: {
        count: differences.length,
        differences: differences.map(toPoints),
        meanAbsoluteDifference: points(meanOf(differences.map(Math.abs))),
      },
      seeded: {
        count: deviations.length,
        meanDeviation: points(meanOf(deviations)),
        meanAbsoluteDeviation: points(meanOf(deviations.map(Math.abs))),
      },
    };
  });
}
