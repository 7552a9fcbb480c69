import JSZip from 'jszip';

// A Word file's page as a printer sees it, read from the .docx itself: the section's page size,
// orientation, margins and columns, and the seal line's floating table (position, width, height),
// all in millimetres. Tests compare them with the paper sizes (A4 210 × 297, A3 420 × 297).

const TWIPS_PER_MM = 56.6929;
const toMm = (twips: string | undefined) => (twips === undefined ? Number.NaN : Number(twips) / TWIPS_PER_MM);

/** The value of `attribute` on the first `<tag …>` of `xml`. */
function attribute(xml: string, tag: string, name: string): string | undefined {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(xml)?.[0];
  return element ? new RegExp(`\\b${name}="([^"]*)"`).exec(element)?.[1] : undefined;
}

export interface DocxPage {
  widthMm: number;
  heightMm: number;
  orientation: 'portrait' | 'landscape';
  margin: { top: number; bottom: number; left: number; right: number };
  columns: number;
  /** The seal line's table in page coordinates, or null when the paper has none. */
  sealLine: { xMm: number; yMm: number; widthMm: number; heightMm: number } | null;
}

export async function docxPage(buffer: Buffer): Promise<DocxPage> {
  const zip = await JSZip.loadAsync(buffer);
  const document = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const sectPr = /<w:sectPr\b[\s\S]*?<\/w:sectPr>/.exec(document)?.[0] ?? '';
  const headerFile = /<w:headerReference\b[^>]*r:id="([^"]+)"/.exec(sectPr)?.[1];
  const relations = (await zip.file('word/_rels/document.xml.rels')?.async('string')) ?? '';
  const target = headerFile
    ? new RegExp(`<Relationship\\b[^>]*Id="${headerFile}"[^>]*Target="([^"]+)"`).exec(relations)?.[1]
    : undefined;
  const header = target ? ((await zip.file(`word/${target}`)?.async('string')) ?? '') : '';
  const sealLine = header.includes('<w:tblpPr')
    ? {
        xMm: toMm(attribute(header, 'w:tblpPr', 'w:tblpX')),
        yMm: toMm(attribute(header, 'w:tblpPr', 'w:tblpY')),
        widthMm: toMm(attribute(header, 'w:tblW', 'w:w')),
        heightMm: toMm(attribute(header, 'w:trHeight', 'w:val')),
      }
    : null;
  return {
    widthMm: toMm(attribute(sectPr, 'w:pgSz', 'w:w')),
    heightMm: toMm(attribute(sectPr, 'w:pgSz', 'w:h')),
    orientation: attribute(sectPr, 'w:pgSz', 'w:orient') === 'landscape' ? 'landscape' : 'portrait',
    margin: {
      top: toMm(attribute(sectPr, 'w:pgMar', 'w:top')),
      bottom: toMm(attribute(sectPr, 'w:pgMar', 'w:bottom')),
      left: toMm(attribute(sectPr, 'w:pgMar', 'w:left')),
      right: toMm(attribute(sectPr, 'w:pgMar', 'w:right')),
    },
    columns: Number(attribute(sectPr, 'w:cols', 'w:num') ?? 1),
    sealLine,
  };
}

/** A PDF's first page size in millimetres, from its MediaBox (points). */
export function pdfPageMm(pdf: Buffer): { widthMm: number; heightMm: number } {
  const box = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  if (!box) throw new Error('no MediaBox in the PDF');
  const [x0, y0, x1, y1] = box.slice(1).map(Number) as [number, number, number, number];
  const points = 72 / 25.4;
  return { widthMm: (x1 - x0) / points, heightMm: (y1 - y0) / points };
}
