import mammoth from 'mammoth';
import { badInput } from '../../../platform/errors.ts';
import { offThread } from '../../../platform/parse-worker.ts';
import { checkDocumentFile, type DocumentLimits } from '../../../platform/upload-limits.ts';
import { withEquationsAsText } from './omml-docx.ts';
import { choiceLetters, halfWidth, judgeAnswer, typeFromHeading } from './parse-question-fields.ts';

// A whole paper from Word (issue #6 item 2, #22 item 3): the .docx becomes lines of text (Word
// equations turned into $LaTeX$ first, omml-docx.ts; then mammoth → HTML → text; formulas typed as
// text, $…$ included, stay as they are; a formula exported as a picture comes back from its
// description; other pictures become a numbered marker, their bytes kept for the importer to
// store (question-pictures.ts); every warning of mammoth's goes to the preview's notes), then the lines are split into questions by their numbers. Section headings
// (一、选择题) give the type; （1）sub-parts stay with their question; options A–D are found on one
// line or several; answers and explanations come from 【答案】/答案：/【解析】 markers or from an
// answer key at the end. What could not be recognised is left for the teacher to correct in the
// preview.

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

export interface DocxQuestion {
  /** The question number in the paper. */
  no: number;
  section: string | null;
  typeName: string;
  stem: string;
  options: string[];
  answer: string;
  explanation: string;
  score: number | null;
  notes: string[];
}

export interface DocxPaper {
  /** The first line before any question (the paper's title), if there is one. */
  title: string | null;
  questions: DocxQuestion[];
  notes: string[];
  /** The document's pictures in reading order (not formulas), as Word holds them. */
  pictures: DocxPicture[];
}

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

/** The paper of an uploaded .docx: the file checked, read and split into questions. */
export async function readDocxPaper(buffer: Buffer): Promise<DocxPaper> {
  const { lines, warnings, pictures } = await readDocxText(buffer);
  const paper = parsePaperLines(lines);
  return { ...paper, notes: [...paper.notes, ...warnings], pictures };
}

/** readDocxPaper in a parse worker thread, so a long paper does not hold up other requests. */
export const readDocxPaperInWorker = offThread(import.meta.url, readDocxPaper);

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

/** 注意事项 heading, possibly with the first note after it on the same line. */
const NOTES_HEADING = /^[【[]?\s*(?:注意事项|考生须知|考试须知)\s*[】\]]?\s*[:：]?\s*(.*)$/;
const SECTION = /^([一二三四五六七八九十]{1,3})\s*[、.．]\s*(.+)$/;
const QUESTION = /^(\d{1,3})\s*[.．、](?!\d)\s*(.*)$/;
const ANSWER_MARK = /^(?:[【〖[]\s*(?:参考)?答案\s*[】〗\]]|(?:参考)?答案\s*[:：])\s*(.*)$/;
const EXPLAIN_MARK =
  /^(?:[【〖[]\s*(?:解析|分析|详解|解答|点睛|点评|考点)\s*[】〗\]]|(?:解析|分析|详解)\s*[:：])\s*(.*)$/;
/** Markers that may follow text on the same line: each starts a line of its own. */
const INLINE_MARK = /(?<=\S)\s*([【〖]\s*(?:答案|解析|分析|详解|解答|点睛|点评|考点)\s*[】〗])/g;
const OWN_SCORE = /^[（(]\s*(\d+(?:\.\d+)?)\s*分\s*[)）]\s*/;
const SECTION_SCORE = /每(?:小)?题\s*(\d+(?:\.\d+)?)\s*分/;

interface Building {
  no: number;
  section: { title: string; typeName: string | null; score: number | null } | null;
  stem: string[];
  answer: string[];
  explanation: string[];
}

/** Splits a paper's lines into questions. */
export function parsePaperLines(rawLines: string[]): DocxPaper {
  const lines = rawLines.flatMap((line) => line.replace(INLINE_MARK, '\n$1').split('\n'));
  let title: string | null = null;
  let section: Building['section'] = null;
  let current: Building | null = null;
  let part: 'stem' | 'answer' | 'explanation' = 'stem';
  let last = 0;
  let sectionFresh = false;
  const built: Building[] = [];
  const keyLines: string[] = [];
  let inKey = false;
  /** Inside the paper's 注意事项 (before any question): null, or how its lines are numbered. */
  let paperNotes: { numbered: boolean | null; last: number } | null = null;

  const finish = () => {
    if (current) built.push(current);
    current = null;
  };
  for (const line of lines) {
    if (inKey) {
      keyLines.push(line);
      continue;
    }
    if (isAnswerKeyHeading(line) && (current || built.length > 0)) {
      finish();
      inKey = true;
      continue;
    }
    const heading = SECTION.exec(line);
    const notesHeading = NOTES_HEADING.exec(line);
    if (notesHeading && !current && built.length === 0) {
      paperNotes = { numbered: null, last: 0 };
      if (!notesHeading[1]) continue;
    }
    if (paperNotes && !(heading && isHeading(heading[2]!))) {
      // Numbered notes (1. 2. 3.) go on in order; the first number out of order, or any number
      // after unnumbered notes, is the first question.
      const rest = notesHeading?.[1] ?? line;
      const number = QUESTION.exec(rest);
      paperNotes.numbered ??= number !== null;
      if (!number) continue;
      if (paperNotes.numbered && Number(number[1]) === paperNotes.last + 1) {
        paperNotes.last++;
        continue;
      }
    }
    paperNotes = null;
    if (heading && isHeading(heading[2]!)) {
      finish();
      section = {
        // Without its numeral: a paper numbers its sections itself when shown.
        title: heading[2]!.replace(/\s+/g, ''),
        typeName: typeFromHeading(heading[2]!),
        score: sectionScore(line),
      };
      sectionFresh = true;
      continue;
    }
    const numbered = QUESTION.exec(line);
    if (numbered) {
      const no = Number(numbered[1]);
      if (no === last + 1 || (sectionFresh && no === 1) || last === 0) {
        finish();
        current = { no, section, stem: [], answer: [], explanation: [] };
        part = 'stem';
        last = no;
        sectionFresh = false;
        if (numbered[2]) current.stem.push(numbered[2]);
        continue;
      }
    }
    if (!current) {
      if (title === null && section === null && built.length === 0) {
        // Our own teacher's version says so after its title; the imported paper is the paper.
        title =
          line
            .replace(PICTURE_MARK, '')
            .replace(/[（(]教师版[)）]$/, '')
            .trim() || null;
      }
      continue;
    }
    const answer = ANSWER_MARK.exec(line);
    const explanation = answer ? null : EXPLAIN_MARK.exec(line);
    if (answer) part = 'answer';
    else if (explanation) part = 'explanation';
    const rest = answer ? answer[1]! : explanation ? explanation[1]! : line;
    if (rest) (current as Building)[part].push(rest);
  }
  finish();

  const notes: string[] = [];
  const questions = built.map(toQuestion);
  const key = answerKey(keyLines);
  for (const [no, entry] of key) {
    const question = questions.find((q) => q.no === no);
    if (!question) {
      notes.push(`答案部分的第 ${no} 题在试卷中没有找到`);
      continue;
    }
    if (!question.answer && entry.answer) question.answer = objectiveAnswer(question, entry.answer);
    if (!question.explanation && entry.explanation) question.explanation = entry.explanation;
    if (question.answer) question.notes = question.notes.filter((note) => note !== NO_ANSWER);
    retype(question);
  }
  return { title, questions, notes, pictures: [] };
}

const NO_ANSWER = '未识别到答案，请在预览中填写';

/**
 * The heading of an answer key at the end (参考答案, 七年级数学答案与解析). A bracketed 【答案】 or
 * "答案：" alone on a line is a question's own marker (its answer on the next line), not a key.
 */
function isAnswerKeyHeading(line: string): boolean {
  const core = line.replace(/\s+/g, '').replace(/[:：]$/, '');
  if (/^[【[〖](参考)?答案[】\]〗]$/.test(core) || /[:：]$/.test(line.trim())) return false;
  const bare = core.replace(/^[【[〖]|[】\]〗]$/g, '');
  return bare.length <= 24 && /(参考答案|答案与解析|答案及解析|答案解析|^答案)([与及和]评分(标准|细则))?$/.test(bare);
}

function isHeading(text: string): boolean {
  return typeFromHeading(text) !== null || /题/.test(text.slice(0, 12));
}

function sectionScore(line: string): number | null {
  const match = SECTION_SCORE.exec(line);
  return match ? Number(match[1]) : null;
}

function toQuestion(building: Building): DocxQuestion {
  const notes: string[] = [];
  const join = (lines: string[]) => lines.join('\n');
  let stemText = join(building.stem);
  const clean = (text: string) => text.replace(/[ \t]+\n/g, '\n').trim();
  let score = building.section?.score ?? null;
  const own = OWN_SCORE.exec(stemText);
  if (own) {
    score = Number(own[1]);
    stemText = stemText.slice(own[0].length);
  }
  const { stem, options } = splitOptions(clean(stemText));
  const question: DocxQuestion = {
    no: building.no,
    section: building.section?.title ?? null,
    typeName: building.section?.typeName ?? '',
    stem,
    options,
    answer: '',
    explanation: clean(join(building.explanation)),
    score,
    notes,
  };
  question.answer = objectiveAnswer(question, clean(join(building.answer)));
  if (!question.answer) notes.push(NO_ANSWER);
  retype(question);
  return question;
}

/** The letters of a choice answer written with trailing words ("B．因为…" → B); other answers as they are. */
function objectiveAnswer(question: DocxQuestion, answer: string): string {
  if (question.options.length === 0) return answer;
  const lead = /^([A-HＡ-Ｈ](?:[\s、,，]*[A-HＡ-Ｈ])*)(?=$|[\s.．。,，;；:：])/.exec(answer.trim());
  return lead ? (choiceLetters(lead[1]!) ?? answer) : answer;
}

/** The type from the content when the section gave none, and 多选题 for a choice with several letters. */
function retype(question: DocxQuestion): void {
  const letters = question.options.length >= 2 ? choiceLetters(question.answer) : null;
  if (!question.typeName) {
    if (question.options.length >= 2) question.typeName = letters && letters.length > 1 ? '多选题' : '单选题';
    else if (judgeAnswer(question.answer)) question.typeName = '判断题';
    else if (/_{3,}|＿{2,}/.test(question.stem)) question.typeName = '填空题';
    else question.typeName = '解答题';
  } else if (question.typeName === '单选题' && letters && letters.length > 1) {
    question.typeName = '多选题';
  }
}

interface Marker {
  letter: number;
  start: number;
  end: number;
}

const OPTION_MARK = /(^|[\s])(?:([A-HＡ-Ｈ])\s*[.．、:：]|[（(]\s*([A-HＡ-Ｈ])\s*[)）])\s*/g;

/**
 * The stem and the options A, B, C … of a question's text. Options may share a line ("A. 1  B. 2")
 * or have a line each. The last A that a B follows starts them, so a point named A in the stem
 * does not.
 */
export function splitOptions(text: string): { stem: string; options: string[] } {
  const markers: Marker[] = [];
  for (const match of text.matchAll(OPTION_MARK)) {
    const letter = halfWidth(match[2] ?? match[3]!).charCodeAt(0) - 65;
    const start = match.index + match[1]!.length;
    markers.push({ letter, start, end: match.index + match[0].length });
  }
  for (let a = markers.length - 1; a >= 0; a--) {
    if (markers[a]!.letter !== 0) continue;
    const chain = [markers[a]!];
    for (const marker of markers.slice(a + 1)) {
      if (marker.letter === chain.length) chain.push(marker);
    }
    if (chain.length < 2) continue;
    const options = chain.map((marker, i) =>
      text
        .slice(marker.end, chain[i + 1]?.start ?? text.length)
        .replace(/\s+/g, ' ')
        .trim(),
    );
    return { stem: text.slice(0, chain[0]!.start).trim(), options };
  }
  return { stem: text, options: [] };
}

interface KeyEntry {
  answer: string;
  explanation: string;
}

const KEY_RANGE = /(\d{1,3})\s*[-~～—–]\s*(\d{1,3})\s*[.．、:：]?\s*([A-HＡ-Ｈ](?:\s*[A-HＡ-Ｈ])*)/g;
const KEY_SHORT = /(\d{1,3})\s*[.．、:：]\s*([^\s]{1,8}?)(?=\s+\d{1,3}\s*[.．、:：]|\s*$)/g;

/** The answer key at the end: "1-5 ABCDA", "1.A 2.B 3.C", or "13. 解：…" over several lines. */
function answerKey(lines: string[]): Map<number, KeyEntry> {
  const texts = new Map<number, string[]>();
  let open: number | null = null;
  for (const line of lines) {
    const ranges = [...line.matchAll(KEY_RANGE)];
    if (ranges.length > 0) {
      for (const [, from, to, letters] of ranges) {
        const compact = (letters ?? '').replace(/\s/g, '');
        for (let no = Number(from); no <= Number(to); no++) {
          const letter = compact[no - Number(from)];
          if (letter) texts.set(no, [letter]);
        }
      }
      open = null;
      continue;
    }
    const shorts = [...line.matchAll(KEY_SHORT)];
    if (shorts.length > 1) {
      for (const [, no, answer] of shorts) texts.set(Number(no), [answer!]);
      open = null;
      continue;
    }
    const numbered = QUESTION.exec(line);
    if (numbered) {
      open = Number(numbered[1]);
      texts.set(open, numbered[2] ? [numbered[2]] : []);
      continue;
    }
    if (SECTION.exec(line)) {
      open = null;
      continue;
    }
    if (open !== null) texts.get(open)!.push(line);
  }
  const entries = new Map<number, KeyEntry>();
  for (const [no, parts] of texts) {
    const answer: string[] = [];
    const explanation: string[] = [];
    let target = answer;
    for (const part of parts) {
      const a = ANSWER_MARK.exec(part);
      const e = a ? null : EXPLAIN_MARK.exec(part);
      if (a) target = answer;
      else if (e) target = explanation;
      const rest = a ? a[1]! : e ? e[1]! : part;
      if (rest) target.push(rest);
    }
    entries.set(no, { answer: answer.join('\n').trim(), explanation: explanation.join('\n').trim() });
  }
  return entries;
}
