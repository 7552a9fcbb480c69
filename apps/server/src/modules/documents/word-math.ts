import { splitFormulaText } from '@huikao/contracts';
import {
  BuilderElement,
  Math as DocxMath,
  ImageRun,
  MathFraction,
  MathIntegral,
  MathLimitLower,
  MathLimitUpper,
  MathRadical,
  MathRun,
  MathSubScript,
  MathSubSuperScript,
  MathSum,
  MathSuperScript,
  TextRun,
  type XmlComponent,
} from 'docx';
import type { FormulaPicture } from './formula-picture.ts';
import { type MathNode, parseLatex, UnsupportedLatex } from './latex-math.ts';

// A formula of question text as a Word equation (OMML `<m:oMath>`), built from latex-math's tree.
// docx has classes for runs, fractions, scripts, radicals and ∑/∫; delimiters with any characters,
// accents, bars, arrows over a group and equation arrays are the same OMML elements written with
// BuilderElement.
// A formula the parser refuses is drawn as a picture (formula-picture.ts: MathJax SVG → PNG),
// prepared before the document is built (`formulaPictures`, sharp being asynchronous); only what
// MathJax cannot read either (a broken formula, which the screen cannot show) stays as its source.

export const MATH_FONT = 'Cambria Math';

type Component = ConstructorParameters<typeof MathFraction>[0]['numerator'][number];

const valueElement = (name: string, value: string) =>
  new BuilderElement<{ value: string }>({ name, attributes: { value: { key: 'm:val', value } } });

/** `<m:e>` holding the given components (the base of a delimiter, accent, bar…). */
const base = (children: readonly Component[]) =>
  new BuilderElement({ name: 'm:e', children: children as unknown as XmlComponent[] });

const custom = (element: BuilderElement) => element as unknown as Component;

function delimiter(open: string, close: string, children: Component[]): Component {
  return custom(
    new BuilderElement({
      name: 'm:d',
      children: [
        new BuilderElement({
          name: 'm:dPr',
          children: [valueElement('m:begChr', open), valueElement('m:endChr', close)],
        }),
        base(children),
      ],
    }),
  );
}

function accent(char: string, children: Component[]): Component {
  return custom(
    new BuilderElement({
      name: 'm:acc',
      children: [new BuilderElement({ name: 'm:accPr', children: [valueElement('m:chr', char)] }), base(children)],
    }),
  );
}

function bar(position: 'top' | 'bottom', children: Component[]): Component {
  return custom(
    new BuilderElement({
      name: 'm:bar',
      children: [new BuilderElement({ name: 'm:barPr', children: [valueElement('m:pos', position)] }), base(children)],
    }),
  );
}

function groupChar(char: string, position: 'top' | 'bottom', children: Component[]): Component {
  const [pos, vertJc] = position === 'top' ? ['top', 'bottom'] : ['bot', 'top'];
  return custom(
    new BuilderElement({
      name: 'm:groupChr',
      children: [
        new BuilderElement({
          name: 'm:groupChrPr',
          children: [valueElement('m:chr', char), valueElement('m:pos', pos), valueElement('m:vertJc', vertJc)],
        }),
        base(children),
      ],
    }),
  );
}

const element = (name: string, children: readonly Component[]) =>
  new BuilderElement({ name, children: children as unknown as XmlComponent[] });

/** ∏, ⋃, ∮…: an n-ary object with its character; limits under and over, integrals' at the side. */
function nary(char: string, sub: Component[] | undefined, sup: Component[] | undefined, body: Component[]): Component {
  const properties = [valueElement('m:chr', char), valueElement('m:limLoc', /[∫∬∭∮]/.test(char) ? 'subSup' : 'undOvr')];
  if (!sub) properties.push(valueElement('m:subHide', '1'));
  if (!sup) properties.push(valueElement('m:supHide', '1'));
  return custom(
    new BuilderElement({
      name: 'm:nary',
      children: [
        new BuilderElement({ name: 'm:naryPr', children: properties }),
        element('m:sub', sub ?? []),
        element('m:sup', sup ?? []),
        base(body),
      ],
    }),
  );
}

/** Cells in rows, each column aligned as LaTeX says (m:mcJc); every row as wide as the widest. */
function matrix(columns: readonly string[], rows: Component[][][]): Component {
  const columnProperties = columns.map((align) =>
    element('m:mc', [
      custom(element('m:mcPr', [custom(valueElement('m:count', '1')), custom(valueElement('m:mcJc', align))])),
    ]),
  );
  return custom(
    new BuilderElement({
      name: 'm:m',
      children: [
        element('m:mPr', [custom(element('m:mcs', columnProperties.map(custom)))]),
        ...rows.map((row) =>
          element(
            'm:mr',
            row.map((cell) => custom(base(cell))),
          ),
        ),
      ] as unknown as XmlComponent[],
    }),
  );
}

/** Rows stacked behind a left brace: a delimiter with no closing character around an equation array. */
function cases(rows: Component[][]): Component {
  const array = custom(new BuilderElement({ name: 'm:eqArr', children: rows.map(base) }));
  return delimiter('{', '', [array]);
}

/** n-ary characters LibreOffice's equation import knows; others are written as a sign with scripts. */
const NARY_OBJECTS = new Set(['∑', '∫', '∏', '∐', '∬', '∭', '∮']);
const OPERATOR = /[=<>≤≥⩽⩾≠≈≡∼≃≅∝∽∈∉∋⊂⊆⊃⊇⫋⊊⊋→←⇒⇐⇔↔⟶∥⊥×÷⋅∣∪∩∧∨+\-±∓]/u;
const UNARY = /[+\-±∓]/u;
const ZERO_WIDTH: MathNode = { kind: 'run', text: '\u200b' };

/**
 * A slot (a formula, a cell, a numerator…) that starts with a relation (`=d` in an aligned row) or
 * ends with an operator (`M∩N=`) gets an invisible operand there: Word needs none, but LibreOffice's
 * import (the PDF export) prints a ¿ for a missing operand.
 */
function withOperands(nodes: readonly MathNode[]): readonly MathNode[] {
  if (nodes.length === 0) return [ZERO_WIDTH];
  const padded = [...nodes];
  const first = padded[0]!;
  if (first.kind === 'run' && !first.upright && OPERATOR.test(first.text[0]!) && !UNARY.test(first.text[0]!)) {
    padded[0] = { ...first, text: `\u200b${first.text}` };
  }
  const last = padded.at(-1)!;
  if (last.kind === 'run' && !last.upright && OPERATOR.test(last.text.at(-1)!)) {
    padded[padded.length - 1] = { ...last, text: `${last.text}\u200b` };
  }
  return padded;
}

function toComponents(nodes: readonly MathNode[]): Component[] {
  return withOperands(nodes).flatMap(toComponent);
}

function toComponent(node: MathNode): Component | Component[] {
  switch (node.kind) {
    case 'run':
      return node.upright ? new MathRun({ text: node.text, style: 'plain' }) : new MathRun(node.text);
    case 'text':
      return new MathRun({ text: node.text, normalText: true });
    case 'frac':
      return new MathFraction({
        numerator: toComponents(node.numerator),
        denominator: toComponents(node.denominator),
      });
    case 'script': {
      const children = toComponents(node.base);
      if (node.sub && node.sup) {
        return new MathSubSuperScript({
          children,
          subScript: toComponents(node.sub),
          superScript: toComponents(node.sup),
        });
      }
      if (node.sub) return new MathSubScript({ children, subScript: toComponents(node.sub) });
      return new MathSuperScript({ children, superScript: toComponents(node.sup ?? []) });
    }
    case 'sqrt':
      return new MathRadical({
        children: toComponents(node.body),
        degree: node.degree ? toComponents(node.degree) : undefined,
      });
    case 'fenced':
      return delimiter(node.open, node.close, toComponents(node.body));
    case 'nary': {
      if (!NARY_OBJECTS.has(node.operator)) {
        const sign: MathNode = { kind: 'run', text: node.operator };
        const scripted: MathNode =
          node.sub || node.sup ? { kind: 'script', base: [sign], sub: node.sub, sup: node.sup } : sign;
        return [scripted, ...node.body].flatMap(toComponent);
      }
      if (node.operator !== '∑' && node.operator !== '∫') {
        const scripts = (nodes?: MathNode[]) => (nodes ? toComponents(nodes) : undefined);
        return nary(node.operator, scripts(node.sub), scripts(node.sup), toComponents(node.body));
      }
      const options = {
        children: toComponents(node.body),
        subScript: node.sub ? toComponents(node.sub) : undefined,
        superScript: node.sup ? toComponents(node.sup) : undefined,
      };
      return node.operator === '∑' ? new MathSum(options) : new MathIntegral(options);
    }
    case 'accent':
      return accent(node.char, toComponents(node.body));
    case 'bar':
      return bar(node.position, toComponents(node.body));
    case 'groupChar':
      return groupChar(node.char, node.position, toComponents(node.body));
    case 'limit': {
      const options = { children: toComponents(node.body), limit: toComponents(node.limit) };
      return node.position === 'top' ? new MathLimitUpper(options) : new MathLimitLower(options);
    }
    case 'box':
      return custom(element('m:borderBox', [custom(base(toComponents(node.body)))]));
    case 'cases':
      return cases(node.rows.map(toComponents));
    case 'matrix':
      return matrix(
        node.columns,
        node.rows.map((row) => row.map(toComponents)),
      );
  }
}

/** Pictures of the formulas the converter does not build, by their source. */
export type FormulaPictures = ReadonlyMap<string, FormulaPicture>;

const builds = (tex: string) => {
  try {
    parseLatex(tex);
    return true;
  } catch (error) {
    if (error instanceof UnsupportedLatex) return false;
    throw error;
  }
};

/** MathJax takes a second to load: only a paper with a formula to draw loads it. */
export const drawing = () => import('./formula-picture.ts');

/** Draws, once each, the formulas of these texts that are not built as equations. */
export async function formulaPictures(texts: Iterable<string>): Promise<FormulaPictures> {
  const pictures = new Map<string, FormulaPicture>();
  for (const text of texts) {
    for (const segment of splitFormulaText(text)) {
      if (segment.kind !== 'math' || pictures.has(segment.tex) || builds(segment.tex)) continue;
      const picture = await (await drawing()).formulaPicture(segment.tex);
      if (picture) pictures.set(segment.tex, picture);
    }
  }
  return pictures;
}

/** Points to the 96-per-inch pixels docx sizes images in. */
const PX_PER_PT = 96 / 72;

/**
 * The formula as a Word equation; else its picture, sized to the text (`font.size` in
 * half-points); else, for what nothing can read, its source in Cambria Math.
 */
export function formulaRun(
  tex: string,
  font: { size: number },
  pictures: FormulaPictures = new Map(),
): DocxMath | ImageRun | TextRun {
  try {
    return new DocxMath({ children: toComponents(parseLatex(tex)) });
  } catch (error) {
    if (!(error instanceof UnsupportedLatex)) throw error;
    const picture = pictures.get(tex);
    if (picture) {
      const pt = font.size / 2;
      return new ImageRun({
        type: 'png',
        data: picture.png,
        transformation: {
          width: Math.round(picture.widthEm * pt * PX_PER_PT),
          height: Math.round(picture.heightEm * pt * PX_PER_PT),
        },
        // The source as the description, $…$: read by screen readers and by the Word import.
        altText: { name: 'formula', title: '公式', description: `$${tex}$` },
      });
    }
    return new TextRun({ text: tex, font: MATH_FONT, size: font.size });
  }
}
