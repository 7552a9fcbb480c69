import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { DEMO_QUESTION_BANKS } from '../../db/seed/demo-questions/index.ts';
import { measureFormulaCoverage } from './formula-coverage.ts';

// Issue #22 item 2: every formula of the demo bank that the screen shows prints as a Word
// equation or a picture, none as its LaTeX source. bench/formula-coverage.ts reports the same
// figures over the shared bank.

const katexRenders = (tex: string) => {
  try {
    katex.renderToString(tex, { throwOnError: true, strict: false });
    return true;
  } catch {
    return false;
  }
};

const demoTexts = DEMO_QUESTION_BANKS.flatMap((bank) =>
  bank.questions.flatMap((q) => [q.stem, ...(q.options ?? []), q.answer, q.explanation]),
);

describe('formula coverage', () => {
  it('prints every formula of the demo bank that KaTeX renders as an equation or a picture', async () => {
    const coverage = await measureFormulaCoverage(demoTexts, katexRenders);
    expect(coverage.formulas).toBeGreaterThan(100);
    expect(coverage.failed).toEqual([]);
    expect(coverage.equations + coverage.pictures).toBe(coverage.rendered);
  });

  it('counts the constructs of issue #22 as equations, an array with rules as a picture, a broken formula as failed', async () => {
    const texts = [
      '解方程组 $\\left\\{\\begin{array}{l}x+y=3\\\\x-y=1\\end{array}\\right.$',
      '$2\\bigcirc 8\\square 3$，$\\underbrace{1+1}_{2}$，$\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}$',
      '$\\mathsf{A}\\bot b$，$\\boxed{7}$，$7\\bmod 3$，$\\triangle ABC\\backsim\\triangle DEF$',
      '表 $\\begin{array}{|c|c|}\\hline x&1\\\\\\hline\\end{array}$',
      '坏的 $\\frac{1}{$ 公式',
    ];
    const coverage = await measureFormulaCoverage(texts, katexRenders);
    expect(coverage).toMatchObject({ formulas: 10, rendered: 9, equations: 8, pictures: 1, failed: [] });
    expect([...coverage.pictureReasons]).toEqual([['表格线 |', 1]]);
  });
});
