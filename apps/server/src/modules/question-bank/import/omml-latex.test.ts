import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { ommlToLatex } from './omml-latex.ts';

// Word equations as Word itself writes them (properties left at their defaults) and as the export
// writes them, read back as LaTeX.

const M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';
const latexOf = (inner: string) => {
  const document = new DOMParser().parseFromString(`<m:oMath ${M}>${inner}</m:oMath>`, 'text/xml');
  return ommlToLatex(document.documentElement as unknown as Parameters<typeof ommlToLatex>[0]);
};
const r = (text: string, style = '') => `<m:r>${style ? `<m:rPr>${style}</m:rPr>` : ''}<m:t>${text}</m:t></m:r>`;
const e = (inner: string) => `<m:e>${inner}</m:e>`;

describe('ommlToLatex', () => {
  it('reads runs, writing symbols as commands and escaping LaTeX specials', () => {
    expect(latexOf(r('2x+1≤α'))).toBe('2x+1\\le \\alpha');
    expect(latexOf(r('{1,2}') + r('50%'))).toBe('\\{1,2\\}50\\%');
    expect(latexOf(r('sin', '<m:sty m:val="p"/>') + r('x'))).toBe('\\sin x');
    expect(latexOf(r('3 m/s', '<m:nor/>'))).toBe('\\text{3 m/s}');
    expect(latexOf(r('x=2厘米'))).toBe('\\text{x=2厘米}');
  });

  it('reads fractions, scripts and radicals, a hidden degree as a square root', () => {
    expect(latexOf(`<m:f><m:num>${r('1')}</m:num><m:den>${r('2')}</m:den></m:f>`)).toBe('\\frac{1}{2}');
    expect(latexOf(`<m:sSubSup>${e(r('x'))}<m:sub>${r('1')}</m:sub><m:sup>${r('2')}</m:sup></m:sSubSup>`)).toBe(
      '{x}_{1}^{2}',
    );
    expect(latexOf(`<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${e(r('2'))}</m:rad>`)).toBe('\\sqrt{2}');
    expect(latexOf(`<m:rad><m:deg>${r('3')}</m:deg>${e(r('8'))}</m:rad>`)).toBe('\\sqrt[3]{8}');
  });

  it("reads delimiters (Word's default is round brackets) and a brace round an equation array as cases", () => {
    expect(latexOf(`<m:d>${e(r('a+b'))}</m:d>`)).toBe('\\left(a+b\\right)');
    expect(latexOf(`<m:d><m:dPr><m:begChr m:val="|"/><m:endChr m:val="|"/></m:dPr>${e(r('x'))}</m:d>`)).toBe(
      '\\left|x\\right|',
    );
    const system = `<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr>${e(`<m:eqArr>${e(r('x=1'))}${e(r('y=2'))}</m:eqArr>`)}</m:d>`;
    expect(latexOf(system)).toBe('\\begin{cases}x=1\\\\y=2\\end{cases}');
  });

  it('reads n-ary operators, accents, bars, group characters, limits and boxes', () => {
    const sum = `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r('i=1')}</m:sub><m:sup>${r('n')}</m:sup>${e(r('i'))}</m:nary>`;
    expect(latexOf(sum)).toBe('\\sum_{i=1}^{n}{i}');
    // Word leaves ∫ as the default character.
    expect(latexOf(`<m:nary><m:sub>${r('0')}</m:sub><m:sup>${r('1')}</m:sup>${e(r('x'))}</m:nary>`)).toBe(
      '\\int_{0}^{1}{x}',
    );
    expect(latexOf(`<m:acc><m:accPr><m:chr m:val="→"/></m:accPr>${e(r('a'))}</m:acc>`)).toBe('\\vec{a}');
    expect(latexOf(`<m:bar>${e(r('x'))}</m:bar>`)).toBe('\\underline{x}');
    expect(latexOf(`<m:bar><m:barPr><m:pos m:val="top"/></m:barPr>${e(r('AB'))}</m:bar>`)).toBe('\\overline{AB}');
    const arrow = `<m:groupChr><m:groupChrPr><m:chr m:val="→"/><m:pos m:val="top"/></m:groupChrPr>${e(r('AB'))}</m:groupChr>`;
    expect(latexOf(arrow)).toBe('\\overrightarrow{AB}');
    const brace = `<m:limLow>${e(`<m:groupChr>${e(r('1+1'))}</m:groupChr>`)}<m:lim>${r('n')}</m:lim></m:limLow>`;
    expect(latexOf(brace)).toBe('\\underbrace{1+1}_{n}');
    expect(latexOf(`<m:limUpp>${e(r('='))}<m:lim>${r('△')}</m:lim></m:limUpp>`)).toBe('\\overset{\\triangle}{=}');
    expect(latexOf(`<m:borderBox>${e(r('7'))}</m:borderBox>`)).toBe('\\boxed{7}');
    expect(latexOf(`<m:func><m:fName>${r('lim', '<m:sty m:val="p"/>')}</m:fName>${e(r('f'))}</m:func>`)).toBe(
      '\\lim f',
    );
  });

  it('reads matrices with their column alignment', () => {
    const matrix = (jc: string) =>
      `<m:m><m:mPr><m:mcs><m:mc><m:mcPr><m:count m:val="2"/><m:mcJc m:val="${jc}"/></m:mcPr></m:mc></m:mcs></m:mPr><m:mr>${e(r('1'))}${e(r('2'))}</m:mr><m:mr>${e(r('3'))}${e(r('4'))}</m:mr></m:m>`;
    expect(latexOf(matrix('center'))).toBe('\\begin{matrix}1&2\\\\3&4\\end{matrix}');
    expect(latexOf(matrix('left'))).toBe('\\begin{array}{ll}1&2\\\\3&4\\end{array}');
  });

  it('drops the invisible operands the export adds for LibreOffice', () => {
    expect(latexOf(r('\u200b=3'))).toBe('=3');
  });
});
