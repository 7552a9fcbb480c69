import { describe, expect, it } from 'vitest';
import { isDoubleMarked } from './double-share.ts';
import { finalScore } from './paper-state.ts';
import { roundFinal, type ScoreStep } from './points.ts';
import { randomInt, seededRandom } from './test-random.ts';

const steps: ScoreStep[] = [1, 0.5];

describe('roundFinal (seeded properties)', () => {
  it('lands on the step or the full marks, within [0, full marks], within half a step of any value inside', () => {
    const random = seededRandom(20261126);
    for (let run = 0; run < 5000; run++) {
      const step = steps[run % 2]!;
      const fullMarks = randomInt(random, 1, 60) / 2;
      const points = randomInt(random, -2000, 8000) / 100;
      const final = roundFinal(points, step, fullMarks);
      expect(final).toBeGreaterThanOrEqual(0);
      expect(final).toBeLessThanOrEqual(fullMarks);
      expect(Number.isInteger(final / step) || final === fullMarks).toBe(true);
      if (points >= 0 && points <= fullMarks) expect(Math.abs(final - points)).toBeLessThanOrEqual(step / 2);
      if (points < 0) expect(final).toBe(0);
      if (points > fullMarks) expect(final).toBe(fullMarks);
      // Idempotent: a final rounds to itself.
      expect(roundFinal(final, step, fullMarks)).toBe(final);
    }
  });

  it('rounds ties up and is monotone', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 2000; run++) {
      const step = steps[run % 2]!;
      const whole = randomInt(random, 0, 38);
      const tie = whole * step + step / 2;
      expect(roundFinal(tie, step, 20)).toBe(Math.min(20, (whole + 1) * step));
      const low = randomInt(random, 0, 2000) / 100;
      const high = low + randomInt(random, 0, 500) / 100;
      expect(roundFinal(low, step, 20)).toBeLessThanOrEqual(roundFinal(high, step, 20));
    }
  });

  it('agrees with the exact integer rule the final scores use', () => {
    // finalScore works in hundredths; roundFinal works on any number: they must give the same mean.
    const random = seededRandom(99);
    for (let run = 0; run < 3000; run++) {
      const step = steps[run % 2]!;
      const fullMarks = randomInt(random, 1, 30);
      const a = randomInt(random, 0, fullMarks / step) * step;
      const b = randomInt(random, 0, fullMarks / step) * step;
      const result = finalScore({ fullMarks, step, tolerance: fullMarks }, { first: a, second: b });
      expect(result).toEqual({ kind: 'final', score: roundFinal((a + b) / 2, step, fullMarks), via: 'double' });
    }
  });

  it('keeps every 三评 final between a and b when c is near one of them', () => {
    const random = seededRandom(31337);
    for (let run = 0; run < 3000; run++) {
      const step = steps[run % 2]!;
      const tolerance = randomInt(random, 0, 4) * step;
      const units = 20 / step;
      const [a, b, c] = [0, 0, 0].map(() => randomInt(random, 0, units) * step) as [number, number, number];
      const result = finalScore({ fullMarks: 20, step, tolerance }, { first: a, second: b, third: c });
      if (Math.abs(a - b) <= tolerance) {
        expect(result.kind).toBe('final');
      } else if (Math.abs(c - a) <= tolerance || Math.abs(c - b) <= tolerance) {
        expect(result.kind).toBe('final');
        if (result.kind !== 'final') continue;
        // The mean of c and its closer neighbour, rounded: never further than T/2 + a half step from c.
        expect(Math.abs(result.score - c)).toBeLessThanOrEqual(tolerance / 2 + step / 2);
      } else {
        expect(result).toEqual({ kind: 'needs-arbitration', first: a, second: b, third: c });
      }
    }
  });
});

describe('isDoubleMarked (双评比例, seeded properties)', () => {
  const papers = Array.from({ length: 20000 }, (_, index) => `paper-${index + 1}`);

  it.each([1, 10, 30, 50, 73, 99])('chooses %i %% of 20,000 papers within 1 point', (share) => {
    for (const seed of ['题块-1', '题块-2']) {
      const chosen = papers.filter((paperId) => isDoubleMarked(seed, paperId, share)).length;
      expect(Math.abs(chosen / papers.length - share / 100)).toBeLessThan(0.01);
    }
  });

  it('chooses within tolerance among numeric ids too (the database’s serials)', () => {
    const ids = Array.from({ length: 20000 }, (_, index) => String(100000 + index));
    const chosen = ids.filter((paperId) => isDoubleMarked('exam-9', paperId, 25)).length;
    expect(Math.abs(chosen / ids.length - 0.25)).toBeLessThan(0.01);
  });

  it('is stable, and raising the share only adds papers', () => {
    const random = seededRandom(4242);
    for (let run = 0; run < 2000; run++) {
      const paperId = `p${randomInt(random, 1, 1e9)}`;
      const low = randomInt(random, 0, 100);
      const high = randomInt(random, low, 100);
      expect(isDoubleMarked('s', paperId, low)).toBe(isDoubleMarked('s', paperId, low));
      if (isDoubleMarked('s', paperId, low)) expect(isDoubleMarked('s', paperId, high)).toBe(true);
    }
  });

  it('takes every paper at 100 % and none at 0 %', () => {
    expect(papers.every((paperId) => isDoubleMarked('x', paperId, 100))).toBe(true);
    expect(papers.some((paperId) => isDoubleMarked('x', paperId, 0))).toBe(false);
  });

  it('chooses differently under another seed', () => {
    const first = papers.slice(0, 2000).filter((paperId) => isDoubleMarked('a', paperId, 50));
    const second = new Set(papers.slice(0, 2000).filter((paperId) => isDoubleMarked('b', paperId, 50)));
    const shared = first.filter((paperId) => second.has(paperId)).length;
    // Independent halves overlap in about a quarter of the papers, not all of them.
    expect(shared / 2000).toBeGreaterThan(0.2);
    expect(shared / 2000).toBeLessThan(0.3);
  });

  it.each([-1, 101, 12.5, Number.NaN])('refuses a share of %s', (share) => {
    expect(() => isDoubleMarked('s', 'p', share)).toThrow('双评比例必须是 0 到 100 之间的整数');
  });
});
