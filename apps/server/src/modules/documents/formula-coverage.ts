import { splitFormulaText } from '@huikao/contracts';
import { parseLatex, UnsupportedLatex } from './latex-math.ts';
import { drawing } from './word-math.ts';

// How the export prints the formulas of a set of texts (issue #22 item 2): how many the screen's
// KaTeX renders, and of those how many become Word equations, how many pictures, how many neither
// (printed as source: the figure that must stay 0). The coverage test over the demo bank and
// bench/formula-coverage.ts over the shared bank both count with this.

export interface FormulaCoverage {
  formulas: number;
  /** Formulas the screen shows (KaTeX renders them). */
  rendered: number;
  /** Of those, built as Word equations. */
  equations: number;
  /** Of those, drawn as pictures. */
  pictures: number;
  /** Of those, printed as source: each with the construct the converter refused. */
  failed: { tex: string; construct: string }[];
  /** Why the converter refused the pictured ones, with how often. */
  pictureReasons: Map<string, number>;
}

export async function measureFormulaCoverage(
  texts: Iterable<string>,
  katexRenders: (tex: string) => boolean,
): Promise<FormulaCoverage> {
  const coverage: FormulaCoverage = {
    formulas: 0,
    rendered: 0,
    equations: 0,
    pictures: 0,
    failed: [],
    pictureReasons: new Map(),
  };
  for (const text of texts) {
    for (const segment of splitFormulaText(text)) {
      if (segment.kind !== 'math') continue;
      coverage.formulas++;
      if (!katexRenders(segment.tex)) continue;
      coverage.rendered++;
      try {
        parseLatex(segment.tex);
        coverage.equations++;
      } catch (error) {
        if (!(error instanceof UnsupportedLatex)) throw error;
        if (await (await drawing()).formulaPicture(segment.tex)) {
          coverage.pictures++;
          coverage.pictureReasons.set(error.construct, (coverage.pictureReasons.get(error.construct) ?? 0) + 1);
        } else {
          coverage.failed.push({ tex: segment.tex, construct: error.construct });
        }
      }
    }
  }
  return coverage;
}
