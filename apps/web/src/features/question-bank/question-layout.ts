// How a choice question's options are laid out, as printed papers do: four in a row when they are
// short, two by two when medium, one a line when long. Formula source counts less than text, since
// `\frac{1}{2}` renders narrower than it is written.

export const OPTION_LETTERS = 'ABCDEFGHIJ';

export function optionLetter(index: number): string {
  return OPTION_LETTERS[index] ?? String(index + 1);
}

/** Roughly how wide an option renders, in characters. */
export function visibleLength(text: string): number {
  const formulaFree = text.replace(/\$[^$]*\$/g, (formula) => 'x'.repeat(Math.ceil(formula.length / 3)));
  return [...formulaFree].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);
}

/** 4, 2 or 1 options a row. */
export function optionColumns(options: readonly string[]): 1 | 2 | 4 {
  if (options.some((option) => option.includes('\n'))) return 1;
  const longest = Math.max(0, ...options.map(visibleLength));
  if (longest <= 14) return 4;
  if (longest <= 34) return 2;
  return 1;
}
