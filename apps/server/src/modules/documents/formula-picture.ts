import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { AllPackages } from 'mathjax-full/js/input/tex/AllPackages.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';
import sharp from 'sharp';

// The rare formula the Word equation converter does not build (an array with rules, a command it
// does not know) printed as a picture instead of its source: MathJax draws it as SVG, sharp turns
// the SVG into a PNG at print resolution, and the export places it inline, sized to the text.

/** Print resolution of the pictures: 600 dpi keeps the strokes crisp at 10.5 pt. */
const DPI = 600;
/** MathJax sizes its SVG in ex of its TeX font, whose x-height is 0.442 em. */
const EM_PER_EX = 0.442;

export interface FormulaPicture {
  png: Buffer;
  /** Printed size in em of the text it stands in (10.5 pt text: width 2 em = 21 pt). */
  widthEm: number;
  heightEm: number;
}

/** The text size the pixels are counted for; larger text scales the same picture up. */
const DRAWN_AT_PT = 10.5;

const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
const output = new SVG({ fontCache: 'none' });
const html = mathjax.document('', {
  InputJax: new TeX({ packages: AllPackages.filter((name) => name !== 'bussproofs') }),
  OutputJax: output,
});
/** MathJax's own stylesheet for its SVG (rules of arrays, frames), placed inside each picture. */
let style: string | undefined;
const styleOf = () => {
  style ??= adaptor.textContent(output.styleSheet(html) as Parameters<typeof adaptor.textContent>[0]);
  return style;
};

/** The formula as SVG and its size in ex, or null when MathJax cannot read it either. */
export function formulaSvg(tex: string): { svg: string; widthEx: number; heightEx: number } | null {
  const node = html.convert(tex, { display: false });
  const svg = adaptor.firstChild(node) as Parameters<typeof adaptor.outerHTML>[0];
  const markup = adaptor.outerHTML(svg);
  if (markup.includes('data-mjx-error') || markup.includes('merror')) return null;
  const widthEx = Number.parseFloat(adaptor.getAttribute(svg, 'width'));
  const heightEx = Number.parseFloat(adaptor.getAttribute(svg, 'height'));
  if (!(widthEx > 0 && heightEx > 0)) return null;
  const styled = markup.replace(/^<svg([^>]*)>/, (open) => `${open}<style>${styleOf()}</style>`);
  return { svg: styled, widthEx, heightEx };
}

/** The formula drawn black on transparent at print resolution, or null when MathJax refuses it. */
export async function formulaPicture(tex: string): Promise<FormulaPicture | null> {
  const drawn = formulaSvg(tex);
  if (!drawn) return null;
  const widthEm = drawn.widthEx * EM_PER_EX;
  const heightEm = drawn.heightEx * EM_PER_EX;
  const px = (em: number) => Math.max(1, Math.round(((em * DRAWN_AT_PT) / 72) * DPI));
  const svg = drawn.svg
    .replace(/currentColor/g, '#000')
    .replace(/ width="[^"]*"/, ` width="${px(widthEm)}"`)
    .replace(/ height="[^"]*"/, ` height="${px(heightEm)}"`);
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return { png, widthEm, heightEm };
}
