import { type EnvironmentReader, readEnvironment } from './latex-environments.ts';
import {
  ACCENTS,
  DELIMITER_SIZES,
  ESCAPED,
  FRACTIONS,
  FUNCTIONS,
  NARY,
  SPACES,
  STYLE_SWITCHES,
  STYLE_WRAPPERS,
  SYMBOLS,
  TEXTS,
  UPRIGHT,
} from './latex-symbols.ts';
import { isChar, isCommand, type MathNode, mergeRuns, type Token, UnsupportedLatex } from './latex-tree.ts';

// The LaTeX of question formulas read into a small math tree that maps one to one onto Word's
// equation objects (OMML): runs, fractions, scripts, radicals, delimiters, n-ary operators,
// accents, bars, boxes, limits over and under, systems of equations, arrays and matrices. Pure;
// word-math.ts turns the tree into docx objects. What it does not know (an unknown command, an
// array with rules) is refused with UnsupportedLatex, and the export draws that formula as a
// picture instead (formula-picture.ts).

export type { MathNode } from './latex-tree.ts';
export { UnsupportedLatex } from './latex-tree.ts';

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

/** Characters stretched over or under a group, and where they go. */
const GROUP_CHARS: Record<string, [string, 'top' | 'bottom']> = {
  overrightarrow: ['→', 'top'],
  overleftarrow: ['←', 'top'],
  overleftrightarrow: ['↔', 'top'],
  underbrace: ['⏟', 'bottom'],
  overbrace: ['⏞', 'top'],
};

class Parser implements EnvironmentReader {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): MathNode[] {
    const nodes = this.sequence(() => false);
    if (this.position < this.tokens.length) throw new UnsupportedLatex(describe(this.tokens[this.position]!));
    return nodes;
  }

  /** The next token that is not whitespace (skipped: only \\text reads whitespace). */
  peek(): Token | undefined {
    while (this.tokens[this.position]?.type === 'space') this.position++;
    return this.tokens[this.position];
  }

  /** Atoms with their scripts until `stop` says so (a closing brace, \right, the end). */
  sequence(stop: (token: Token) => boolean): MathNode[] {
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
    if (!open || !(isChar(next, '^') || isChar(next, '_'))) return atom;
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
    if (isChar(token, '{')) return this.group();
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
    const nodes = this.sequence((t) => isChar(t, '}'));
    if (!isChar(this.peek(), '}')) throw new UnsupportedLatex('缺少 }');
    this.position++;
    return nodes;
  }

  /** The raw text of a braced argument (\text{…}), spaces kept. */
  rawArgument(): string {
    if (!isChar(this.peek(), '{')) {
      const token = this.tokens[this.position++];
      return token?.type === 'char' ? token.char : '';
    }
    this.position++;
    let depth = 1;
    let text = '';
    while (this.position < this.tokens.length) {
      const token = this.tokens[this.position++]!;
      if (isChar(token, '{')) depth++;
      if (isChar(token, '}') && --depth === 0) return text;
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
    // \underbrace{…}_{n} and \overbrace{…}^{n}: the label stands under (over) the brace.
    if (only?.kind === 'groupChar' && (only.char === '⏟' || only.char === '⏞')) {
      const under = only.char === '⏟';
      const limit = under ? sub : sup;
      if (limit) {
        const node: MathNode = { kind: 'limit', position: only.position, body: [only], limit };
        const other = under ? sup : sub;
        if (!other) return [node];
        return [{ kind: 'script', base: [node], ...(under ? { sup: other } : { sub: other }) }];
      }
    }
    return [{ kind: 'script', base: mergeRuns(base), sub, sup }];
  }

  /** `_…` and `^…` in either order (a prime is a superscript; \\limits and \\nolimits change nothing here). */
  private scripts(): { sub?: MathNode[]; sup?: MathNode[] } {
    let sub: MathNode[] | undefined;
    let sup: MathNode[] | undefined;
    for (;;) {
      const token = this.peek();
      if (isChar(token, '_') && !sub) {
        this.position++;
        sub = this.argument();
      } else if (isChar(token, '^') && !sup) {
        this.position++;
        sup = this.argument();
      } else if (isChar(token, "'") && !sup) {
        this.position++;
        sup = [{ kind: 'run', text: '′' }];
      } else if (isCommand(token, 'limits') || isCommand(token, 'nolimits')) {
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
      if (isChar(this.peek(), '[')) {
        this.position++;
        degree = this.sequence((t) => isChar(t, ']'));
        if (!isChar(this.peek(), ']')) throw new UnsupportedLatex('缺少 ]');
        this.position++;
      }
      return [{ kind: 'sqrt', body: this.argument(), degree }];
    }
    if (name === 'left') return [this.fenced()];
    if (name === 'begin') return [readEnvironment(this, this.rawArgument())];
    if (name in NARY) return [this.nary(NARY[name]!)];
    if (name in ACCENTS) return [{ kind: 'accent', char: ACCENTS[name]!, body: this.argument() }];
    if (name === 'overline') return [{ kind: 'bar', position: 'top', body: this.argument() }];
    if (name === 'underline') return [{ kind: 'bar', position: 'bottom', body: this.argument() }];
    if (name in GROUP_CHARS) {
      const [char, position] = GROUP_CHARS[name]!;
      return [{ kind: 'groupChar', char, position, body: this.argument() }];
    }
    if (name === 'xrightarrow' || name === 'xleftarrow')
      return [this.extensibleArrow(name === 'xrightarrow' ? '→' : '←')];
    if (name === 'stackrel' || name === 'overset' || name === 'underset') {
      const limit = this.argument();
      return [{ kind: 'limit', position: name === 'underset' ? 'bottom' : 'top', body: this.argument(), limit }];
    }
    if (name === 'boxed' || name === 'fbox') return [{ kind: 'box', body: this.argument() }];
    if (name === 'bmod')
      return [
        { kind: 'run', text: ' ' },
        { kind: 'run', text: 'mod', upright: true },
        { kind: 'run', text: ' ' },
      ];
    if (name === 'pmod') {
      const body: MathNode[] = [
        { kind: 'run', text: 'mod', upright: true },
        { kind: 'run', text: ' ' },
        ...this.argument(),
      ];
      return [{ kind: 'fenced', open: '(', close: ')', body: mergeRuns(body) }];
    }
    if (name === 'not') {
      // \not= and the like: the next sign struck through (U+0338), as KaTeX draws it.
      const next = this.atom() ?? [];
      const only = next.length === 1 ? next[0] : undefined;
      if (only?.kind === 'run') return [{ ...only, text: `${only.text}\u0338` }];
      return [{ kind: 'run', text: '/' }, ...next];
    }
    if (DELIMITER_SIZES.has(name)) return [{ kind: 'run', text: this.delimiter() || '' }];
    if (name === 'mathop' || name === 'operatorname*') return this.argument();
    if (STYLE_SWITCHES.has(name)) return null;
    if (FUNCTIONS.has(name)) return [{ kind: 'run', text: name, upright: true }];
    if (TEXTS.has(name)) return [{ kind: 'text', text: this.rawArgument() }];
    // \mathrm{NH_4Cl}: math in upright letters (scripts and all), as chemistry writes it.
    if (UPRIGHT.has(name)) return uprightRuns(this.argument());
    if (STYLE_WRAPPERS.has(name)) {
      return isChar(this.peek(), '{') ? this.group() : [];
    }
    if (name in SYMBOLS) return [{ kind: 'run', text: SYMBOLS[name]! }];
    throw new UnsupportedLatex(`\\${name}`);
  }

  private fenced(): MathNode {
    const open = this.delimiter();
    const body = this.sequence((t) => isCommand(t, 'right'));
    if (!isCommand(this.peek(), 'right')) throw new UnsupportedLatex('\\left 缺少 \\right');
    this.position++;
    return { kind: 'fenced', open, close: this.delimiter(), body };
  }

  take(): Token | undefined {
    this.peek();
    return this.tokens[this.position++];
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

  /** \xrightarrow[below]{above}: the text over a stretched arrow, a second text under it. */
  private extensibleArrow(char: string): MathNode {
    let below: MathNode[] | undefined;
    if (isChar(this.peek(), '[')) {
      this.position++;
      below = this.sequence((t) => isChar(t, ']'));
      if (!isChar(this.peek(), ']')) throw new UnsupportedLatex('缺少 ]');
      this.position++;
    }
    const above = this.argument();
    // The text over an arrow (Word: a limit over ⟶, which LibreOffice's import also draws).
    const arrow: MathNode = { kind: 'limit', position: 'top', body: [{ kind: 'run', text: char }], limit: above };
    return below?.length ? { kind: 'limit', position: 'bottom', body: [arrow], limit: below } : arrow;
  }

  private nary(operator: string): MathNode {
    const { sub, sup } = this.scripts();
    // The operand: the next atom with its scripts (∑ a_i, ∫ f(x)dx keeps the rest after it).
    const next = this.peek();
    const body = next && !isChar(next, '}') && !isCommand(next, 'right') ? this.operand() : [];
    return { kind: 'nary', operator, sub, sup, body };
  }

  private operand(): MathNode[] {
    const atom = this.atom();
    return atom ? this.withScripts(atom) : [];
  }
}

/** The runs of a group set upright (nested scripts, fractions… included). */
function uprightRuns(nodes: MathNode[]): MathNode[] {
  const walk = (node: MathNode): MathNode => {
    if (node.kind === 'run') return { ...node, upright: true };
    const copy: Record<string, unknown> = { ...node };
    for (const [key, value] of Object.entries(node)) {
      if (key === 'rows' && Array.isArray(value)) {
        copy.rows = (value as unknown[]).map((row) =>
          (row as unknown[]).map((cell) =>
            Array.isArray(cell) ? (cell as MathNode[]).map(walk) : walk(cell as MathNode),
          ),
        );
      } else if (Array.isArray(value)) {
        copy[key] = (value as MathNode[]).map(walk);
      }
    }
    return copy as MathNode;
  };
  return mergeRuns(nodes.map(walk));
}

function describe(token: Token): string {
  if (token.type === 'space') return ' ';
  return token.type === 'char' ? token.char : `\\${token.name}`;
}

/** Reads one formula; throws UnsupportedLatex for what Word equations are not built from here. */
export function parseLatex(tex: string): MathNode[] {
  return new Parser(tokenize(tex)).parse();
}
