import { allowedLetters, normaliseChoice, scoreObjective } from '@huikao/stats';
import { describe, expect, it } from 'vitest';
import { buildPaper, COURSE_LAYOUTS, paperFullMark } from './demo-exam-papers.ts';
import { TERM_TOPICS } from './demo-exam-topics.ts';
import { abilities, type DemoStudent, probability, type Response, randomFor, sitExam } from './demo-irt.ts';

// The demo exams' item-response model: deterministic, and shaped like real results.

const students: DemoStudent[] = Array.from({ length: 600 }, (_, i) => ({ key: `S${i}`, classIndex: i % 6 }));
const OFFSETS = [0.4, -0.4, 0.2, -0.2, 0, 0.1];
const COURSES = ['数学', '物理', '语文'];
const theta = abilities('test-year', students, COURSES, { classOffsets: OFFSETS });
const mathPaper = buildPaper(randomFor('paper|数学'), '数学', 8, [0, 0.6]);
const physicsPaper = buildPaper(randomFor('paper|物理'), '物理', 8, [0, 0.6]);
const questionsOf = (paper: typeof mathPaper) => paper.flatMap((g) => g.questions);
const thetasFor = (course: string) => students.map((s) => ({ key: s.key, theta: theta.get(s.key)!.get(course)! }));

function scoreOf(q: ReturnType<typeof questionsOf>[number], r: Response): number {
  if ('score' in r) return r.score;
  return scoreObjective(
    { objectiveType: q.objectiveType!, answer: q.answer, fullMark: q.fullMark, partialMark: q.partialMark },
    r.choice,
  );
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function correlation(xs: number[], ys: number[]): number {
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe('demo item-response model', () => {
  const questions = questionsOf(mathPaper);
  const sittings = sitExam('test|数学', thetasFor('数学'), questions);
  const present = sittings.filter((s) => !s.absent);
  const scores = present.map((s) => s.responses.map((r, n) => scoreOf(questions[n]!, r)));
  const totals = scores.map((row) => row.reduce((a, b) => a + b, 0));

  it('gives the same answers for the same seed and different ones for another', () => {
    expect(sitExam('test|数学', thetasFor('数学'), questions)).toEqual(sittings);
    expect(buildPaper(randomFor('paper|数学'), '数学', 8, [0, 0.6])).toEqual(mathPaper);
    expect(sitExam('test|数学|2', thetasFor('数学'), questions)).not.toEqual(sittings);
    expect(abilities('test-year', students, COURSES, { classOffsets: OFFSETS })).toEqual(theta);
  });

  it('follows the 2PL curve', () => {
    expect(probability(0, 1, 0)).toBe(0.5);
    expect(probability(2, 1.5, 0)).toBeGreaterThan(0.95);
    expect(probability(-1, 1.2, 1)).toBeLessThan(0.1);
  });

  it('has easy and hard questions: mean score ratios above 0.85 and below 0.4', () => {
    const ratios = questions.map((q, n) => mean(scores.map((row) => row[n]!)) / q.fullMark);
    expect(ratios.some((r) => r > 0.85)).toBe(true);
    expect(ratios.some((r) => r < 0.4)).toBe(true);
    expect(Math.max(...ratios) - Math.min(...ratios)).toBeGreaterThan(0.5);
  });

  it('scores higher-ability students higher on average', () => {
    const abilityOf = present.map((s) => theta.get(s.key)!.get('数学')!);
    expect(correlation(abilityOf, totals)).toBeGreaterThan(0.7);
    const order = abilityOf.map((t, i) => [t, totals[i]!] as const).sort((a, b) => a[0] - b[0]);
    const quarter = Math.floor(order.length / 4);
    const bottom = mean(order.slice(0, quarter).map((p) => p[1]));
    const top = mean(order.slice(-quarter).map((p) => p[1]));
    expect(top - bottom).toBeGreaterThan(30);
  });

  it('has a positive item–total correlation for every question', () => {
    const rest = questions.map((_, n) =>
      correlation(
        scores.map((row) => row[n]!),
        totals.map((t, i) => t - scores[i]![n]!),
      ),
    );
    for (const r of rest) expect(r).toBeGreaterThan(0);
    expect(mean(rest)).toBeGreaterThan(0.3);
  });

  it('writes only what a real entry accepts: allowed letters, marks within the step and full mark', () => {
    for (const [paper, course] of [
      [mathPaper, '数学'],
      [physicsPaper, '物理'],
    ] as const) {
      const qs = questionsOf(paper);
      for (const sitting of sitExam(`valid|${course}`, thetasFor(course), qs)) {
        sitting.responses.forEach((r, n) => {
          const q = qs[n]!;
          if ('choice' in r) {
            expect(q.kind).toBe(1);
            expect(normaliseChoice(q.objectiveType!, q.optionCount, r.choice)).toEqual({ choice: r.choice });
            expect(r.choice.split('').every((l) => allowedLetters(q.objectiveType!, q.optionCount).includes(l))).toBe(
              true,
            );
          } else {
            expect(q.kind).toBe(2);
            expect(r.score).toBeGreaterThanOrEqual(0);
            expect(r.score).toBeLessThanOrEqual(q.fullMark);
            expect(Number.isInteger(r.score / q.step)).toBe(true);
          }
        });
      }
    }
  });

  it('gives 多选 full, partial and zero marks, and wrong single choices favour the popular distractor', () => {
    const qs = questionsOf(physicsPaper);
    const multi = qs.findIndex((q) => q.objectiveType === 2);
    const physics = sitExam('multi|物理', thetasFor('物理'), qs).filter((s) => !s.absent);
    const marks = new Set(physics.map((s) => scoreOf(qs[multi]!, s.responses[multi]!)));
    expect([...marks].sort()).toEqual([0, qs[multi]!.partialMark, qs[multi]!.fullMark].sort());

    const single = questions.findIndex((q) => q.objectiveType === 1);
    const wrong = present
      .map((s) => (s.responses[single] as { choice: string }).choice)
      .filter((c) => c !== questions[single]!.answer);
    const popular = wrong.filter((c) => c === questions[single]!.popular).length;
    expect(popular / wrong.length).toBeGreaterThan(0.45);
  });

  it('has a few absentees, never the students kept present', () => {
    const keep = new Set(students.slice(0, 300).map((s) => s.key));
    const all = COURSES.flatMap((course) => {
      const layout = course === '物理' ? physicsPaper : mathPaper;
      return sitExam(`absent|${course}`, thetasFor(course), questionsOf(layout), { present: keep });
    });
    const absent = all.filter((s) => s.absent);
    expect(absent.length).toBeGreaterThan(0);
    expect(absent.length / all.length).toBeLessThan(0.02);
    expect(absent.some((s) => keep.has(s.key))).toBe(false);
    expect(absent.every((s) => s.responses.length === 0)).toBe(true);
  });

  it('separates classes and correlates courses without making them identical', () => {
    const byClass = (c: number) =>
      mean(students.filter((s) => s.classIndex === c).map((s) => theta.get(s.key)!.get('数学')!));
    expect(byClass(0) - byClass(1)).toBeGreaterThan(0.4);
    const math = students.map((s) => theta.get(s.key)!.get('数学')!);
    const chinese = students.map((s) => theta.get(s.key)!.get('语文')!);
    const r = correlation(math, chinese);
    expect(r).toBeGreaterThan(0.4);
    expect(r).toBeLessThan(0.9);
  });
});

describe('demo exam papers', () => {
  it.each(Object.entries(COURSE_LAYOUTS))(
    '%s: the questions add up to the full mark, with knowledge points',
    (course, layout) => {
      const grade = course === '化学' ? 9 : 8;
      const paper = buildPaper(randomFor(course), course, grade, [0, 1]);
      expect(paperFullMark(paper)).toBe(layout.fullMark);
      const qs = questionsOf(paper);
      expect(new Set(qs.map((q) => q.questionNo)).size).toBe(qs.length);
      for (const q of qs) {
        expect(q.knowledgePoints.length).toBeGreaterThan(0);
        if (q.kind === 1) expect(q.answer).toMatch(q.objectiveType === 3 ? /^[TF]$/ : /^[A-H]+$/);
      }
    },
  );

  it('numbers sub-questions 19(1), 19(2) and draws maths knowledge points from the term taught', () => {
    const qs = questionsOf(mathPaper);
    expect(qs.map((q) => q.questionNo)).toContain('17(1)');
    expect(qs.filter((q) => q.objectiveType === 1)).toHaveLength(10);
    const all = TERM_TOPICS.数学![8]!;
    const taught = all.slice(0, Math.ceil(0.6 * all.length));
    for (const q of qs) for (const kp of q.knowledgePoints) expect(taught).toContain(kp);
  });
});
