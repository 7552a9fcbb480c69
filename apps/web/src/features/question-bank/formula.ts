// Question text's formulas: one rule for the web's KaTeX and the Word export, in contracts
// (splitFormulaText: `$…$` inline, `$$…$$` display, `\$` a literal dollar, a lone `$` stays text).
import { type FormulaSegment, splitFormulaText } from '@huikao/contracts';

export type { FormulaSegment };
export const splitFormula = splitFormulaText;

/** The text back from its segments (the inverse of splitFormula for well-formed input). */
export function joinFormula(segments: readonly FormulaSegment[]): string {
  return segments
    .map((s) => (s.kind === 'text' ? s.text.replaceAll('$', '\\$') : s.display ? `$$${s.tex}$$` : `$${s.tex}$`))
    .join('');
}
