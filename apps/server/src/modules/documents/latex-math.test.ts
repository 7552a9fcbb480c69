import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { parseLatex, UnsupportedLatex } from './latex-math.ts';
import { formulaRun, MATH_FONT } from './word-math.ts';

const run = (text: string, upright?: boolean) => (upright ? { kind: 'run', text, upright } : { kind: 'run', text });

describe('parseLatex', () => {
  it('reads runs and turns ASCII operators into math signs', () => {
    expect(parseLatex('2x - 1 = y')).toEqual([run('2x-1=y')]);
    expect(parseLatex('a \\times b \\div c \\pm d \\le e \\ne f')).toEqual([run('a×b÷c±d≤e≠f')]);
  });

  it('attaches scripts to the atom before them, a braced group being one atom', () => {
    expect(parseLatex('ab^2')).toEqual([run('a'), { kind: 'script', base: [run('b')], sup: [run('2')] }]);
    expect(parseLatex('{(x+1)}^{2}')).toEqual([{ kind: 'script', base: [run('(x+1)')], sup: [run('2')] }]);
    expect(parseLatex('x_1^2')).toEqual([{ kind: 'script', base: [run('x')], sub: [run('1')], sup: [run('2')] }]);
    expect(parseLatex("f'(x)")).toEqual([{ kind: 'script', base: [run('f')], sup: [run('′')] }, run('(x)')]);
  });

  it('reads fractions, roots with and without a degree, and nested structures', () => {
    expect(parseLatex('\\dfrac{1}{x^2}')).toEqual([
      { kind: 'frac', numerator: [run('1')], denominator: [{ kind: 'script', base: [run('x')], sup: [run('2')] }] },
    ]);
    expect(parseLatex('\\frac12')).toEqual([{ kind: 'frac', numerator: [run('1')], denominator: [run('2')] }]);
    expect(parseLatex('\\sqrt{2}+\\sqrt[3]{8}')).toEqual([
      { kind: 'sqrt', body: [run('2')], degree: undefined },
      run('+'),
      { kind: 'sqrt', body: [run('8')], degree: [run('3')] },
    ]);
  });

  it('reads greek letters, function names upright and \\text as ordinary text', () => {
    expect(parseLatex('\\sin\\alpha+\\cos\\beta')).toEqual([run('sin', true), run('α+'), run('cos', true), run('β')]);
    expect(parseLatex('\\log_2 8')).toEqual([{ kind: 'script', base: [run('log', true)], sub: [run('2')] }, run('8')]);
    expect(parseLatex('v=\\text{ 3 m/s}')).toEqual([run('v='), { kind: 'text', text: ' 3 m/s' }]);
    expect(parseLatex('S_{△ABC}')).toEqual([{ kind: 'script', base: [run('S')], sub: [run('△ABC')] }]);
    expect(parseLatex('x=2厘米')).toEqual([run('x=2'), { kind: 'text', text: '厘米' }]);
  });

  it('reads \\left…\\right delimiters, including an invisible one', () => {
    expect(parseLatex('\\left(\\frac{a}{b}\\right)^2')).toEqual([
      {
        kind: 'script',
        base: [
          {
            kind: 'fenced',
            open: '(',
            close: ')',
            body: [{ kind: 'frac', numerator: [run('a')], denominator: [run('b')] }],
          },
        ],
        sup: [run('2')],
      },
    ]);
    expect(parseLatex('\\left\\{x\\right.')).toEqual([{ kind: 'fenced', open: '{', close: '', body: [run('x')] }]);
    expect(parseLatex('\\left|x\\right|')).toEqual([{ kind: 'fenced', open: '|', close: '|', body: [run('x')] }]);
  });

  it('reads sums and integrals with their limits and operand', () => {
    expect(parseLatex('\\sum_{i=1}^{n} a_i')).toEqual([
      {
        kind: 'nary',
        operator: '∑',
        sub: [run('i=1')],
        sup: [run('n')],
        body: [{ kind: 'script', base: [run('a')], sub: [run('i')] }],
      },
    ]);
    expect(parseLatex('\\int_0^1 x dx')).toEqual([
      { kind: 'nary', operator: '∫', sub: [run('0')], sup: [run('1')], body: [run('x')] },
      run('dx'),
    ]);
  });

  it('reads vectors, bars and accents', () => {
    expect(parseLatex('\\overrightarrow{AB}')).toEqual([
      { kind: 'groupChar', char: '→', position: 'top', body: [run('AB')] },
    ]);
    expect(parseLatex('\\vec{a}')).toEqual([{ kind: 'accent', char: '\u20d7', body: [run('a')] }]);
    expect(parseLatex('\\overline{AB}')).toEqual([{ kind: 'bar', position: 'top', body: [run('AB')] }]);
  });

  it('keeps spacing commands and escaped characters', () => {
    expect(parseLatex('a\\,b')).toEqual([run('a\u2009b')]);
    expect(parseLatex('50\\%')).toEqual([run('50%')]);
    expect(parseLatex('\\{1,2\\}')).toEqual([run('{1,2}')]);
    expect(parseLatex('90^\\circ')).toEqual([{ kind: 'script', base: [run('90')], sup: [run('∘')] }]);
  });

  it('reads a power of a bracket as a power of everything in it', () => {
    expect(parseLatex('(a^2)^3')).toEqual([
      {
        kind: 'script',
        base: [
          { kind: 'fenced', open: '(', close: ')', body: [{ kind: 'script', base: [run('a')], sup: [run('2')] }] },
        ],
        sup: [run('3')],
      },
    ]);
    expect(parseLatex('2(x+1)')).toEqual([run('2(x+1)')]);
  });

  it('reads a system of equations (cases), the condition after & a quad apart', () => {
    expect(parseLatex('\\begin{cases} x+y=3 \\\\ x-y=1 & (2) \\end{cases}')).toEqual([
      { kind: 'cases', rows: [[run('x+y=3')], [run('x-y=1\u2003(2)')]] },
    ]);
  });

  it('refuses what it does not build: arrays with rules, unknown environments and commands, unbalanced braces', () => {
    expect(() => parseLatex('\\begin{array}{c|c}1&2\\end{array}')).toThrow('不支持的公式写法：表格线 |');
    expect(() => parseLatex('\\begin{array}{cc}\\hline 1&2\\end{array}')).toThrow('不支持的公式写法：\\hline');
    expect(() => parseLatex('\\begin{tabular}{c}1\\end{tabular}')).toThrow('不支持的公式写法：\\begin{tabular}');
    expect(() => parseLatex('\\begin{cases}x')).toThrow(UnsupportedLatex);
    expect(() => parseLatex('\\unknowncommand{x}')).toThrow('不支持的公式写法：\\unknowncommand');
    expect(() => parseLatex('\\frac{1}{2')).toThrow(UnsupportedLatex);
    expect(() => parseLatex('x}')).toThrow(UnsupportedLatex);
    expect(() => parseLatex('\\left(x')).toThrow(UnsupportedLatex);
  });
});

async function xmlOf(tex: string): Promise<string> {
  const document = new Document({
    sections: [{ children: [new Paragraph({ children: [formulaRun(tex, { size: 21 })] })] }],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(document));
  const xml = await zip.file('word/document.xml')!.async('string');
  return xml.slice(xml.indexOf('<w:body>'), xml.indexOf('</w:body>'));
}

describe('formulaRun (Word equations)', () => {
  it('writes a fraction, a radical with its degree and a superscript as OMML', async () => {
    const xml = await xmlOf('\\frac{1}{2}+\\sqrt[3]{x^2}');
    expect(xml).toContain('<m:oMath>');
    expect(xml).toMatch(/<m:f>.*<m:num>.*<m:t[^>]*>1<\/m:t>.*<\/m:num>.*<m:den>.*<m:t[^>]*>2<\/m:t>/);
    expect(xml).toMatch(/<m:rad>.*<m:deg>.*<m:t[^>]*>3<\/m:t>.*<\/m:deg>.*<m:sSup>/);
  });

  it('writes delimiters with their characters, accents, bars and arrows over a group', async () => {
    const xml = await xmlOf('\\left|x\\right|+\\vec{a}+\\overline{AB}+\\overrightarrow{CD}');
    expect(xml).toContain('<m:d><m:dPr><m:begChr m:val="|"/><m:endChr m:val="|"/></m:dPr><m:e>');
    expect(xml).toContain('<m:acc><m:accPr><m:chr m:val="\u20d7"/></m:accPr><m:e>');
    expect(xml).toContain('<m:bar><m:barPr><m:pos m:val="top"/></m:barPr><m:e>');
    expect(xml).toContain('<m:groupChr><m:groupChrPr><m:chr m:val="→"/>');
  });

  it('writes function names upright and ∑ as an n-ary operator', async () => {
    const xml = await xmlOf('\\sin x+\\sum_{i=1}^{n}i');
    expect(xml).toMatch(/<m:r><m:rPr><m:sty m:val="p"\/><\/m:rPr><m:t[^>]*>sin<\/m:t>/);
    expect(xml).toContain('<m:nary>');
    expect(xml).toContain('m:val="∑"');
  });

  it('keeps the source in Cambria Math only for what no renderer reads (a broken formula)', async () => {
    const xml = await xmlOf('\\frac{1}{2');
    expect(xml).not.toContain('<m:oMath');
    expect(xml).toContain(`w:ascii="${MATH_FONT}"`);
    expect(xml).toContain('\\frac{1}{2');
  });

  it('writes a system of equations as an equation array behind a brace', async () => {
    const xml = await xmlOf('\\begin{cases}x+y=3\\\\x-y=1\\end{cases}');
    expect(xml).toContain('<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr><m:e><m:eqArr><m:e>');
    expect(xml.match(/<m:eqArr>.*<\/m:eqArr>/)![0].match(/<m:e>/g)).toHaveLength(2);
  });
});
