import { z } from 'zod';
import { anyIdSchema, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { questionImportPreviewSchema } from './question-bank-school-models.ts';

// The file tool service's file calls (spec §7 tool/api; issue #19 part 1): files and pasted
// pictures stored for a school and served through signed, expiring links; any stored Word file
// previewed as page images, converted to PDF and JPEGs and printed; workbooks printed; a photo
// of a printed question read as text (拍照识题); a Word paper cut into questions.

/**
 * A file stored by the tool service (platform storage key): `tools-<schoolId>/<year>/<uuid>.<ext>`,
 * or a pasted picture kept with the question pictures, `question-pictures-<schoolId>/…`.
 */
export const TOOL_FILE_KEY = /^(?:tools|question-pictures)-(\d{1,15})\/\d{4}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/** The school a tool file key belongs to, or null when it is not one. */
export function schoolOfToolFile(key: string): string | null {
  return TOOL_FILE_KEY.exec(key)?.[1] ?? null;
}

const schoolId = idSchema('学校');
const fileKey = z.string({ error: '请先上传文件' }).trim().regex(TOOL_FILE_KEY, '文件编号不正确，请重新上传');

/**
 * The Word file a conversion reads: a file uploaded through the tool service (`fileKey`) or an
 * exam document (`examDocId`, 考试文档); exactly one of them.
 */
const wordSource = z
  .object({ schoolId, fileKey: fileKey.optional(), examDocId: anyIdSchema('考试文档') })
  .refine((p) => (p.fileKey ? 1 : 0) + (p.examDocId ? 1 : 0) === 1, {
    message: '请选择要转换的 Word 文件',
    path: ['fileKey'],
  });

/** A stored workbook to print; `fileName` (as uploaded) names the PDF. */
const workbookSource = z.object({
  schoolId,
  fileKey,
  fileName: z.string({ error: '文件名不正确' }).trim().max(200, '文件名最多200个字符').optional(),
});

export const storedToolFileSchema = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  size: z.number(),
  contentType: z.string(),
  /** A signed link that works without a session until `expiresAt` (ms since the epoch). */
  url: z.string(),
  expiresAt: z.number(),
  /** A pasted picture's token for question text (`{{图:<school>/<file>}}`); null for other files. */
  pictureToken: z.string().nullable(),
});
export type StoredToolFile = z.infer<typeof storedToolFileSchema>;

export const pageImageSchema = z.object({ page: z.number(), url: z.string() });
export const wordPagesSchema = z.object({
  fileName: z.string(),
  pageCount: z.number(),
  pages: z.array(pageImageSchema),
});
export type WordPages = z.infer<typeof wordPagesSchema>;

export const wordPdfAndJpgSchema = wordPagesSchema.extend({ pdfUrl: z.string() });
export type WordPdfAndJpg = z.infer<typeof wordPdfAndJpgSchema>;

export const ocrResultSchema = z.object({ text: z.string(), confidence: z.number() });
export type OcrResult = z.infer<typeof ocrResultSchema>;

export const testScanSchema = z.object({
  found: z.boolean(),
  page: z.number().nullable(),
  templateVersion: z.number().nullable(),
  skewDegrees: z.number().nullable(),
  dpi: z.number().nullable(),
  turned: z.boolean(),
  message: z.string().nullable(),
});
export type TestScan = z.infer<typeof testScanSchema>;

/** How long a signed link of the tool service stays valid. */
export const TOOL_LINK_SECONDS = 15 * 60;

/** Said where the server has no LibreOffice (the Word and Excel conversions need it). */
export const OFFICE_UNAVAILABLE_MESSAGE = '服务器未安装 LibreOffice，无法转换 Word/Excel 文件，请联系管理员安装';

/** Upload limits (also shown on the screens). */
export const TOOL_UPLOAD_LIMITS = {
  file: { maxBytes: 20 * 1024 * 1024, label: '20 MB' },
  image: { maxBytes: 5 * 1024 * 1024, label: '5 MB' },
} as const;

/** A file answer: the file itself, never the envelope (protocol.md). */
const file = z.unknown();
const multipart = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('tool', name, { kind: 'multipart', access: 'session', params: z.object(shape), response, loading: true });
const json = <P extends z.ZodType, R extends z.ZodType>(name: string, params: P, response: R, loading = true) =>
  endpoint('tool', name, { kind: 'json', access: 'session', params, response, loading });

export const documentsToolsApi = {
  /** An attachment (Word, Excel, PDF or picture) stored for the school. */
  fileUploaded: multipart('file/fileUploaded', { schoolId }, storedToolFileSchema),
  /** A picture pasted from the clipboard (PNG, JPEG, GIF or WebP), e.g. into the question editor. */
  imgStreamUploaded: multipart('file/imgStreamUploaded', { schoolId }, storedToolFileSchema),
  /** A fresh signed link to a stored file. */
  getHttpURI: json(
    'file/getHttpURI',
    z.object({ schoolId, fileKey }),
    z.object({ url: z.string(), expiresAt: z.number() }),
    false,
  ),
  /** A Word paper uploaded for cutting into questions (seg/getWordSegTopics). */
  wordUpload: multipart('word/upload', { schoolId }, storedToolFileSchema),
  /** The uploaded Word paper cut into questions: the question importer's preview. */
  getWordSegTopics: json(
    'seg/getWordSegTopics',
    z.object({ schoolId, fileKey, courseId: idSchema('学科') }),
    questionImportPreviewSchema,
  ),
  /** A Word file's pages as images for the browser. */
  wordPreview: json('word/preview', wordSource, wordPagesSchema),
  /** A Word file as a PDF and one JPEG per page (signed links). */
  wordToPDFAndJPG: json('word/wordToPDFAndJPG', wordSource, wordPdfAndJpgSchema),
  /** A Word file as a print-ready PDF (the file itself). */
  wordPrint: json('word/wordPrint', wordSource, file),
  /** A workbook (uploaded .xlsx) as a print-ready PDF, portrait. */
  excelPrint: json('excel/excelPrint', workbookSource, file),
  /** The same, landscape (wide tables). */
  excelPrint2: json('excel/excelPrint2', workbookSource, file),
  /** A test scan of an answer card before a batch: page, skew and resolution, nothing stored. */
  locateImage: multipart(
    'file/locateImage',
    {
      schoolId,
      seId: idSchema('科目考试'),
      dpi: z.coerce
        .number({ error: '扫描分辨率必须是数字' })
        .int('扫描分辨率必须是整数')
        .min(100, '扫描分辨率不能低于 100 dpi')
        .max(600, '扫描分辨率不能高于 600 dpi')
        .default(200),
    },
    testScanSchema,
  ),
  /** 拍照识题: a photo of a printed question read as text (Chinese and digits). */
  iiilookOCR: multipart('file/iiilookOCR', { schoolId }, ocrResultSchema),
};
