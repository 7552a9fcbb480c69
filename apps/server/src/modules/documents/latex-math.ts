import { ACCENTS, ESCAPED, FRACTIONS, FUNCTIONS, SPACES, STYLE_WRAPPERS, SYMBOLS, TEXTS } from './latex-symbols.ts';

// The LaTeX of question formulas read into a small math tree that maps one to one onto Word's
// equation objects (OMML): runs, fractions, scripts, radicals, delimiters, n-ary operators,
// accents, bars and systems of equations (cases). Pure; word-math.ts turns the tree into docx
// objects. What school maths uses is covered; anything else (matrices and other environments,
// unknown commands) is refused with UnsupportedLatex, and the export then writes that formula's
// source in Cambria Math.

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
  /** ∑ and ∫ with their limits and the expression they apply to. */
  | { kind: 'nary'; operator: 'sum' | 'int'; sub?: MathNode[]; sup?: MathNode[]; body: MathNode[] }
  /** An accent over a letter or group: \vec, \hat, \bar… (`char` is the combining mark). */
  | { kind: 'accent'; char: string; body: MathNode[] }
  /** \overline (a bar over) and \underline. */
  | { kind: 'bar'; position: 'top' | 'bottom'; body: MathNode[] }
  /** \overrightarrow{AB}: an arrow over a group (vectors in Chinese textbooks). */
  | { kind: 'groupChar'; char: string; body: MathNode[] }
  /** \begin{cases}: rows stacked behind a left brace (systems of equations, 方程组). */
  | { kind: 'cases'; rows: MathNode[][] };

export class UnsupportedLatex extends Error {
  constructor(readonly construct: string) {
    super(`不支持的公式写法：${construct}`);
    this.name = 'UnsupportedLatex';
  }
}

/** A number (`3.14`) is one char token, so `90^\\circ` raises the whole 90. */
type Token = { type: 'command'; name: string } | { type: 'char'; char: string } | { type: 'space' };

function tokenize(tex: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < tex.length) {
    const char = tex[i]!;
    if (char === '\\') {
      const letters = /^[A-Za-z]+/.exec(tex.slice(i + 1));
      if (letters) {
        tokens.push({ type: 'command', name: letters[0] });
        i += 1 + letters[0].length;
      } else if (i + 1 < tex.length) {
        tokens.push({ type: 'command', name: tex[i + 1]! });
        i += 2;
      } else {
        throw new UnsupportedLatex('\\');
      }
      continue;
    }
    const number = /^\d+(?:\.\d+)?/.exec(tex.slice(i));
    if (number) {
      tokens.push({ type: 'char', char: number[0] });
      i += number[0].length;
      continue;
    }
    // Whitespace means nothing in math mode, but is kept inside \text{…}.
    tokens.push(/\s/.test(char) ? { type: 'space' } : { type: 'char', char });
    i++;
  }
  return tokens;
}

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
const OPERATOR_CHARS: Record<string, string> = { '*': '∗', "'": '′' };

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): MathNode[] {
    const nodes = this.sequence(() => false);
    if (this.position < this.tokens.length) throw new UnsupportedLatex(describe(this.tokens[this.position]!));
    return nodes;
  }

  /** The next token that is not whitespace (skipped: only \\text reads whitespace). */
  private peek(): Token | undefined {
    while (this.tokens[this.position]?.type === 'space') this.position++;
    return this.tokens[this.position];
  }

  private isChar(token: Token | undefined, char: string): boolean {
    return token?.type === 'char' && token.char === char;
  }

  private isCommand(token: Token | undefined, name: string): boolean {
    return token?.type === 'command' && token.name === name;
  }

  /** Atoms with their scripts until `stop` says so (a closing brace, \right, the end). */
  private sequence(stop: (token: Token) => boolean): MathNode[] {
    const nodes: MathNode[] = [];
    for (let token = this.peek(); token && !stop(token); token = this.peek()) {
      if (token.type === 'space') {
        this.position++;
        continue;
      }
      const atom = this.atom();
      if (atom) nodes.push(...this.withScripts(this.bracketed(nodes, atom)));
    }
    return mergeRuns(nodes);
  }

  /**
   * `(a^2)^3`: a closing bracket followed by a script takes the bracket's whole contents as the
   * script's base (removed from `before`), so the power applies to the bracket as written.
   */
  private bracketed(before: MathNode[], atom: MathNode[]): MathNode[] {
    const close = atom.length === 1 && atom[0]!.kind === 'run' ? atom[0]!.text : '';
    const open = close === ')' ? '(' : close === ']' ? '[' : '';
    const next = this.peek();
    if (!open || !(this.isChar(next, '^') || this.isChar(next, '_'))) return atom;
    let depth = 0;
    for (let i = before.length - 1; i >= 0; i--) {
      const node = before[i]!;
      if (node.kind !== 'run') continue;
      if (node.text === close) depth++;
      if (node.text === open && depth-- === 0) {
        const body = before.splice(i).slice(1);
        return [{ kind: 'fenced', open, close, body: mergeRuns(body) }];
      }
    }
    return atom;
  }

  /** A required argument: a braced group or a single token. */
  private argument(): MathNode[] {
    const token = this.peek();
    if (!token) throw new UnsupportedLatex('缺少参数');
    if (this.isChar(token, '{')) return this.group();
    if (token.type === 'char' && token.char.length > 1) {
      // `\frac12`: an argument without braces is one character, even inside a number.
      this.tokens.splice(
        this.position,
        1,
        { type: 'char', char: token.char[0]! },
        { type: 'char', char: token.char.slice(1) },
      );
    }
    const atom = this.atom();
    return atom ?? [];
  }

  private group(): MathNode[] {
    this.position++; // {
    const nodes = this.sequence((t) => this.isChar(t, '}'));
    if (!this.isChar(this.peek(), '}')) throw new UnsupportedLatex('缺少 }');
    this.position++;
    return nodes;
  }

  /** The raw text of a braced argument (\text{…}), spaces kept. */
  private rawArgument(): string {
    if (!this.isChar(this.peek(), '{')) {
      const token = this.tokens[this.position++];
      return token?.type === 'char' ? token.char : '';
    }
    this.position++;
    let depth = 1;
    let text = '';
    while (this.position < this.tokens.length) {
      const token = this.tokens[this.position++]!;
      if (this.isChar(token, '{')) depth++;
      if (this.isChar(token, '}') && --depth === 0) return text;
      if (token.type === 'space') text += ' ';
      else if (token.type === 'char') text += token.char;
      else text += SPACES[token.name] ?? (ESCAPED.has(token.name) ? token.name : '');
    }
    throw new UnsupportedLatex('缺少 }');
  }

  private withScripts(base: MathNode[]): MathNode[] {
    const { sub, sup } = this.scripts();
    if (!sub && !sup) return base;
    // The atom is one token or one braced group: in `ab^2` the 2 belongs to b, in `{ab}^2` to ab.
    const only = base.length === 1 ? base[0] : undefined;
    if (only?.kind === 'nary') return [{ ...only, sub: only.sub ?? sub, sup: only.sup ?? sup }];
    return [{ kind: 'script', base: mergeRuns(base), sub, sup }];
  }

  /** `_…` and `^…` in either order (a prime is a superscript; \\limits and \\nolimits change nothing here). */
  private scripts(): { sub?: MathNode[]; sup?: MathNode[] } {
    let sub: MathNode[] | undefined;
    let sup: MathNode[] | undefined;
    for (;;) {
      const token = this.peek();
      if (this.isChar(token, '_') && !sub) {
        this.position++;
        sub = this.argument();
      } else if (this.isChar(token, '^') && !sup) {
        this.position++;
        sup = this.argument();
      } else if (this.isChar(token, "'") && !sup) {
        this.position++;
        sup = [{ kind: 'run', text: '′' }];
      } else if (this.isCommand(token, 'limits') || this.isCommand(token, 'nolimits')) {
        this.position++;
      } else {
        return { sub, sup };
      }
    }
  }

  /** One atom (as a list: a group is several nodes), or null for what prints nothing. */
  private atom(): MathNode[] | null {
    this.peek();
    const token = this.tokens[this.position++];
    if (!token || token.type === 'space') return null;
    if (token.type === 'char') {
      const { char } = token;
      if (char === '{') {
        this.position--;
        return this.group();
      }
      if (char === '}') throw new UnsupportedLatex('多余的 }');
      if (char === '^' || char === '_') {
        // A script with no base (`^2`): an empty base, as LaTeX does.
        this.position--;
        return [];
      }
      if (char === '~') return [{ kind: 'run', text: ' ' }];
      if (char === '&') throw new UnsupportedLatex('&');
      if (CJK.test(char)) return [{ kind: 'text', text: char }];
      return [{ kind: 'run', text: OPERATOR_CHARS[char] ?? char }];
    }
    const { name } = token;
    if (name in SPACES) return SPACES[name] ? [{ kind: 'run', text: SPACES[name]! }] : null;
    if (ESCAPED.has(name)) return [{ kind: 'run', text: name }];
    if (FRACTIONS.has(name)) return [{ kind: 'frac', numerator: this.argument(), denominator: this.argument() }];
    if (name === 'sqrt') {
      let degree: MathNode[] | undefined;
      if (this.isChar(this.peek(), '[')) {
        this.position++;
        degree = this.sequence((t) => this.isChar(t, ']'));
        if (!this.isChar(this.peek(), ']')) throw new UnsupportedLatex('缺少 ]');
        this.position++;
      }
      return [{ kind: 'sqrt', body: this.argument(), degree }];
    }
    if (name === 'left') return [this.fenced()];
    if (name === 'begin') return [this.environment()];
    if (name === 'sum' || name === 'int') return [this.nary(name)];
    if (name in ACCENTS) return [{ kind: 'accent', char: ACCENTS[name]!, body: this.argument() }];
    if (name === 'overline') return [{ kind: 'bar', position: 'top', body: this.argument() }];
    if (name === 'underline') return [{ kind: 'bar', position: 'bottom', body: this.argument() }];
    if (name === 'overrightarrow' || name === 'overleftarrow') {
      return [{ kind: 'groupChar', char: name === 'overrightarrow' ? '→' : '←', body: this.argument() }];
    }
    if (FUNCTIONS.has(name)) return [{ kind: 'run', text: name, upright: true }];
    if (TEXTS.has(name)) return [{ kind: 'text', text: this.rawArgument() }];
    if (STYLE_WRAPPERS.has(name)) {
      return this.isChar(this.peek(), '{') ? this.group() : [];
    }
    if (name in SYMBOLS) return [{ kind: 'run', text: SYMBOLS[name]! }];
    throw new UnsupportedLatex(`\\${name}`);
  }

  private fenced(): MathNode {
    const open = this.delimiter();
    const body = this.sequence((t) => this.isCommand(t, 'right'));
    if (!this.isCommand(this.peek(), 'right')) throw new UnsupportedLatex('\\left 缺少 \\right');
    this.position++;
    return { kind: 'fenced', open, close: this.delimiter(), body };
  }

  /** \begin{cases} … \end{cases}: rows split at \\, the & alignment marks dropped. */
  private environment(): MathNode {
    const name = this.rawArgument();
    if (name !== 'cases') throw new UnsupportedLatex(`\\begin{${name}}`);
    const rows: MathNode[][] = [];
    const endOfRow = (t: Token) => this.isCommand(t, '\\') || this.isCommand(t, 'end');
    for (;;) {
      const row = this.sequenceSkipping('&', endOfRow);
      if (row.length > 0) rows.push(row);
      const token = this.tokens[this.position++];
      if (!token) throw new UnsupportedLatex('\\begin{cases} 缺少 \\end{cases}');
      if (this.isCommand(token, 'end')) {
        this.rawArgument();
        return { kind: 'cases', rows };
      }
    }
  }

  private sequenceSkipping(skipped: string, stop: (token: Token) => boolean): MathNode[] {
    const nodes: MathNode[] = [];
    for (;;) {
      nodes.push(...this.sequence((t) => stop(t) || this.isChar(t, skipped)));
      if (!this.isChar(this.peek(), skipped)) return mergeRuns(nodes);
      this.position++;
    }
  }

  private delimiter(): string {
    this.peek();
    const token = this.tokens[this.position++];
    if (!token || token.type === 'space') throw new UnsupportedLatex('缺少括号');
    if (token.type === 'char') return token.char === '.' ? '' : token.char;
    if (token.name === '{' || token.name === '}' || token.name === '|') return token.name;
    const symbol = SYMBOLS[token.name];
    if (symbol) return symbol;
    throw new UnsupportedLatex(`\\${token.name}`);
  }

  private nary(operator: 'sum' | 'int'): MathNode {
    const { sub, sup } = this.scripts();
    // The operand: the next atom with its scripts (∑ a_i, ∫ f(x)dx keeps the rest after it).
    const next = this.peek();
    const body = next && !this.isChar(next, '}') && !this.isCommand(next, 'right') ? this.operand() : [];
    return { kind: 'nary', operator, sub, sup, body };
  }

  private operand(): MathNode[] {
    const atom = this.atom();
    return atom ? this.withScripts(atom) : [];
  }
}

function describe(token: Token): string {
  if (token.type === 'space') return ' ';
  return token.type === 'char' ? token.char : `\\${token.name}`;
}

/** Adjacent plain runs become one (x+1 is one Word run, as Word writes it). */
function mergeRuns(nodes: MathNode[]): MathNode[] {
  const merged: MathNode[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.kind === 'run' && last?.kind === 'run' && !node.upright && !last.upright) {
      merged[merged.length - 1] = { kind: 'run', text: last.text + node.text };
    } else if (node.kind === 'text' && last?.kind === 'text') {
      merged[merged.length - 1] = { kind: 'text', text: last.text + node.text };
    } else {
      merged.push(node);
    }
  }
  return merged;
}

/** Reads one formula; throws UnsupportedLatex for what Word equations are not built from here. */
export function parseLatex(tex: string): MathNode[] {
  return new Parser(tokenize(tex)).parse();
}
