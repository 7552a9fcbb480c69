import mammoth from 'mammoth';
import { badInput } from '../../../platform/errors.ts';
import { checkDocumentFile, type DocumentLimits } from '../../../platform/upload-limits.ts';
import { withEquationsAsText } from './omml-docx.ts';

// A Word paper's first stage (parse-docx-paper.ts tells the whole way): the .docx checked against
// the upload limits and read by mammoth into lines of text, its pictures kept aside and marked.

/** A picture of the document in the text: `\u0000图<index into DocxPaper.pictures>\u0000`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL cannot occur in a .docx's text (XML forbids it), so the marker never clashes
export const PICTURE_MARK = /\u0000图(\d+)\u0000/g;
const pictureMark = (index: number) => `\u0000图${index}\u0000`;
const FORMULA_ALT = /^\$[^$]+\$$/;
const NOT_DOCX = 'Word 文件无法读取，请上传 .docx 格式的文件（.doc 请先在 Word 中另存为 .docx）';
/**
 * A paper of 500 questions with answers and explanations is a few thousand paragraphs; pictures
 * make up most of a file's size. Checked before mammoth builds the document in memory.
 */
const DOCUMENT_LIMITS: DocumentLimits = {
  maxUnzippedBytes: 100 * 1024 * 1024,
  maxEntries: 2_000,
  maxParagraphs: 10_000,
  maxDocumentBytes: 20 * 1024 * 1024,
};

export interface DocxPicture {
  contentType: string;
  bytes: Uint8Array;
}

/** The paper's lines of text and, in Chinese, what mammoth warned of while reading it. */
export async function readDocxText(
  buffer: Buffer,
): Promise<{ lines: string[]; warnings: string[]; pictures: DocxPicture[] }> {
  checkDocumentFile(buffer, DOCUMENT_LIMITS, NOT_DOCX);
  try {
    const pictures: DocxPicture[] = [];
    const result = await mammoth.convertToHtml(
      { buffer: await withEquationsAsText(buffer) },
      {
        // A formula drawn as a picture comes back from its alt text; any other picture's bytes are
        // kept and its place marked by its index (the src), for the importer to store.
        convertImage: mammoth.images.imgElement(async (image) => {
          // mammoth passes the picture's alt text at run time; its typings leave it out.
          const alt = (image as { altText?: string }).altText?.trim() ?? '';
          if (FORMULA_ALT.test(alt)) return { src: '' };
          const bytes = new Uint8Array(await image.readAsBuffer());
          return { src: `picture:${pictures.push({ contentType: image.contentType ?? '', bytes }) - 1}` };
        }),
      },
    );
    const warnings = [...new Set(result.messages.map((m) => warningText(m.message)))];
    return { lines: htmlLines(result.value), warnings, pictures };
  } catch {
    throw badInput(NOT_DOCX, { field: 'file' });
  }
}

/** The paper's lines of text. */
export async function docxLines(buffer: Buffer): Promise<string[]> {
  return (await readDocxText(buffer)).lines;
}

/** mammoth's messages ("Unrecognised paragraph style: 'Title' (Style ID: Title)") in Chinese. */
export function warningText(message: string): string {
  const style = /^Unrecognised (paragraph|run|table) style: '([^']*)'/.exec(message);
  if (style) {
    const kind = { paragraph: '段落', run: '文字', table: '表格' }[style[1] as 'paragraph' | 'run' | 'table'];
    return `Word 读取提示：${kind}样式“${style[2]}”未识别，已按普通${kind}读取`;
  }
  return `Word 读取提示：${message}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** Superscripts and subscripts become formulas ($^{2}$), so x² still reads as x² on screen. */
const script = (mark: string) => (_whole: string, inner: string) => {
  const text = decode(inner.replace(/<[^>]+>/g, '')).trim();
  return text === '' || text.includes('$') ? text : `$${mark}{${text}}$`;
};

/**
 * Word's automatic numbering is not text: mammoth gives numbered paragraphs as <ol><li> without
 * their numbers. Top-level items are numbered on through the whole paper (a question list is split
 * into several <ol> by the option paragraphs between them); nested items become （1）（2） sub-parts.
 */
function numberLists(html: string): string {
  const lists: { ordered: boolean; count: number }[] = [];
  let questions = 0;
  return html.replace(/<(\/?)(ol|ul|li)\b[^>]*>/gi, (_tag, closing: string, name: string) => {
    const tag = name.toLowerCase();
    if (tag !== 'li') {
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', count: 0 });
      return '\n';
    }
    const list = lists.at(-1);
    if (closing || !list?.ordered) return '\n';
    list.count += 1;
    if (lists.length === 1) return `\n${++questions}. `;
    return `\n（${list.count}）`;
  });
}

/**
 * A formula the Word export drew as a picture names its source in the alt text: `$…$`; any other
 * picture becomes its marker (a picture mammoth could not read, with no src, an empty one).
 */
function pictureText(img: string): string {
  const alt = /\balt="([^"]*)"/.exec(img)?.[1];
  const text = alt ? decode(alt).trim() : '';
  if (FORMULA_ALT.test(text)) return text;
  const index = /\bsrc="picture:(\d+)"/.exec(img)?.[1];
  return index === undefined ? '' : pictureMark(Number(index));
}

/** mammoth's HTML as trimmed, non-empty lines: paragraphs, list items and table rows each a line. */
export function htmlLines(html: string): string[] {
  const text = numberLists(html)
    .replace(/<img[^>]*>/gi, pictureText)
    .replace(/<sup>([\s\S]*?)<\/sup>/gi, script('^'))
    .replace(/<sub>([\s\S]*?)<\/sub>/gi, script('_'))
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '  ')
    .replace(/<[^>]+>/g, '');
  return decode(text)
    .split('\n')
    .map((line) => line.replace(/[\u00a0\u3000\t]/g, ' ').trim())
    .filter(Boolean);
}
