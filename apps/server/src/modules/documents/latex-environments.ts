import { isChar, isCommand, type MathNode, mergeRuns, type Token, UnsupportedLatex } from './latex-tree.ts';

// \begin{…} … \end{…}: systems of equations (cases), arrays, matrices and aligned equations, read
// into rows of cells. Word draws them as an equation array behind a brace (cases) or as a matrix
// whose columns keep the alignment LaTeX gives them. Arrays with rules (`|`, \hline) are refused:
// a Word matrix has no lines, so the export draws those as a picture.

/** What an environment needs of the parser. */
export interface EnvironmentReader {
  peek(): Token | undefined;
  /** Consumes the next token that is not whitespace. */
  take(): Token | undefined;
  rawArgument(): string;
  sequence(stop: (token: Token) => boolean): MathNode[];
}

type Align = 'left' | 'center' | 'right';
const ALIGN: Record<string, Align> = { l: 'left', c: 'center', r: 'right' };

const FENCES: Record<string, [string, string]> = {
  pmatrix: ['(', ')'],
  bmatrix: ['[', ']'],
  Bmatrix: ['{', '}'],
  vmatrix: ['|', '|'],
  Vmatrix: ['‖', '‖'],
};
const CENTRED = new Set(['matrix', 'smallmatrix', 'gathered', 'gather', 'gather*', ...Object.keys(FENCES)]);
const ALIGNED = new Set(['aligned', 'align', 'align*', 'split', 'alignat', 'alignat*', 'alignedat']);

export function readEnvironment(reader: EnvironmentReader, name: string): MathNode {
  if (name === 'cases' || name === 'dcases') {
    // The condition after & stands a quad apart from the equation, as LaTeX prints it.
    const rows = readRows(reader, name).map((cells) =>
      mergeRuns(cells.flatMap((cell, i) => (i > 0 ? [{ kind: 'run', text: '\u2003' } as MathNode, ...cell] : cell))),
    );
    return { kind: 'cases', rows };
  }
  if (name === 'rcases') return { kind: 'fenced', open: '', close: '}', body: [matrix(readRows(reader, name), [])] };
  if (name === 'array' || name === 'darray') {
    const columns = columnSpec(reader.rawArgument());
    return matrix(readRows(reader, name), columns);
  }
  if (name.startsWith('alignat') || name === 'alignedat') reader.rawArgument(); // the number of columns
  if (CENTRED.has(name)) {
    const body = matrix(readRows(reader, name), []);
    const fence = FENCES[name];
    return fence ? { kind: 'fenced', open: fence[0], close: fence[1], body: [body] } : body;
  }
  if (ALIGNED.has(name)) return matrix(readRows(reader, name), [], ['right', 'left']);
  if (name === 'eqnarray' || name === 'eqnarray*') return matrix(readRows(reader, name), ['right', 'center', 'left']);
  throw new UnsupportedLatex(`\\begin{${name}}`);
}

/** `{l}`, `{lcr}`, `{*{35}{c}}`; a rule (`|`) is refused, `@{…}` spacing ignored, p{…} read as left. */
export function columnSpec(spec: string): Align[] {
  let expanded = spec.replace(/\s+/g, '');
  for (let guard = 0; /\*\{\d+\}\{[^{}]*\}/.test(expanded) && guard < 10; guard++) {
    expanded = expanded.replace(/\*\{(\d+)\}\{([^{}]*)\}/g, (_, n: string, s: string) =>
      s.repeat(Math.min(Number(n), 64)),
    );
  }
  expanded = expanded.replace(/[@!]\{[^{}]*\}/g, '').replace(/[pmb]\{[^{}]*\}/g, 'l');
  if (expanded.includes('|')) throw new UnsupportedLatex('表格线 |');
  const columns: Align[] = [];
  for (const letter of expanded) {
    const align = ALIGN[letter];
    if (!align) throw new UnsupportedLatex(`列格式 ${letter}`);
    columns.push(align);
  }
  return columns;
}

/** Rows of cells up to \end{name}: cells split at &, rows at \\ (or \cr), a trailing empty row dropped. */
function readRows(reader: EnvironmentReader, name: string): MathNode[][][] {
  const rows: MathNode[][][] = [];
  let row: MathNode[][] = [];
  const stop = (t: Token) => isChar(t, '&') || isCommand(t, '\\') || isCommand(t, 'cr') || isCommand(t, 'end');
  for (;;) {
    row.push(reader.sequence(stop));
    const token = reader.take();
    if (!token) throw new UnsupportedLatex(`\\begin{${name}} 缺少 \\end{${name}}`);
    if (isChar(token, '&')) continue;
    rows.push(row);
    row = [];
    if (isCommand(token, 'end')) {
      reader.rawArgument();
      break;
    }
    if (isChar(reader.peek(), '[')) skipOptionalSpace(reader);
  }
  const last = rows.at(-1);
  if (rows.length > 1 && last?.every((cell) => cell.length === 0)) rows.pop();
  return rows;
}

/** `\\[2pt]`: extra space under a row, which Word's rows size for themselves. */
function skipOptionalSpace(reader: EnvironmentReader): void {
  for (let token = reader.take(); token && !isChar(token, ']'); token = reader.take()) {
    // the dimension's characters
  }
}

function matrix(rows: MathNode[][][], spec: Align[], repeat?: Align[]): MathNode {
  const count = Math.max(spec.length, ...rows.map((r) => r.length));
  const columns = Array.from({ length: count }, (_, i) => spec[i] ?? (repeat ? repeat[i % repeat.length]! : 'center'));
  const padded = rows.map((r) => [...r, ...Array.from({ length: count - r.length }, () => [] as MathNode[])]);
  return { kind: 'matrix', columns, rows: padded };
}
