import {
  BuilderElement,
  Math as DocxMath,
  MathFraction,
  MathIntegral,
  MathRadical,
  MathRun,
  MathSubScript,
  MathSubSuperScript,
  MathSum,
  MathSuperScript,
  TextRun,
  type XmlComponent,
} from 'docx';
import { type MathNode, parseLatex, UnsupportedLatex } from './latex-math.ts';

// A formula of question text as a Word equation (OMML `<m:oMath>`), built from latex-math's tree.
// docx has classes for runs, fractions, scripts, radicals and ∑/∫; delimiters with any characters,
// accents, bars, arrows over a group and equation arrays are the same OMML elements written with
// BuilderElement.
// A formula the parser refuses is written as its LaTeX source in Cambria Math (no SVG or PNG
// renderer is installed on the server), so nothing of the question is lost.

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

function groupChar(char: string, children: Component[]): Component {
  return custom(
    new BuilderElement({
      name: 'm:groupChr',
      children: [
        new BuilderElement({
          name: 'm:groupChrPr',
          children: [valueElement('m:chr', char), valueElement('m:pos', 'top'), valueElement('m:vertJc', 'bottom')],
        }),
        base(children),
      ],
    }),
  );
}

/** Rows stacked behind a left brace: a delimiter with no closing character around an equation array. */
function cases(rows: Component[][]): Component {
  const array = custom(new BuilderElement({ name: 'm:eqArr', children: rows.map(base) }));
  return delimiter('{', '', [array]);
}

function toComponents(nodes: readonly MathNode[]): Component[] {
  return nodes.map(toComponent);
}

function toComponent(node: MathNode): Component {
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
      const options = {
        children: toComponents(node.body),
        subScript: node.sub ? toComponents(node.sub) : undefined,
        superScript: node.sup ? toComponents(node.sup) : undefined,
      };
      return node.operator === 'sum' ? new MathSum(options) : new MathIntegral(options);
    }
    case 'accent':
      return accent(node.char, toComponents(node.body));
    case 'bar':
      return bar(node.position, toComponents(node.body));
    case 'groupChar':
      return groupChar(node.char, toComponents(node.body));
    case 'cases':
      return cases(node.rows.map(toComponents));
  }
}

/** The formula as a Word equation, or its source in Cambria Math when the parser refuses it. */
export function formulaRun(tex: string, font: { size: number }): DocxMath | TextRun {
  try {
    return new DocxMath({ children: toComponents(parseLatex(tex)) });
  } catch (error) {
    if (!(error instanceof UnsupportedLatex)) throw error;
    return new TextRun({ text: tex, font: MATH_FONT, size: font.size });
  }
}
