import type {
  AttentionReport,
  ItemsReport,
  LevelsReport,
  LinesReport,
  OverviewReport,
  StudentRow,
  SubjectsReport,
} from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisStudentRows } from '../../../db/schema.ts';
import { type SmallExam, setUpSmallExam } from '../../../test/analysis-fixture.ts';
import { reportBody } from '../read/repo.ts';
import { unpackStudentRow } from '../store/student-row-codec.ts';

// Every stored figure of the small exam (test/analysis-fixture.ts), worked by hand from its score
// table; the arithmetic is in the comments, the expected values are that arithmetic, never output.
//   数学 (F 100): s1 100, s2 80, s3 60, s4 80, s5 缺考, s6 30  → N 5, Σ 350, mean 70
//   语文 (F 100): s1 90, s2 50, s3 100, s4 50, s5 70, s6 0    → N 6, Σ 360, mean 60
//   总分 (F 200): s1 190, s2 130, s3 160, s4 130, s5 70, s6 30 → N 6 (s5 counts with what she sat), Σ 710
//   class (1) = s1 s2 s3, class (2) = s4 s5 s6.

let s: SmallExam;
let classIds: [string, string];
const ids: string[] = [];
beforeAll(async () => {
  s = await setUpSmallExam();
  classIds = [String(s.classes[0]!.id), String(s.classes[1]!.id)];
  ids.push(...s.students.map((st) => String(st.id)));
  expect(await s.analysis.runs.runPending()).toBe(1);
});
afterAll(() => s.t.close());

const MATH = '2';
const CHINESE = '1';
const runKey = () => `me:${s.meId}`;
async function doc<T>(kind: string, subjectKey: string, scopeKey: string): Promise<T> {
  const body = await reportBody(s.db, { runKey: runKey(), kind, subjectKey, scopeKey });
  expect(body, `${kind} ${subjectKey} ${scopeKey}`).not.toBeNull();
  return body as T;
}
async function student(i: number): Promise<StudentRow> {
  const [row] = await s.db
    .select({ body: analysisStudentRows.body })
    .from(analysisStudentRows)
    .where(and(eq(analysisStudentRows.runKey, runKey()), eq(analysisStudentRows.studentId, Number(ids[i]))));
  return unpackStudentRow(row!.body);
}
const close = (actual: number | null | undefined, expected: number) => expect(actual).toBeCloseTo(expected, 9);

// σ of each population: 数学 devs 30, 10, −10, 10, −40 → Σ² 2800 / 5 = 560;
// 语文 devs 30, −10, 40, −10, 10, −60 → Σ² 6400 / 6; 总分 Σx² 101300 / 6 − (710/6)².
const SD_MATH = Math.sqrt(560);
const SD_CHINESE = Math.sqrt(6400 / 6);
const MEAN_TOTAL = 710 / 6;
const SD_TOTAL = Math.sqrt(101300 / 6 - MEAN_TOTAL ** 2);

describe('overview (整体分析)', () => {
  it('数学 over the grade: summary, rates, quartiles', async () => {
    const o = await doc<OverviewReport>('overview', MATH, 'grade');
    expect(o.subject).toMatchObject({
      subjectKey: MATH,
      name: '数学',
      fullMark: 100,
      seId: String(s.mathSubject.single.id),
    });
    expect(o.scope).toMatchObject({ kind: 'grade', name: '八年级' });
    expect(o.parent).toBeNull();
    const m = o.summary!;
    // 优秀 ≥ 85: 100; 良好 ≥ 70: 100 80 80; 及格 ≥ 60: + 60; 低分 < 40: 30; 良好段 [70, 85): 80 80.
    expect(m).toMatchObject({ count: 5, absent: 1, mean: 70, max: 100, min: 30, scoreRate: 0.7 });
    expect(m).toMatchObject({ excellentCount: 1, goodCount: 3, passCount: 4, lowCount: 1, goodBandCount: 2 });
    expect(m).toMatchObject({ excellentRate: 0.2, goodRate: 0.6, passRate: 0.8, lowRate: 0.2, goodBandRate: 0.4 });
    close(m.sd, SD_MATH);
    // Sorted 30 60 80 80 100: median the 3rd; type-7 q1 at position 1 (0-based) = 60, q3 at 3 = 80.
    expect(m).toMatchObject({ median: 80, q1: 60, q3: 80 });
  });

  it('数学 segments of width 10 and 50, listed from the top', async () => {
    const o = await doc<OverviewReport>('overview', MATH, 'grade');
    expect(Object.keys(o.segments).sort()).toEqual(['10', '20', '30', '40', '50']);
    // [90,100]: 100 | [80,90): 80 80 | [70,80): – | [60,70): 60 | … | [30,40): 30 | …
    expect(o.segments['10']!.map((r) => [r.low, r.high, r.count, r.cumulative])).toEqual([
      [90, 100, 1, 1],
      [80, 90, 2, 3],
      [70, 80, 0, 3],
      [60, 70, 1, 4],
      [50, 60, 0, 4],
      [40, 50, 0, 4],
      [30, 40, 1, 5],
      [20, 30, 0, 5],
      [10, 20, 0, 5],
      [0, 10, 0, 5],
    ]);
    expect(o.segments['10']![0]).toMatchObject({ closedTop: true, share: 0.2, cumulativeShare: 0.2 });
    expect(o.segments['10']![1]).toMatchObject({ closedTop: false, share: 0.4, cumulativeShare: 0.6 });
    // [50,100]: 100 80 60 80 | [0,50): 30.
    expect(o.segments['50']!.map((r) => [r.low, r.high, r.count, r.cumulative])).toEqual([
      [50, 100, 4, 4],
      [0, 50, 1, 5],
    ]);
  });

  it('数学 classes: 超均率, class T, rank, and the class documents', async () => {
    const o = await doc<OverviewReport>('overview', MATH, 'grade');
    const [one, two] = o.units;
    expect(o.units.map((u) => u.scope.id)).toEqual(classIds);
    // (1): 100 80 60, mean 80; 超均率 (80 − 70)/70; T = 50 + 10·(80 − 70)/σ.
    expect(one!.summary).toMatchObject({ count: 3, absent: 0, mean: 80, median: 80, q1: 70, q3: 90 });
    close(one!.overMeanRate, 10 / 70);
    close(one!.tScore, 50 + (10 * 10) / SD_MATH);
    expect(one!.rank).toBe(1);
    // (2): 80 30 (s5 缺考), mean 55; 超均率 −15/70; T = 50 − 10·15/σ.
    expect(two!.summary).toMatchObject({ count: 2, absent: 1, mean: 55, sd: 25 });
    close(two!.overMeanRate, -15 / 70);
    close(two!.tScore, 50 - (10 * 15) / SD_MATH);
    expect(two!.rank).toBe(2);

    const own = await doc<OverviewReport>('overview', MATH, `class:${classIds[0]}`);
    expect(own.scope).toMatchObject({ kind: 'class', id: classIds[0], name: '八年级(1)班' });
    expect(own.parent).toMatchObject({ kind: 'grade', name: '八年级' });
    expect(own.summary).toEqual(one!.summary);
    expect(own).toMatchObject({ rank: 1, units: [] });
    close(own.overMeanRate, 10 / 70);
    // (1) in width 10: [90,100] 100 | [80,90) 80 | [70,80) – | [60,70) 60.
    expect(own.segments['10']!.slice(0, 4).map((r) => r.count)).toEqual([1, 1, 0, 1]);
  });

  it('数学 class evaluation: classECSet and classRSRSet', async () => {
    const [one, two] = (await doc<OverviewReport>('overview', MATH, 'grade')).units;
    // 达标: T ≥ 55 ⇔ x ≥ 70 + σ/2 ≈ 81.8: only s1. Top 20 % (rank/5 ≤ 0.2): rank 1 = s1; 20–50 %: rank 2 = s2, s4.
    // (1): 达标 1/3, average 0.8, secsA 1/3, secsB 1/3, σ(100 80 60) = √(800/3), variance σ/100.
    // (2): 达标 0, average 0.55, secsA 0, secsB 1/2, σ(80 30) = 25, variance 0.25.
    const v1 = Math.sqrt(800 / 3) / 100;
    expect(one!.evaluation).toMatchObject({
      averageRate: 0.8,
      averageScore: 80,
      ecRank: 1,
      rsrRank: 1,
      rsrGrade: '上',
    });
    close(one!.evaluation!.standardRate, 1 / 3);
    close(one!.evaluation!.secsARate, 1 / 3);
    close(one!.evaluation!.secsBRate, 1 / 3);
    close(one!.evaluation!.variance, v1);
    // EC = 0.3·达标 + 0.4·average + 0.1·secsA + 0.2·secsB − 0.1·variance.
    close(one!.evaluation!.ec, 0.3 / 3 + 0.4 * 0.8 + 0.1 / 3 + 0.2 / 3 - 0.1 * v1);
    close(two!.evaluation!.ec, 0.4 * 0.55 + 0.2 * 0.5 - 0.1 * 0.25);
    // RSR ranks (best = 2): (1) 2, 2, 2 and secsB 1; (2) 1, 1, 1 and 2. WRSR = Σ w·R / 2:
    // (1) (0.3·2 + 0.2·2 + 0.3·2 + 0.2·1)/2 = 0.9; (2) (0.3 + 0.2 + 0.3 + 0.4)/2 = 0.6.
    close(one!.evaluation!.wrsr, 0.9);
    close(two!.evaluation!.wrsr, 0.6);
    // p: (2) 1/2 → probit 5; (1) last → 1 − 1/(4·2) = 0.875 → 5 + Φ⁻¹(0.875) = 5 + 1.1503493803760079.
    close(two!.evaluation!.probit, 5);
    close(one!.evaluation!.probit, 6.150349380376008);
    // Two points fit exactly; cut points a + 4b ≈ 0.339 and a + 6b ≈ 0.861: 0.6 中, 0.9 上.
    close(one!.evaluation!.fitted, 0.9);
    expect(two!.evaluation!.fitted).not.toBeNull();
    expect(two!.evaluation).toMatchObject({ rsrGrade: '中', ecRank: 2, rsrRank: 2 });
  });

  it('the total over the grade and its classes', async () => {
    const o = await doc<OverviewReport>('overview', '0', 'grade');
    expect(o.subject).toMatchObject({ subjectKey: '0', name: '总分', fullMark: 200, seId: null });
    // 优秀 ≥ 170: 190; 良好 ≥ 140: + 160; 及格 ≥ 120: + 130 130; 低分 < 80: 70 30; 良好段 [140,170): 160.
    expect(o.summary).toMatchObject({ count: 6, absent: 0, max: 190, min: 30, excellentCount: 1, goodCount: 2 });
    expect(o.summary).toMatchObject({ passCount: 4, lowCount: 2, goodBandCount: 1 });
    close(o.summary!.mean, MEAN_TOTAL);
    close(o.summary!.sd, SD_TOTAL);
    close(o.summary!.passRate, 4 / 6);
    expect(Object.keys(o.segments).sort()).toEqual(['100', '50', '60', '70', '80', '90']);
    // [150,200]: 190 160 | [100,150): 130 130 | [50,100): 70 | [0,50): 30.
    expect(o.segments['50']!.map((r) => r.count)).toEqual([2, 2, 1, 1]);
    // (1) 190 130 160, mean 160; (2) 130 70 30, mean 230/3.
    const [one, two] = o.units;
    close(one!.summary!.mean, 160);
    close(two!.summary!.mean, 230 / 3);
    close(one!.overMeanRate, (160 - MEAN_TOTAL) / MEAN_TOTAL);
    close(two!.tScore, 50 + (10 * (230 / 3 - MEAN_TOTAL)) / SD_TOTAL);
    expect([one!.rank, two!.rank]).toEqual([1, 2]);
  });
});

describe('items (试题分析)', () => {
  it('数学 over the grade: difficulty, 27 % discrimination with ties by id, options, α, split-half', async () => {
    const r = await doc<ItemsReport>('items', MATH, 'grade');
    // Population s1 s2 s3 s4 s6 (totals 100 80 60 80 30). n = ⌈0.27·5⌉ = 2; order by total, ties by id:
    // s1 100, s2 80, s4 80, s3 60, s6 30 → top s1 s2, bottom s3 s6.
    expect(r).toMatchObject({ count: 5, paperDifficulty: 0.7 });
    const [q1, q2, q3] = r.items;
    // Q1 (20): 20 20 0 20 0 → mean 12, P 0.6; D = (20 − 0)/20 = 1 很好; zero 2, full 3.
    expect(q1).toMatchObject({ questionNo: '1', kind: 1, answer: 'B', fullMark: 20, count: 5, mean: 12 });
    expect(q1).toMatchObject({ difficulty: 0.6, discrimination: 1, ebel: '很好', zeroCount: 2, fullCount: 3 });
    // Options: s1 B, s2 B, s3 A, s4 B, s6 C.
    expect(q1!.options).toEqual([
      { option: 'A', count: 1, share: 0.2 },
      { option: 'B', count: 3, share: 0.6 },
      { option: 'C', count: 1, share: 0.2 },
      { option: 'D', count: 0, share: 0 },
      { option: '未作答', count: 0, share: 0 },
    ]);
    // Item–rest: item 20 20 0 20 0 (devs 8 8 −12 8 −12), rest 80 60 60 60 30 (mean 58, devs 22 2 2 2 −28):
    // Σdd = 176 + 16 − 24 + 16 + 336 = 520, Σd² 480 and 1280.
    close(q1!.itemRest, 520 / Math.sqrt(480 * 1280));
    // Q2 (40): 40 30 40 20 10 → mean 28, P 0.7; D = ((40+30) − (40+10))/2/40 = 0.25 尚可.
    expect(q2).toMatchObject({ mean: 28, difficulty: 0.7, discrimination: 0.25, ebel: '尚可', options: null });
    expect(q2).toMatchObject({ zeroCount: 0, fullCount: 2 });
    // Q3 (40): 40 30 20 40 20 → mean 30, P 0.75; D = ((40+30) − (20+20))/2/40 = 0.375 → shown 0.38 较好.
    expect(q3).toMatchObject({ mean: 30, difficulty: 0.75, discrimination: 0.375, ebel: '较好' });
    // α: population variances Q1 (devs 8 8 −12 8 −12) 480/5 = 96, Q2 (12 2 12 −8 −18) 680/5 = 136,
    // Q3 (10 0 −10 10 −10) 400/5 = 80; total 2800/5 = 560 → α = 3/2·(1 − (96 + 136 + 80)/560).
    close(r.alpha, 1.5 * (1 - 312 / 560));
    // Split-half: odd (Q1+Q3) 60 50 20 60 20 (devs 18 8 −22 18 −22, Σd² 1680), even (Q2) devs as above
    // (Σd² 680); Σdd = 216 + 16 − 264 − 144 + 396 = 220; Spearman–Brown 2r/(1 + r).
    const half = 220 / Math.sqrt(1680 * 680);
    close(r.splitHalf, (2 * half) / (1 + half));
  });

  it('数学 over class (1): its own 27 % groups', async () => {
    const r = await doc<ItemsReport>('items', MATH, `class:${classIds[0]}`);
    // s1 100, s2 80, s3 60: n = ⌈0.81⌉ = 1, top s1, bottom s3.
    expect(r.scope).toMatchObject({ kind: 'class', id: classIds[0] });
    expect(r.count).toBe(3);
    close(r.items[0]!.difficulty, 40 / 60); // 20 20 0
    expect(r.items.map((i) => i.discrimination)).toEqual([1, 0, 0.5]); // (20−0)/20, (40−40)/40, (40−20)/40
  });
});

describe('lines, subjects, attention, levels', () => {
  it('lines by rank share, effective scores, 单上线/双上线/贡献率/命中率 per class', async () => {
    const r = await doc<LinesReport>('lines', '0', 'grade');
    const [key, base] = r.lines;
    // 重点线 0.15: ⌈0.9⌉ = 1st total = 190, M = 1. 本科线 0.5: ⌈3⌉ = 3rd of 190 160 130 130 70 30 = 130, M = 4.
    expect(key).toMatchObject({ name: '重点线', kind: 'rate', value: 0.15, score: 190, lineRank: 1, onLine: 1 });
    // The line rank of a rate line is ⌈p·N⌉ = 3 whatever ties follow it (M = 4 stand on the line).
    expect(base).toMatchObject({ name: '本科线', kind: 'rate', value: 0.5, score: 130, lineRank: 3, onLine: 4 });
    const bySubject = (line: { subjects: LinesReport['lines'][number]['subjects'] } | undefined) =>
      Object.fromEntries(line!.subjects.map((x) => [x.subjectKey, x]));
    // 本科: 数学 4th of 100 80 80 60 30 = 60: single 100 80 60 80 → 4, double the same 4 (totals ≥ 130);
    // 语文 4th of 100 90 70 50 50 0 = 50: single 90 50 100 50 70 → 5, double 4 (s5 total 70): hit 4/5.
    expect(bySubject(base)[MATH]).toMatchObject({
      effectiveScore: 60,
      single: 4,
      double: 4,
      contribution: 1,
      hitRate: 1,
    });
    expect(bySubject(base)[CHINESE]).toMatchObject({
      effectiveScore: 50,
      single: 5,
      double: 4,
      contribution: 1,
      hitRate: 0.8,
    });
    // 重点: both effective 100; 数学 s1 single and double; 语文 s3 single, total 160 < 190 → double 0.
    expect(bySubject(key)[MATH]).toMatchObject({
      effectiveScore: 100,
      single: 1,
      double: 1,
      contribution: 1,
      hitRate: 1,
    });
    expect(bySubject(key)[CHINESE]).toMatchObject({
      effectiveScore: 100,
      single: 1,
      double: 0,
      contribution: 0,
      hitRate: 0,
    });
    // 本科 per class: (1) 3 on the line, every subject 3/3; (2) s4 only; 语文 single s4 s5, double s4.
    const [one, two] = base!.units;
    expect(one).toMatchObject({ count: 3, onLine: 3 });
    expect(two).toMatchObject({ count: 3, onLine: 1 });
    expect(bySubject(two)[CHINESE]).toMatchObject({ single: 2, double: 1, hitRate: 0.5, contribution: 1 });
  });

  it('subjects: difficulty, full-mark-weighted discrimination, α, contribution (mean version)', async () => {
    const r = await doc<SubjectsReport>('subjects', '0', 'grade');
    const math = r.subjects.find((x) => x.subject.subjectKey === MATH)!;
    const chinese = r.subjects.find((x) => x.subject.subjectKey === CHINESE)!;
    expect(math.difficulty).toBe(0.7);
    // Σ Fᵢ·Dᵢ / Σ Fᵢ over Q1 (20, D 1), Q2 (40, D 0.25), Q3 (40, D 0.375): (20 + 10 + 15) / 100, not the
    // plain mean 0.5417.
    close(math.discrimination, (20 * 1 + 40 * 0.25 + 40 * 0.375) / 100);
    close(math.alpha, 1.5 * (1 - 312 / 560));
    // 贡献率 = mean / Σ means: 70/130 and 60/130.
    close(math.contribution, 70 / 130);
    close(chinese.contribution, 60 / 130);
    expect(chinese.summary).toMatchObject({ count: 6, absent: 0, mean: 60, min: 0 });
  });

  it('attention: 临界生 by the exam rule, 偏科, no previous exam', async () => {
    const r = await doc<AttentionReport>('attention', '0', 'grade');
    expect(r.rule).toEqual({ mode: 'score', below: 50, above: 40, rankBand: 20 });
    // The line rank L of the total: rate lines, so ⌈p·N⌉: ⌈0.15·6⌉ = 1 and ⌈0.5·6⌉ = 3 (M = 4 on the 130 line).
    expect(r.lines.map((l) => l.lineRank)).toEqual([1, 3]);
    // 190: [140, 230) → s1 190 above, s3 160 below. 130: [80, 170) → s3 160, s2 130, s4 130 above.
    const who = (line: number) => r.lines[line]!.students.map((x) => [x.studentId, x.side, x.gap]);
    expect(who(0)).toEqual([
      [ids[0], 'above', 0],
      [ids[2], 'below', -30],
    ]);
    expect(who(1)).toEqual([
      [ids[2], 'above', 30],
      [ids[1], 'above', 0],
      [ids[3], 'above', 0],
    ]);
    // 偏科: s3 Z 数学 −10/σ, 语文 40/σ; spread = SD of the two = half their difference (≥ 1 apart).
    const zMath = -10 / SD_MATH;
    const zChinese = 40 / SD_CHINESE;
    expect(r.imbalanced.map((x) => [x.studentId, x.weakest, x.strongest])).toEqual([[ids[2], MATH, CHINESE]]);
    close(r.imbalanced[0]!.spread, (zChinese - zMath) / 2);
    close(r.imbalanced[0]!.weakestZ, zMath);
    expect(r).toMatchObject({ previousExam: null, movers: [] });
    // 数学: band scaled by 100/200 → [line − 25, line + 20) around the effective scores 100 and 60.
    const m = await doc<AttentionReport>('attention', MATH, 'grade');
    expect(m.rule).toMatchObject({ below: 25, above: 20 });
    // A course's effective score is its M-th score, so its line rank is M: 1 and 4.
    expect(m.lines.map((l) => l.lineRank)).toEqual([1, 4]);
    expect(m.lines.map((l) => l.students.map((x) => [x.studentId, x.side]))).toEqual([
      [
        [ids[0], 'above'],
        [ids[1], 'below'],
        [ids[3], 'below'],
      ],
      [[ids[2], 'above']],
    ]);
  });

  it('levels: grade-rank bands per class', async () => {
    const r = await doc<LevelsReport>('levels', '0', 'grade');
    // rank/6: s1 1/6 → 10–30 %; s3 2/6, s2 s4 3/6 → 30–50 %; s5 5/6, s6 6/6 → 70–100 %.
    expect(r.units.map((u) => u.counts)).toEqual([
      [0, 1, 2, 0, 0],
      [0, 0, 1, 0, 2],
    ]);
    expect(r.previousExam).toBeNull();
    expect(r.units.map((u) => u.previousCounts)).toEqual([null, null]);
  });
});

describe('student rows', () => {
  it('ranks, PR, share beaten, Z and T of the total; class and dense ranks', async () => {
    // Totals 190 130 160 130 70 30: ranks 1 3 2 3 5 6, dense 1 3 2 3 4 5; PR (below + ½ equal)/6.
    const rows = await Promise.all([0, 1, 2, 3, 4, 5].map(student));
    expect(rows.map((r) => r.subjects['0']!.gradeRank)).toEqual([1, 3, 2, 3, 5, 6]);
    expect(rows.map((r) => r.subjects['0']!.gradeDenseRank)).toEqual([1, 3, 2, 3, 4, 5]);
    expect(rows.map((r) => r.subjects['0']!.classRank)).toEqual([1, 3, 2, 1, 2, 3]);
    const pr = [5.5, 2 + 1, 4.5, 3, 1.5, 0.5].map((x) => x / 6);
    for (const [i, r] of rows.entries()) close(r.subjects['0']!.pr, pr[i]!);
    expect(rows.map((r) => r.subjects['0']!.beat)).toEqual(
      [5 / 6, 2 / 6, 4 / 6, 2 / 6, 1 / 6, 0].map((x) => expect.closeTo(x, 9)),
    );
    close(rows[0]!.subjects['0']!.z, (190 - MEAN_TOTAL) / SD_TOTAL);
    close(rows[0]!.subjects['0']!.t, 50 + (10 * (190 - MEAN_TOTAL)) / SD_TOTAL);
    expect(rows[0]).toMatchObject({ name: '学生1-1', studentNo: '20240101', className: '八年级(1)班', progress: null });
  });

  it('an absentee has no figures in that course but a total of what she sat; levels by the 3+1+2 scheme', async () => {
    const s5 = await student(4);
    expect(s5.subjects[MATH]).toEqual({
      score: null,
      classRank: null,
      gradeRank: null,
      unionRank: null,
      classDenseRank: null,
      gradeDenseRank: null,
      pr: null,
      beat: null,
      z: null,
      t: null,
      level: null,
      levelScore: null,
    });
    expect(s5.subjects['0']).toMatchObject({ score: 70, gradeRank: 5, level: null });
    expect(s5.imbalance).toBeNull();
    // 数学 rank/5: s1 0.2 and s2 s4 0.4 → B (≤ 0.5); s3 0.8 → C; s6 1.0 → E (past D's 0.98).
    // B: Y 80…100 → [71, 85]: s1 85, s2 s4 71. C alone → 70. E alone → 40.
    const levels = await Promise.all([0, 1, 2, 3, 5].map(student));
    expect(levels.map((r) => [r.subjects[MATH]!.level, r.subjects[MATH]!.levelScore])).toEqual([
      ['B', 85],
      ['B', 71],
      ['C', 70],
      ['B', 71],
      ['E', 40],
    ]);
    // 语文 s1 90 in B with 70…100: 71 + 14·20/30 = 80.33 → 80.
    expect(levels[0]!.subjects[CHINESE]).toMatchObject({ level: 'B', levelScore: 80 });
    expect(levels[2]!.imbalance).toMatchObject({ weakest: MATH, strongest: CHINESE, flagged: true });
  });
});
