import { ACCENTS, DELIMITERS, ESCAPES, FUNCTIONS, NARY, SPACES, SYMBOLS } from './omml-symbols.ts';

// Word equations (OMML, `<m:oMath>`) read back as the LaTeX of question text (issue #22 item 3):
// fractions, scripts, radicals, delimiters (a brace round an equation array is a system of
// equations), n-ary operators, accents, bars, characters over or under a group, limits, boxes,
// matrices and function names, each written as the LaTeX KaTeX shows and the Word export builds
// again. Pure: works on the DOM of document.xml; omml-docx.ts swaps each equation for its text.

/** The DOM element type both @xmldom/xmldom and a browser give. */
type Node = { nodeType: number; nodeName: string; childNodes: ArrayLike<Node>; textContent: string | null };
type Element = Node & { getAttribute(name: string): string | null };

const ELEMENT = 1;

const children = (node: Node): Element[] =>
  Array.from(node.childNodes).filter((c): c is Element => c.nodeType === ELEMENT);
const child = (node: Node, name: string) => children(node).find((c) => c.nodeName === name);
/** A property's m:val (`<m:chr m:val="∑"/>`); `fallback` when the property is absent, '' when it has no value. */
function property(node: Node, properties: string, name: string, fallback: string): string {
  const element = child(child(node, properties) ?? node, name);
  if (!element) return fallback;
  return element.getAttribute('m:val') ?? '';
}
const on = (node: Node, properties: string, name: string) => {
  const value = property(node, properties, name, 'absent');
  return value !== 'absent' && value !== '0' && value !== 'off' && value !== 'false';
};

/** Math text as LaTeX: symbols as commands, spacing characters as spacing commands, specials escaped. */
function mathText(text: string): string {
  let latex = '';
  for (const char of text.replaceAll('\u200b', '')) {
    if (SYMBOLS[char]) latex += `\\${SYMBOLS[char]} `;
    else latex += SPACES[char] ?? ESCAPES[char] ?? char;
  }
  return latex;
}

/** One m:r: plain math text, upright text (m:sty p: function names, \mathrm) or ordinary text (m:nor). */
function run(r: Element): string {
  const text = children(r)
    .filter((c) => c.nodeName === 'm:t' || c.nodeName === 'w:t')
    .map((t) => t.textContent ?? '')
    .join('');
  if (!text.replaceAll('\u200b', '')) return '';
  const rPr = child(r, 'm:rPr');
  if (rPr && child(rPr, 'm:nor')) return `\\text{${text.replace(/[{}\\]/g, (c) => `\\${c}`)}}`;
  if (rPr && property(r, 'm:rPr', 'm:sty', 'i') === 'p') {
    if (FUNCTIONS.has(text)) return `\\${text} `;
    if (text === 'mod') return '\\bmod ';
    return `\\mathrm{${mathText(text)}}`;
  }
  // Chinese in a formula is text, as the editor writes it.
  return /[\u3400-\u9fff]/.test(text) ? `\\text{${text}}` : mathText(text);
}

/** The LaTeX of an element's children in order. */
function sequence(node: Node | undefined): string {
  return node ? children(node).map(convert).join('') : '';
}
const slot = (node: Node, name: string) => sequence(child(node, name));
const braced = (latex: string) => `{${latex}}`;

function delimiter(d: Element): string {
  const open = property(d, 'm:dPr', 'm:begChr', '(');
  const close = property(d, 'm:dPr', 'm:endChr', ')');
  const separator = property(d, 'm:dPr', 'm:sepChr', '|');
  const parts = children(d).filter((c) => c.nodeName === 'm:e');
  // A brace round an equation array, nothing on the right: a system of equations.
  const only = parts.length === 1 ? children(parts[0]!) : [];
  if (open === '{' && close === '' && only.length === 1 && only[0]!.nodeName === 'm:eqArr') {
    const rows = children(only[0]!).filter((c) => c.nodeName === 'm:e');
    return `\\begin{cases}${rows.map(sequence).join('\\\\')}\\end{cases}`;
  }
  const side = (char: string) =>
    DELIMITERS[char] ??
    (char === '[' || char === ']' || char === '(' || char === ')' || char === '|' ? char : mathText(char));
  const body = parts.map(sequence).join(mathText(separator));
  return `\\left${side(open)}${body}\\right${side(close)}`;
}

function matrix(m: Element): string {
  const rows = children(m).filter((c) => c.nodeName === 'm:mr');
  const cells = rows.map((row) =>
    children(row)
      .filter((c) => c.nodeName === 'm:e')
      .map(sequence),
  );
  const columns = Math.max(0, ...cells.map((row) => row.length));
  const letters: string[] = [];
  for (const mc of children(child(child(m, 'm:mPr') ?? m, 'm:mcs') ?? m).filter((c) => c.nodeName === 'm:mc')) {
    const count = Number(property(mc, 'm:mcPr', 'm:count', '1')) || 1;
    const align = property(mc, 'm:mcPr', 'm:mcJc', 'center');
    for (let i = 0; i < count; i++) letters.push(align === 'left' ? 'l' : align === 'right' ? 'r' : 'c');
  }
  while (letters.length < columns) letters.push('c');
  const body = cells.map((row) => row.join('&')).join('\\\\');
  const spec = letters.slice(0, Math.max(columns, 1)).join('');
  return /^c+$/.test(spec) ? `\\begin{matrix}${body}\\end{matrix}` : `\\begin{array}{${spec}}${body}\\end{array}`;
}

function groupCharacter(g: Element): string {
  const char = property(g, 'm:groupChrPr', 'm:chr', '\u23df');
  const top = property(g, 'm:groupChrPr', 'm:pos', 'bot') === 'top';
  const body = slot(g, 'm:e');
  if (char === '⏟') return `\\underbrace{${body}}`;
  if (char === '⏞') return `\\overbrace{${body}}`;
  if (top && char === '→') return `\\overrightarrow{${body}}`;
  if (top && char === '←') return `\\overleftarrow{${body}}`;
  if (top && char === '↔') return `\\overleftrightarrow{${body}}`;
  if (!top && char === '→') return `\\xrightarrow{${body}}`;
  if (!top && char === '←') return `\\xleftarrow{${body}}`;
  return top ? `\\overset{${mathText(char)}}{${body}}` : `\\underset{${mathText(char)}}{${body}}`;
}

function limit(l: Element, position: 'top' | 'bottom'): string {
  const base = child(l, 'm:e');
  const inner = base ? children(base) : [];
  const body = sequence(base);
  const lim = slot(l, 'm:lim');
  const only = inner.length === 1 ? inner[0]! : undefined;
  if (only?.nodeName === 'm:groupChr') {
    const char = property(only, 'm:groupChrPr', 'm:chr', '\u23df');
    if ((char === '⏟' && position === 'bottom') || (char === '⏞' && position === 'top')) {
      return `${body}${position === 'bottom' ? '_' : '^'}{${lim}}`;
    }
  }
  const word = (only?.nodeName === 'm:r' ? only.textContent : '') ?? '';
  if (position === 'bottom' && FUNCTIONS.has(word)) return `\\${word}_{${lim}}`;
  if (position === 'top' && (word === '→' || word === '←')) return `\\x${word === '→' ? 'right' : 'left'}arrow{${lim}}`;
  return position === 'top' ? `\\overset{${lim}}{${body}}` : `\\underset{${lim}}{${body}}`;
}

function convert(node: Element): string {
  switch (node.nodeName) {
    case 'm:r':
      return run(node);
    case 'm:f':
      return `\\frac{${slot(node, 'm:num')}}{${slot(node, 'm:den')}}`;
    case 'm:sSup':
      return `${braced(slot(node, 'm:e'))}^{${slot(node, 'm:sup')}}`;
    case 'm:sSub':
      return `${braced(slot(node, 'm:e'))}_{${slot(node, 'm:sub')}}`;
    case 'm:sSubSup':
      return `${braced(slot(node, 'm:e'))}_{${slot(node, 'm:sub')}}^{${slot(node, 'm:sup')}}`;
    case 'm:sPre':
      return `{}_{${slot(node, 'm:sub')}}^{${slot(node, 'm:sup')}}${braced(slot(node, 'm:e'))}`;
    case 'm:rad': {
      const degree = on(node, 'm:radPr', 'm:degHide') ? '' : slot(node, 'm:deg');
      return `\\sqrt${degree ? `[${degree}]` : ''}{${slot(node, 'm:e')}}`;
    }
    case 'm:d':
      return delimiter(node);
    case 'm:nary': {
      const char = property(node, 'm:naryPr', 'm:chr', '∫');
      const sub = on(node, 'm:naryPr', 'm:subHide') ? '' : slot(node, 'm:sub');
      const sup = on(node, 'm:naryPr', 'm:supHide') ? '' : slot(node, 'm:sup');
      const operator = NARY[char] ? `\\${NARY[char]}` : mathText(char);
      return `${operator}${sub ? `_{${sub}}` : ''}${sup ? `^{${sup}}` : ''}{${slot(node, 'm:e')}}`;
    }
    case 'm:acc': {
      const accent = ACCENTS[property(node, 'm:accPr', 'm:chr', '\u0302')] ?? 'hat';
      return `\\${accent}{${slot(node, 'm:e')}}`;
    }
    case 'm:bar':
      return `\\${property(node, 'm:barPr', 'm:pos', 'bot') === 'top' ? 'overline' : 'underline'}{${slot(node, 'm:e')}}`;
    case 'm:groupChr':
      return groupCharacter(node);
    case 'm:limLow':
      return limit(node, 'bottom');
    case 'm:limUpp':
      return limit(node, 'top');
    case 'm:borderBox':
      return `\\boxed{${slot(node, 'm:e')}}`;
    case 'm:func':
      return `${slot(node, 'm:fName')}${slot(node, 'm:e')}`;
    case 'm:eqArr':
      return `\\begin{gathered}${children(node)
        .filter((c) => c.nodeName === 'm:e')
        .map(sequence)
        .join('\\\\')}\\end{gathered}`;
    case 'm:m':
      return matrix(node);
    case 'm:box':
    case 'm:phant':
    case 'm:e':
    case 'm:oMath':
      return sequence(node);
    default:
      // Properties (m:…Pr, w:rPr) print nothing; anything else unknown gives its content.
      return node.nodeName.endsWith('Pr') ? '' : sequence(node);
  }
}

/** One equation (`<m:oMath>`) as LaTeX, without the $ delimiters. */
export function ommlToLatex(oMath: Element): string {
  // A space ends a command name (`\\alpha x`); before a brace, an alignment mark or a script it is not needed.
  return (
    sequence(oMath)
      .replace(/\s+/g, ' ')
      // `a mod b` is \bmod with the spaces it brings.
      .replace(/\\ \\bmod \\ /g, '\\bmod ')
      .replace(/(?<!\\) (?=[}&^_]|$)/g, '')
      .trim()
  );
}
