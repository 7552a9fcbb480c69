import { z } from 'zod';
import { emptyParams, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// Document tools of the file tool service (spec §7 tool/api; issue #6 export): a user paper as a
// Word or PDF file in four versions. One `format` token names both the version and the file type,
// so the download record (`qb_downloads.format`) and `downloadUrlOf(userPaperId, format)` replay
// exactly the file that was exported.

/** The versions of an exported paper. */
export const EXPORT_VERSIONS = {
  student: '学生版',
  /** Each question followed by its answer and explanation. */
  teacher: '教师版',
  /** The student paper, then every answer and explanation at the end. */
  answers: '答案附后版',
  /** The matching answer sheet. */
  sheet: '答题卡',
} as const;
export type ExportVersion = keyof typeof EXPORT_VERSIONS;

export const EXPORT_FILE_TYPES = ['docx', 'pdf'] as const;
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number];

/** `docx` / `pdf` are the student version (the older tokens of the download record); others `<version>-<type>`. */
export function exportFormatOf(version: ExportVersion, fileType: ExportFileType): string {
  return version === 'student' ? fileType : `${version}-${fileType}`;
}

export const EXPORT_FORMATS = (Object.keys(EXPORT_VERSIONS) as ExportVersion[]).flatMap((version) =>
  EXPORT_FILE_TYPES.map((fileType) => exportFormatOf(version, fileType)),
);

export function parseExportFormat(format: string): { version: ExportVersion; fileType: ExportFileType } | null {
  const [first, second] = format.split('-');
  const version = (second === undefined ? 'student' : first) as ExportVersion;
  const fileType = (second ?? first) as ExportFileType;
  if (!(version in EXPORT_VERSIONS) || !EXPORT_FILE_TYPES.includes(fileType)) return null;
  if (second !== undefined && version === 'student') return null;
  return { version, fileType };
}

/** How a download's format reads: Word 学生版, PDF 答题卡…; an unknown token as it is. */
export function exportFormatName(format: string): string {
  const parsed = parseExportFormat(format);
  if (!parsed) return format;
  return `${parsed.fileType === 'pdf' ? 'PDF' : 'Word'} ${EXPORT_VERSIONS[parsed.version]}`;
}

/** Shown on the disabled PDF button and answered by the server when LibreOffice is missing. */
export const PDF_UNAVAILABLE_MESSAGE = 'PDF 导出需要服务器安装 LibreOffice';

const exportParams = z.object({
  userPaperId: idSchema('试卷'),
  format: z
    .string({ error: '导出格式不正确' })
    .trim()
    .optional()
    .transform((v) => v || 'docx')
    .refine((v) => parseExportFormat(v) !== null, `导出格式只能是 ${EXPORT_FORMATS.join('、')}`),
});

export const exportOptionsSchema = z.object({
  /** Whether the server can convert to PDF (LibreOffice on its PATH). */
  pdf: z.boolean(),
  /** Why PDF is not offered; null when it is. */
  pdfMessage: z.string().nullable(),
});
export type ExportOptions = z.infer<typeof exportOptionsSchema>;

/** A file answer: the file itself, never the envelope (protocol.md). */
const file = z.unknown();

export const documentsApi = {
  /** The export as a link (GET, what `downloadUrlOf` points to). */
  generateWord: endpoint('tool', 'word/generateWord', {
    kind: 'get',
    access: 'session',
    params: exportParams,
    response: file,
    loading: true,
  }),
  /** The same export as the tool service's JSON POST (protocol.md). */
  generateWordPost: endpoint('tool', 'word/generateWord', {
    kind: 'json',
    access: 'session',
    params: exportParams,
    response: file,
    loading: true,
  }),
  /** What the export can make on this server (the web disables PDF when it cannot). */
  exportOptions: endpoint('tool', 'word/exportOptions', {
    kind: 'json',
    access: 'session',
    params: emptyParams,
    response: exportOptionsSchema,
  }),
};

// ---- What the editor's preview and the export print alike ----

/** The student information line (and the seal line): 学校：____ 班级：____ 姓名：____ 考号：____ */
export const STUDENT_INFO_FIELDS = ['学校', '班级', '姓名', '考号'] as const;

/**
 * Answer space under a question whose paper leaves it unset: none for choice, fill-in and
 * true/false questions (answered on the line or in the options), 40 mm for the others.
 */
export function defaultAnswerHeightMm(questionTypeName: string, hasOptions: boolean): number {
  return hasOptions || /选择|单选|多选|填空|判断/.test(questionTypeName) ? 0 : 40;
}

const NUMERALS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 1 → 一, 12 → 十二, 21 → 二十一 (papers have at most 30 sections). */
export function chineseNumeral(n: number): string {
  if (n <= 10) return NUMERALS[n]!;
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : NUMERALS[tens]}十${ones === 0 ? '' : NUMERALS[ones]}`;
}

/** A score as printed: 4, 4.5, 0.25 (never 4.00). */
export const scoreText = (score: number) => String(Math.round(score * 100) / 100);

/** The section title without a numeral the teacher may have typed (一、 or 1.), which the heading adds. */
export function bareSectionTitle(title: string): string {
  return title.replace(/^\s*(?:[一二三四五六七八九十]+|\d+)\s*[、.．]\s*/, '').trim();
}

/** 一、选择题（本题共5小题，每小题4分，共20分）; only the total when the scores differ. */
export function sectionHeading(index: number, title: string, scores: readonly number[]): string {
  const hundredths = scores.reduce((sum, s) => sum + Math.round(s * 100), 0);
  const same = scores.length > 0 && scores.every((s) => s === scores[0]);
  const detail = same
    ? `本题共${scores.length}小题，每小题${scoreText(scores[0]!)}分，共${scoreText(hundredths / 100)}分`
    : `本题共${scores.length}小题，共${scoreText(hundredths / 100)}分`;
  return `${chineseNumeral(index + 1)}、${bareSectionTitle(title)}（${detail}）`;
}

// ---- Formulas in question text ----

/**
 * Question text encodes formulas as `$…$` (inline) and `$$…$$` (display), `\$` a literal dollar.
 * A `$` without its closing partner stays text, so a stray dollar (a price, an import typo) is
 * kept as written instead of swallowing the rest of the stem. The web's KaTeX rendering and the
 * Word export read text by this one rule.
 */
export type FormulaSegment = { kind: 'text'; text: string } | { kind: 'math'; tex: string; display: boolean };

/** The next unescaped `delimiter` at or after `from`; -1 if none. */
function findClosing(text: string, delimiter: string, from: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(delimiter, i)) return i;
    i++;
  }
  return -1;
}

export function splitFormulaText(text: string): FormulaSegment[] {
  const segments: FormulaSegment[] = [];
  let buffer = '';
  const flushText = () => {
    if (buffer) segments.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\' && text[i + 1] === '$') {
      buffer += '$';
      i += 2;
      continue;
    }
    if (char !== '$') {
      buffer += char;
      i++;
      continue;
    }
    const display = text[i + 1] === '$';
    const delimiter = display ? '$$' : '$';
    const start = i + delimiter.length;
    const end = findClosing(text, delimiter, start);
    const tex = end === -1 ? '' : text.slice(start, end);
    if (end === -1 || tex.trim() === '') {
      buffer += delimiter;
      i = start;
      continue;
    }
    flushText();
    segments.push({ kind: 'math', tex, display });
    i = end + delimiter.length;
  }
  flushText();
  return segments;
}

// ---- Pictures in question text ----

/**
 * A stored picture in question text (a Word import's figure, #22 item 3): `{{图:<school>/<file>}}`,
 * where file is `<year>/<uuid>.<png|jpg|gif|webp>`. Text stays text (never HTML): the web shows the
 * picture fetched through getQuestionPicture, the Word export embeds its bytes.
 */
export const QUESTION_PICTURE_FILE = /^\d{4}\/[0-9a-f-]{36}\.(?:png|jpg|gif|webp)$/;
const PICTURE_TOKEN = /\{\{图:(\d{1,15})\/(\d{4}\/[0-9a-f-]{36}\.(?:png|jpg|gif|webp))\}\}/g;

export type PictureSegment = { kind: 'text'; text: string } | { kind: 'picture'; schoolId: string; file: string };

export const questionPictureToken = (schoolId: number | string, file: string) => `{{图:${schoolId}/${file}}}`;

/** A text segment split at its picture tokens. */
export function splitPictures(text: string): PictureSegment[] {
  const segments: PictureSegment[] = [];
  let from = 0;
  for (const match of text.matchAll(PICTURE_TOKEN)) {
    if (match.index > from) segments.push({ kind: 'text', text: text.slice(from, match.index) });
    segments.push({ kind: 'picture', schoolId: match[1]!, file: match[2]! });
    from = match.index + match[0].length;
  }
  if (from < text.length) segments.push({ kind: 'text', text: text.slice(from) });
  return segments;
}
