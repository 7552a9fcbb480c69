import { splitPictures } from '@huikao/contracts';
import { ImageRun, TextRun } from 'docx';
import sharp from 'sharp';

// The stored pictures of question text (`{{图:<school>/<file>}}`, a Word import's figures, #22
// item 3) embedded in the Word export, so a paper printed from the bank shows them and a round
// trip through Word keeps them. Read before the document is built (docx builds synchronously).

export interface QuestionFigure {
  data: Buffer;
  type: 'png' | 'jpg' | 'gif';
  width: number;
  height: number;
}

/** By `<school>/<file>`. */
export type QuestionFigures = ReadonlyMap<string, QuestionFigure>;

/** The bytes of a stored picture the exporting user may read, or null. */
export type ReadFigure = (schoolId: string, file: string) => Promise<Buffer | null>;

/** At most this wide on the page (px at 96 per inch, about 13 cm): fits a column of every layout. */
const MAX_WIDTH_PX = 490;

async function figureOf(bytes: Buffer): Promise<QuestionFigure | null> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return null;
  const scale = Math.min(1, MAX_WIDTH_PX / meta.width);
  const size = { width: Math.round(meta.width * scale), height: Math.max(1, Math.round(meta.height * scale)) };
  if (meta.format === 'png' || meta.format === 'gif') return { data: bytes, type: meta.format, ...size };
  if (meta.format === 'jpeg') return { data: bytes, type: 'jpg', ...size };
  // WebP is not a picture type of Word's: embedded as PNG.
  return { data: await sharp(bytes).png().toBuffer(), type: 'png', ...size };
}

/** Reads, once each, the pictures named in these texts. */
export async function questionFigures(texts: Iterable<string>, read: ReadFigure): Promise<QuestionFigures> {
  const figures = new Map<string, QuestionFigure>();
  const missing = new Set<string>();
  for (const text of texts) {
    for (const segment of splitPictures(text)) {
      if (segment.kind !== 'picture') continue;
      const key = `${segment.schoolId}/${segment.file}`;
      if (figures.has(key) || missing.has(key)) continue;
      const bytes = await read(segment.schoolId, segment.file);
      const figure = bytes ? await figureOf(bytes) : null;
      if (figure) figures.set(key, figure);
      else missing.add(key);
    }
  }
  return figures;
}

/** The picture as an inline image, or a visible mark where it could not be read. */
export function figureRun(schoolId: string, file: string, figures: QuestionFigures, size: number): ImageRun | TextRun {
  const figure = figures.get(`${schoolId}/${file}`);
  if (!figure) return new TextRun({ text: '[图片缺失]', size });
  return new ImageRun({
    type: figure.type,
    data: figure.data,
    transformation: { width: figure.width, height: figure.height },
    altText: { name: 'figure', title: '图', description: '图' },
  });
}
