import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { parseLatex } from './latex-math.ts';
import { formulaPictures, formulaRun } from './word-math.ts';

// The constructs issue #22 found printed as source (counts over the shared bank): each is now read
// into the math tree and written as the Word equation object that draws it.

const run = (text: string) => ({ kind: 'run', text });

async function bodyXml(tex: string, withPictures = false): Promise<string> {
  const pictures = withPictures ? await formulaPictures([`$${tex}$`]) : undefined;
  const document = new Document({
    sections: [{ children: [new Paragraph({ children: [formulaRun(tex, { size: 21 }, pictures)] })] }],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(document));
  const xml = await zip.file('word/document.xml')!.async('string');
  return xml.slice(xml.indexOf('<w:body>'), xml.indexOf('</w:body>'));
}

describe('environments', () => {
  it('reads the usual 方程组 \\left\\{\\begin{array}{l}…\\end{array}\\right. as a left-aligned matrix behind a brace', () => {
    expect(parseLatex('\\left\\{\\begin{array}{l}x+y=3\\\\x-y=1\\end{array}\\right.')).toEqual([
      {
        kind: 'fenced',
        open: '{',
        close: '',
        body: [{ kind: 'matrix', columns: ['left'], rows: [[[run('x+y=3')]], [[run('x-y=1')]]] }],
      },
    ]);
  });

  it('expands *{n}{c} column specs, pads short rows and drops a trailing empty row', () => {
    const [node] = parseLatex('\\begin{array}{*{3}{c}}1&2&3\\\\4\\\\\\end{array}');
    expect(node).toEqual({
      kind: 'matrix',
      columns: ['center', 'center', 'center'],
      rows: [
        [[run('1')], [run('2')], [run('3')]],
        [[run('4')], [], []],
      ],
    });
  });

  it('reads matrix, pmatrix and bmatrix, the last two inside their brackets', () => {
    const cells = [
      [[run('1')], [run('2')]],
      [[run('3')], [run('4')]],
    ];
    expect(parseLatex('\\begin{matrix}1&2\\\\3&4\\end{matrix}')).toEqual([
      { kind: 'matrix', columns: ['center', 'center'], rows: cells },
    ]);
    expect(parseLatex('\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}')).toEqual([
      { kind: 'fenced', open: '(', close: ')', body: [{ kind: 'matrix', columns: ['center', 'center'], rows: cells }] },
    ]);
    expect(parseLatex('\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}')[0]).toMatchObject({ open: '[', close: ']' });
  });

  it('reads aligned equations as right/left columns, skipping \\\\[2pt] spacing', () => {
    expect(parseLatex('\\begin{aligned}a&=1\\\\[2pt]&=2\\end{aligned}')).toEqual([
      {
        kind: 'matrix',
        columns: ['right', 'left'],
        rows: [
          [[run('a')], [run('=1')]],
          [[], [run('=2')]],
        ],
      },
    ]);
  });

  it('writes a matrix as m:m with one m:mc per column and its alignment', async () => {
    const xml = await bodyXml('\\left\\{\\begin{array}{l}x+y=3\\\\x-y=1\\end{array}\\right.');
    expect(xml).toContain('<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr><m:e><m:m>');
    expect(xml).toContain('<m:mcs><m:mc><m:mcPr><m:count m:val="1"/><m:mcJc m:val="left"/></m:mcPr></m:mc></m:mcs>');
    expect(xml.match(/<m:mr>/g)).toHaveLength(2);
  });
});

describe('symbols and commands', () => {
  it('reads □, ◯, ⊥, ∽ and the other signs of school papers', () => {
    expect(parseLatex('2\\bigcirc 8\\square 3')).toEqual([run('2◯8□3')]);
    expect(parseLatex('(\\vec{a}-\\vec{b})\\bot \\vec{b}')).toContainEqual(run(')⊥'));
    expect(parseLatex('\\triangle ABC\\backsim\\triangle DEF')).toEqual([run('△ABC∽△DEF')]);
    expect(parseLatex('Cl_2 \\rightleftharpoons 2Cl')).toContainEqual(run('⇌2Cl'));
    expect(parseLatex('a\\lt b\\not= c')).toEqual([run('a<b=\u0338c')]);
  });

  it('keeps the argument of \\mathsf and ignores {\\bf …} switches', () => {
    expect(parseLatex('\\mathsf{\\geqslant}\\sqrt{\\mathsf{1}}')).toEqual([
      run('⩾'),
      { kind: 'sqrt', body: [run('1')] },
    ]);
    expect(parseLatex('k\\in {\\bf Z}')).toEqual([run('k∈Z')]);
  });

  it('reads \\bmod and \\pmod with an upright mod', () => {
    expect(parseLatex('a\\bmod b')).toEqual([run('a '), { kind: 'run', text: 'mod', upright: true }, run(' b')]);
    expect(parseLatex('2\\pmod 3')).toEqual([
      run('2'),
      { kind: 'fenced', open: '(', close: ')', body: [{ kind: 'run', text: 'mod', upright: true }, run(' 3')] },
    ]);
  });

  it('reads \\underbrace{…}_{n} as a brace under the group with its label under the brace', () => {
    expect(parseLatex('\\underbrace{11\\cdots1}_{n}')).toEqual([
      {
        kind: 'limit',
        position: 'bottom',
        body: [{ kind: 'groupChar', char: '⏟', position: 'bottom', body: [run('11⋯1')] }],
        limit: [run('n')],
      },
    ]);
  });

  it('reads \\boxed, \\stackrel, \\xrightarrow and big operators', () => {
    expect(parseLatex('\\boxed{7}')).toEqual([{ kind: 'box', body: [run('7')] }]);
    expect(parseLatex('\\stackrel{\\triangle}{=}')).toEqual([
      { kind: 'limit', position: 'top', body: [run('=')], limit: [run('△')] },
    ]);
    expect(parseLatex('\\xrightarrow{+8}')).toEqual([
      { kind: 'limit', position: 'top', body: [run('→')], limit: [run('+8')] },
    ]);
    const upright = (text: string) => ({ kind: 'run', text, upright: true });
    expect(parseLatex('\\mathrm{NH_4Cl}')).toEqual([
      upright('N'),
      { kind: 'script', base: [upright('H')], sub: [upright('4')], sup: undefined },
      upright('Cl'),
    ]);
    expect(parseLatex('M\\bigcap N')).toEqual([run('M'), { kind: 'nary', operator: '⋂', body: [run('N')] }]);
  });

  it('writes a box, a limit under a brace and a big operator as their OMML objects', async () => {
    expect(await bodyXml('\\boxed{7}')).toContain('<m:borderBox><m:e>');
    const brace = await bodyXml('\\underbrace{ab}_{n}');
    expect(brace).toContain('<m:limLow>');
    expect(brace).toContain('<m:groupChr><m:groupChrPr><m:chr m:val="⏟"/><m:pos m:val="bot"/>');
    const product = await bodyXml('\\prod_{k=1}^{n}k');
    expect(product).toContain('<m:nary><m:naryPr><m:chr m:val="∏"/><m:limLoc m:val="undOvr"/></m:naryPr><m:sub>');
    // ⋂ is not an n-ary object LibreOffice's import knows (the PDF would print ¿): a sign with scripts.
    const cap = await bodyXml('\\bigcap_{i=1}^{n}A_i');
    expect(cap).toContain('<m:sSubSup><m:sSubSupPr/><m:e><m:r><m:t>⋂</m:t></m:r></m:e>');
  });

  it('gives a slot starting with a relation or ending with an operator an invisible operand', async () => {
    expect(await bodyXml('=3')).toContain('\u200b=3</m:t>');
    expect(await bodyXml('M\\cap N=')).toContain('>M∩N=\u200b</m:t>');
    expect(await bodyXml('-3')).toContain('<m:t>-3</m:t>');
  });
});

describe('pictures for what Word equations do not draw', () => {
  it('draws an array with rules as an inline PNG sized to the text, never as its source', async () => {
    const tex = '\\begin{array}{c|c}x&1\\\\\\hline y&2\\end{array}';
    const pictures = await formulaPictures([`表中 $${tex}$ 的值`]);
    const picture = pictures.get(tex)!;
    expect(picture.png.subarray(1, 4).toString()).toBe('PNG');
    // Two rows of text: a little over two lines tall, about as wide as four characters.
    expect(picture.heightEm).toBeGreaterThan(2);
    expect(picture.heightEm).toBeLessThan(4);
    const xml = await bodyXml(tex, true);
    expect(xml).toContain('<w:drawing><wp:inline');
    expect(xml).not.toMatch(/<w:t[ >][^<]*hline/);
    // The source stays as the picture's description, for screen readers and for the Word import.
    expect(xml).toContain('descr="$\\begin{array}{c|c}');
  });

  it('prepares no picture for formulas built as equations', async () => {
    expect((await formulaPictures(['$\\frac{1}{2}$ 与 $\\begin{cases}x=1\\\\y=2\\end{cases}$'])).size).toBe(0);
  });
});
