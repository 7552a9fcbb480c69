// The math tree latex-math.ts reads formulas into: one node per Word equation object (OMML), so
// word-math.ts writes each node as one element. Pure.

export type MathNode =
  /** Letters, digits and operators. `upright` for function names and Chinese inside a formula. */
  | { kind: 'run'; text: string; upright?: boolean }
  /** \text{…}: ordinary text inside the formula. */
  | { kind: 'text'; text: string }
  | { kind: 'frac'; numerator: MathNode[]; denominator: MathNode[] }
  | { kind: 'script'; base: MathNode[]; sub?: MathNode[]; sup?: MathNode[] }
  | { kind: 'sqrt'; body: MathNode[]; degree?: MathNode[] }
  /** Stretching delimiters (\left … \right); '' for an invisible one. */
  | { kind: 'fenced'; open: string; close: string; body: MathNode[] }
  /** ∑, ∫, ∏, ⋃… with their limits and the expression they apply to. */
  | { kind: 'nary'; operator: string; sub?: MathNode[]; sup?: MathNode[]; body: MathNode[] }
  /** An accent over a letter or group: \vec, \hat, \bar… (`char` is the combining mark). */
  | { kind: 'accent'; char: string; body: MathNode[] }
  /** \overline (a bar over) and \underline. */
  | { kind: 'bar'; position: 'top' | 'bottom'; body: MathNode[] }
  /**
   * A character stretched over or under a group: \overrightarrow{AB} (vectors in Chinese
   * textbooks), \underbrace, \overbrace; \xrightarrow{text} is the text with the arrow under it.
   */
  | { kind: 'groupChar'; char: string; position: 'top' | 'bottom'; body: MathNode[] }
  /** A limit written over or under its base: \underbrace{…}_{n}, \stackrel{△}{=}, \underset. */
  | { kind: 'limit'; position: 'top' | 'bottom'; body: MathNode[]; limit: MathNode[] }
  /** \boxed{…}: a frame round the group. */
  | { kind: 'box'; body: MathNode[] }
  /** \begin{cases}: rows stacked behind a left brace (systems of equations, 方程组). */
  | { kind: 'cases'; rows: MathNode[][] }
  /** array, matrix, aligned…: cells in rows, each column aligned left, centred or right. */
  | { kind: 'matrix'; columns: ('left' | 'center' | 'right')[]; rows: MathNode[][][] };

export class UnsupportedLatex extends Error {
  constructor(readonly construct: string) {
    super(`不支持的公式写法：${construct}`);
    this.name = 'UnsupportedLatex';
  }
}

/** Adjacent plain runs become one (x+1 is one Word run, as Word writes it). */
export function mergeRuns(nodes: MathNode[]): MathNode[] {
  const merged: MathNode[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.kind === 'run' && last?.kind === 'run' && Boolean(node.upright) === Boolean(last.upright)) {
      merged[merged.length - 1] = { kind: 'run', text: last.text + node.text };
    } else if (node.kind === 'text' && last?.kind === 'text') {
      merged[merged.length - 1] = { kind: 'text', text: last.text + node.text };
    } else {
      merged.push(node);
    }
  }
  return merged;
}

/** A number (`3.14`) is one char token, so `90^\\circ` raises the whole 90. */
export type Token = { type: 'command'; name: string } | { type: 'char'; char: string } | { type: 'space' };

export const isChar = (token: Token | undefined, char: string) => token?.type === 'char' && token.char === char;
export const isCommand = (token: Token | undefined, name: string) => token?.type === 'command' && token.name === name;
