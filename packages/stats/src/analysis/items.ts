import { roundHalfUp } from '../round.ts';
import { assertPositive, ceilShare, hundredths } from './compare.ts';

/** 试题分析 (analysis-definitions.md "Items"): difficulty, discrimination, correlations, option shares. */

/** 难度(得分率) P = item mean / item full mark (higher = easier). */
export function difficulty(mean: number, fullMark: number): number {
  assertPositive(fullMark, 'fullMark');
  return mean / fullMark;
}

/** The 27 % groups of one subject, as population positions. */
export interface ExtremeGroups {
  top: Int32Array;
  bottom: Int32Array;
}

/**
 * The 27 % groups, computed once per subject and reused for all its items: n = ⌈0.27·N⌉ (exactly), students
 * ordered by the subject total descending with ties broken by student id ascending; top = the first n,
 * bottom = the last n. Found by thresholds rather than a full sort: everyone above the n-th highest total is in
 * the top, and the students tied at it fill the rest by smallest id (the bottom mirrors it with the largest
 * ids). Members are listed in population order. Fewer than 2 students cannot be split: null.
 */
export function extremeGroups(totals: Float64Array, studentIds: ArrayLike<number>): ExtremeGroups | null {
  const count = totals.length;
  if (studentIds.length !== count) throw new RangeError('totals and studentIds differ in length');
  if (count < 2) return null;
  const n = ceilShare(0.27, count);
  const sorted = totals.slice().sort();
  return {
    top: pickGroup(totals, studentIds, n, sorted[count - n]!, 1),
    bottom: pickGroup(totals, studentIds, n, sorted[n - 1]!, -1),
  };
}

/**
 * The n students beyond `boundary` (side 1: above it, −1: below it), the rest taken from those tied at the
 * boundary: the smallest ids for the top, the largest for the bottom.
 */
function pickGroup(
  totals: Float64Array,
  studentIds: ArrayLike<number>,
  n: number,
  boundary: number,
  side: 1 | -1,
): Int32Array {
  let beyond = 0;
  const tiedIds: number[] = [];
  for (let i = 0; i < totals.length; i++) {
    const t = totals[i]!;
    if (side * (t - boundary) > 0) beyond++;
    else if (t === boundary) tiedIds.push(studentIds[i]!);
  }
  const fromTie = n - beyond;
  const ids = Float64Array.from(tiedIds).sort();
  // Top: ids up to the fromTie-th smallest; bottom: ids from the fromTie-th largest.
  const cut = side === 1 ? ids[fromTie - 1]! : ids[ids.length - fromTie]!;
  const group = new Int32Array(n);
  let at = 0;
  for (let i = 0; i < totals.length; i++) {
    const t = totals[i]!;
    const id = studentIds[i]!;
    if (side * (t - boundary) > 0 || (t === boundary && (side === 1 ? id <= cut : id >= cut))) group[at++] = i;
  }
  return group;
}

function meanOver(item: Float64Array, members: Int32Array): number {
  let sum = 0;
  for (let i = 0; i < members.length; i++) sum += item[members[i]!]!;
  return sum / members.length;
}

/** 区分度 D = (mean of the top group − mean of the bottom group) / item full mark. */
export function groupDiscrimination(item: Float64Array, groups: ExtremeGroups, itemFullMark: number): number {
  assertPositive(itemFullMark, 'itemFullMark');
  return (meanOver(item, groups.top) - meanOver(item, groups.bottom)) / itemFullMark;
}

/** D of one item on its own (sorts each call; for a whole paper use extremeGroups once). */
export function discrimination(
  item: Float64Array,
  totals: Float64Array,
  studentIds: ArrayLike<number>,
  itemFullMark: number,
): number | null {
  const groups = extremeGroups(totals, studentIds);
  return groups === null ? null : groupDiscrimination(item, groups, itemFullMark);
}

/**
 * A paper's or subject's 区分度: the full-mark-weighted mean of its items' D, Σ Fᵢ·Dᵢ / Σ Fᵢ, over the items
 * that have a D (an item without one, null, is left out with its full mark). No item with a D → null.
 */
export function weightedDiscrimination(
  discriminations: readonly (number | null)[],
  fullMarks: readonly number[],
): number | null {
  if (fullMarks.length !== discriminations.length) throw new RangeError('one full mark per item');
  let weighted = 0;
  let weight = 0;
  discriminations.forEach((d, i) => {
    if (d === null) return;
    const fullMark = fullMarks[i]!;
    assertPositive(fullMark, 'fullMark');
    weighted += fullMark * d;
    weight += fullMark;
  });
  return weight === 0 ? null : weighted / weight;
}

function isConstant(values: Float64Array): boolean {
  for (let i = 1; i < values.length; i++) if (values[i] !== values[0]) return false;
  return true;
}

/**
 * Pearson r. Undefined (null) with fewer than 2 values or when either side has no spread (checked on the
 * values, not on a float variance that could be 1e-30 instead of 0). Clamped to [−1, 1] against rounding.
 */
export function pearson(a: Float64Array, b: Float64Array): number | null {
  const n = a.length;
  if (b.length !== n) throw new RangeError('pearson: arrays differ in length');
  if (n < 2 || isConstant(a) || isConstant(b)) return null;
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < n; i++) {
    sumA += a[i]!;
    sumB += b[i]!;
  }
  const meanA = sumA / n;
  const meanB = sumB / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - meanA;
    const db = b[i]! - meanB;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  const r = sab / Math.sqrt(saa * sbb);
  return Math.max(-1, Math.min(1, r));
}

/**
 * Item–rest correlation: Pearson r of the item with (subject total − item). Worked on hundredths (scores have 2
 * decimals; r does not depend on the unit), so 0.4 − 0.1 and 0.5 − 0.2 are the same rest of 30 hundredths and a
 * constant rest stays constant (checked on the values, not on a float variance).
 */
export function itemRestCorrelation(item: Float64Array, totals: Float64Array): number | null {
  const n = item.length;
  if (totals.length !== n) throw new RangeError('item and totals differ in length');
  if (n < 2) return null;
  // The hundredths are worked out again in the second pass rather than kept in scratch arrays: a
  // class's item is 50 values, and 450,000 such calls in a 联考 made those arrays most of the cost.
  let sumItem = 0;
  let sumRest = 0;
  for (let i = 0; i < n; i++) {
    const x = hundredths(item[i]!);
    sumItem += x;
    sumRest += hundredths(totals[i]!) - x;
  }
  const meanItem = sumItem / n;
  const meanRest = sumRest / n;
  const firstItem = hundredths(item[0]!);
  const firstRest = hundredths(totals[0]!) - firstItem;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  let itemVaries = false;
  let restVaries = false;
  for (let i = 0; i < n; i++) {
    const x = hundredths(item[i]!);
    const rest = hundredths(totals[i]!) - x;
    const dx = x - meanItem;
    const dy = rest - meanRest;
    if (x !== firstItem) itemVaries = true;
    if (rest !== firstRest) restVaries = true;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (!itemVaries || !restVaries) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

export type EbelBand = '很好' | '较好' | '尚可' | '差';

function clearOf(d: number, edge: number): boolean {
  return Math.abs(d - edge) > 1e-9;
}

/**
 * Ebel's bands (≥0.40 很好, 0.30–0.39 较好, 0.20–0.29 尚可, <0.20 差), read on D as shown (rounded half up to 2
 * decimals), so the band never contradicts the number beside it: 0.395 shows 0.40 and is 很好.
 */
export function ebelBand(d: number): EbelBand {
  // Away from the rounding boundaries (0.395, 0.295, 0.195) the band is plain to see; roundHalfUp
  // works on the decimal text, which costs a microsecond per item and a 联考 has 450,000 of them.
  if (clearOf(d, 0.395) && clearOf(d, 0.295) && clearOf(d, 0.195)) {
    return d > 0.395 ? '很好' : d > 0.295 ? '较好' : d > 0.195 ? '尚可' : '差';
  }
  const shown = roundHalfUp(d, 2);
  if (shown >= 0.4) return '很好';
  if (shown >= 0.3) return '较好';
  if (shown >= 0.2) return '尚可';
  return '差';
}

export const UNANSWERED = '未作答';

/**
 * The share of the population choosing each option: a multi-choice answer counts once for each of its
 * letters; a blank (null, empty) counts as 未作答, listed last. Letters outside `letters` are ignored.
 * The texts are coded as optionSharesOfCodes reads them, so both give the same figures by one rule.
 */
export function optionShares(
  choices: readonly (string | null | undefined)[],
  letters: readonly string[],
): { option: string; count: number; share: number }[] {
  const position = new Map(letters.map((letter, i) => [letter.toUpperCase(), i]));
  const codes = Uint16Array.from(choices, (choice) => {
    const text = choice?.trim().toUpperCase() ?? '';
    if (text === '') return 0;
    // A text with none of the letters is neither a letter nor blank (a bit no letter uses).
    let code = NO_LETTER;
    for (const letter of text) {
      const at = position.get(letter);
      if (at !== undefined) code |= 1 << at;
    }
    return code;
  });
  return optionSharesOfCodes(
    codes,
    Int32Array.from(codes, (_, k) => k),
    letters,
  );
}

function shareOf(count: number, n: number): number {
  return n === 0 ? 0 : count / n;
}

/** A coded choice's bit that no letter uses (at most 15 options). */
const NO_LETTER = 1 << 15;

/**
 * optionShares over choices already coded as bit sets (bit b = letters[b] chosen; 0 = blank, which counts as
 * 未作答; a code with none of the letters' bits, such as a mark the scanner could not read, counts as neither),
 * of the population `index` picks out of `codes`: the same figures without a text per student.
 */
export function optionSharesOfCodes(
  codes: Uint16Array,
  index: Int32Array,
  letters: readonly string[],
): { option: string; count: number; share: number }[] {
  const counts = new Int32Array(letters.length);
  let blank = 0;
  for (let k = 0; k < index.length; k++) {
    const code = codes[index[k]!]!;
    if (code === 0) {
      blank++;
      continue;
    }
    for (let b = 0; b < letters.length; b++) if (code & (1 << b)) counts[b]!++;
  }
  const n = index.length;
  const shares: { option: string; count: number; share: number }[] = [];
  for (let i = 0; i < letters.length; i++)
    shares.push({ option: letters[i]!, count: counts[i]!, share: shareOf(counts[i]!, n) });
  shares.push({ option: UNANSWERED, count: blank, share: shareOf(blank, n) });
  return shares;
}
