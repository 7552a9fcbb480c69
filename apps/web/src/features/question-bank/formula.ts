// Splits question text into plain text and LaTeX formulas: `$…$` inline, `$$…$$` display, `\$` a
// literal dollar. A `$` without its closing partner stays text, so a stray dollar sign (a price,
// a typo in an imported question) is shown as written instead of swallowing the rest of the stem.

export type FormulaSegment = { kind: 'text'; text: string } | { kind: 'math'; tex: string; display: boolean };

/** Finds the next unescaped `delimiter` at or after `from`; -1 if none. */
function findClosing(text: string, delimiter: string, from: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(delimiter, i)) return i;
    i++;
  }
  return -1;
}

export function splitFormula(text: string): FormulaSegment[] {
  const segments: FormulaSegment[] = [];
  let buffer = '';
  const flushText = () => {
    if (buffer) segments.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\' && text[i + 1] === '$') {
      buffer += '$';
      i += 2;
      continue;
    }
    if (char !== '$') {
      buffer += char;
      i++;
      continue;
    }
    const display = text[i + 1] === '$';
    const delimiter = display ? '$$' : '$';
    const start = i + delimiter.length;
    const end = findClosing(text, delimiter, start);
    const tex = end === -1 ? '' : text.slice(start, end);
    if (end === -1 || tex.trim() === '') {
      // Unbalanced or empty: the dollar signs are text.
      buffer += delimiter;
      i = start;
      continue;
    }
    flushText();
    segments.push({ kind: 'math', tex, display });
    i = end + delimiter.length;
  }
  flushText();
  return segments;
}

/** The text back from its segments (the inverse of splitFormula for well-formed input). */
export function joinFormula(segments: readonly FormulaSegment[]): string {
  return segments
    .map((s) => (s.kind === 'text' ? s.text.replaceAll('$', '\\$') : s.display ? `$$${s.tex}$$` : `$${s.tex}$`))
    .join('');
}
