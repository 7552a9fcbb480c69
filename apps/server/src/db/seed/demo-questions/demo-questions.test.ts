import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { DemoCourseBank, DemoQuestion, DemoTreeNode } from './format.ts';
import { DEMO_QUESTION_BANKS } from './index.ts';

// The team's own demo bank (issue #6 item 2): enough original questions, trees the tags point into,
// well-formed answers, and formulas that KaTeX renders.

const SEP = ' > ';

/** Every path of a tree, from a root down to each node, joined by ' > '. */
const paths = (nodes: DemoTreeNode[], prefix = ''): string[] =>
  nodes.flatMap((n) => {
    const path = prefix ? `${prefix}${SEP}${n.name}` : n.name;
    return [path, ...paths(n.children ?? [], path)];
  });

const depth = (nodes: DemoTreeNode[]): number =>
  nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depth(n.children ?? [])));

const texts = (q: DemoQuestion): string[] => [q.stem, ...(q.options ?? []), q.answer, q.explanation];

/** The $…$ fragments of a text (no escaped dollars are used in the bank). */
const mathOf = (text: string): string[] => {
  const parts = text.split('$');
  return parts.filter((_, i) => i % 2 === 1);
};

const CHOICE = new Set(['单选题', '多选题']);
const all = DEMO_QUESTION_BANKS.flatMap((b) => b.questions.map((q) => ({ bank: b, q })));

/** KaTeX from the repository's node_modules when it is installed there; the check is skipped otherwise. */
type Katex = { renderToString: (tex: string, options: Record<string, unknown>) => string };
const katex: Katex | undefined = (() => {
  const require = createRequire(import.meta.url);
  try {
    const resolved = require.resolve('katex');
    return existsSync(resolved) ? (require(resolved) as Katex) : undefined;
  } catch {
    return undefined;
  }
})();

describe('demo question bank', () => {
  it('has at least 150 questions over at least five courses', () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    const courses = new Set(DEMO_QUESTION_BANKS.map((b) => b.course));
    expect(courses.size).toBe(DEMO_QUESTION_BANKS.length);
    expect(courses.size).toBeGreaterThanOrEqual(5);
    // The bank's floor per course: maths 45, physics 30, the others 25.
    const floor: Partial<Record<string, number>> = { 数学: 45, 物理: 30 };
    for (const b of DEMO_QUESTION_BANKS)
      expect(b.questions.length, b.course).toBeGreaterThanOrEqual(floor[b.course] ?? 25);
  });

  it('keeps keys unique across the bank', () => {
    const keys = all.map(({ q }) => q.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(DEMO_QUESTION_BANKS.map((b) => [b.course, b] as const))(
    '%s: trees of 2–3 levels, 15–40 knowledge points, unique names among siblings',
    (_, bank: DemoCourseBank) => {
      const kp = paths(bank.knowledgeTree);
      expect(kp.length).toBeGreaterThanOrEqual(15);
      expect(kp.length).toBeLessThanOrEqual(40);
      expect(depth(bank.knowledgeTree)).toBeGreaterThanOrEqual(2);
      expect(depth(bank.knowledgeTree)).toBeLessThanOrEqual(3);
      expect(new Set(kp).size).toBe(kp.length);
      const chapters = paths(bank.textbook.volumes);
      expect(new Set(chapters).size).toBe(chapters.length);
      expect(bank.textbook.edition).toBe('人教版');
      for (const name of [...kp, ...chapters])
        expect(name.split(SEP).every((part) => part.trim() === part && part !== '')).toBe(true);
    },
  );

  it.each(DEMO_QUESTION_BANKS.map((b) => [b.course, b] as const))(
    '%s: every tag names a node of its trees, and every difficulty is used',
    (_, bank: DemoCourseBank) => {
      const kp = new Set(paths(bank.knowledgeTree));
      const chapters = new Set(paths(bank.textbook.volumes));
      for (const q of bank.questions) {
        expect(q.knowledgePoints.length, q.key).toBeGreaterThanOrEqual(1);
        expect(q.knowledgePoints.length, q.key).toBeLessThanOrEqual(3);
        for (const p of q.knowledgePoints) expect(kp.has(p), `${q.key}: ${p}`).toBe(true);
        expect(q.chapters.length, q.key).toBeGreaterThanOrEqual(1);
        for (const c of q.chapters) {
          expect(chapters.has(c), `${q.key}: ${c}`).toBe(true);
          // volume > chapter > section: a question hangs on a section, not on a whole volume.
          expect(c.split(SEP).length, `${q.key}: ${c}`).toBe(3);
        }
      }
      expect(new Set(bank.questions.map((q) => q.difficulty))).toEqual(new Set([1, 2, 3, 4, 5]));
    },
  );

  it('uses every grade, years 2021–2026, and several areas and paper types', () => {
    expect(new Set(all.map(({ q }) => q.grade))).toEqual(new Set([7, 8, 9]));
    for (const { q } of all) {
      expect(q.year, q.key).toBeGreaterThanOrEqual(2021);
      expect(q.year, q.key).toBeLessThanOrEqual(2026);
      expect(q.area, q.key).not.toBe('');
      expect(q.paperType, q.key).not.toBe('');
      expect(q.stem.trim(), q.key).not.toBe('');
      expect(q.answer.trim(), q.key).not.toBe('');
      expect(q.explanation.trim(), q.key).not.toBe('');
    }
    expect(new Set(all.map(({ q }) => q.year)).size).toBe(6);
    expect(new Set(all.map(({ q }) => q.area)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map(({ q }) => q.paperType)).size).toBeGreaterThanOrEqual(4);
  });

  it('gives choice questions four options and letter answers within range', () => {
    for (const { q } of all) {
      if (CHOICE.has(q.type)) {
        expect(q.options?.length, q.key).toBe(4);
        for (const o of q.options ?? []) expect(o.trim(), q.key).not.toBe('');
        const letters = 'ABCD'.slice(0, q.options?.length ?? 0);
        const pattern = q.type === '单选题' ? new RegExp(`^[${letters}]$`) : new RegExp(`^[${letters}]{2,}$`);
        expect(q.answer, q.key).toMatch(pattern);
        // letters in order, none twice
        expect([...q.answer].sort().join(''), q.key).toBe(q.answer);
        expect(new Set(q.answer).size, q.key).toBe(q.answer.length);
      } else {
        expect(q.options, q.key).toBeUndefined();
      }
      if (q.type === '判断题') expect(q.answer, q.key).toMatch(/^[TF]$/);
    }
  });

  it('balances every $ and keeps LaTeX backslashes (no control characters from a lost escape)', () => {
    // A command written with one backslash in a TS string loses it ('\f' is a form feed, '\a' just 'a').
    const lost =
      /(?<![\\A-Za-z])(frac|dfrac|sqrt|times|div|cdot|angle|circ|mathrm|text|triangle|cong|parallel|perp|pm|le|ge|ne|pi|sin|cos|tan|begin|end|left|right|dot|odot|backsim|Delta|rho|Omega|eta)(?![A-Za-z])/;
    for (const { q } of all) {
      for (const t of texts(q)) {
        expect(/[\t\f\b\v\r]/.test(t), `${q.key}: ${JSON.stringify(t)}`).toBe(false);
        expect((t.match(/\$/g) ?? []).length % 2, `${q.key}: ${t}`).toBe(0);
        for (const m of mathOf(t)) {
          expect(m.trim(), `${q.key}: empty $$ in ${t}`).not.toBe('');
          expect(lost.test(m), `${q.key}: $${m}$`).toBe(false);
        }
      }
    }
  });

  it.skipIf(!katex)('renders every formula with KaTeX', () => {
    const failures: string[] = [];
    for (const { q } of all) {
      for (const t of texts(q)) {
        for (const m of mathOf(t)) {
          try {
            katex!.renderToString(m, { throwOnError: true, strict: 'error' });
          } catch (e) {
            failures.push(`${q.key}: $${m}$ — ${(e as Error).message}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
