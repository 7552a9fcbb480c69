import { createHash } from 'node:crypto';
import path from 'node:path';
import type { WordPages, WordPdfAndJpg } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { FileResult } from '../../../platform/files.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { examDocFile } from '../../exams/index.ts';
import { createQuestionImportService } from '../../question-bank/index.ts';
import type { OfficeConverter } from './office.ts';
import { checkedType, createToolFiles } from './tool-files.ts';

// The tool service's conversions (issue #19 part 1): any stored Word file (a tool upload or an
// exam document) to page images, PDF plus JPEGs, or a print-ready PDF; an uploaded workbook to a
// PDF in portrait or landscape; an uploaded Word paper cut into questions by the importer.

export interface WordSource {
  schoolId: string;
  fileKey?: string;
  examDocId?: string;
}

export interface WorkbookSource {
  schoolId: string;
  fileKey: string;
  fileName?: string;
}

/** Converted pages are stored once per file checksum and served through signed links. */
const PAGE_FOLDER = (schoolId: string) => `tools-${schoolId}`;

const PDF = 'application/pdf';

export function createToolsService(db: Db, storage: FileStorage, office: OfficeConverter) {
  const files = createToolFiles(storage);
  const imports = createQuestionImportService(db, storage);
  /** Stored page images and PDFs by `<school>:<sha256 of the Word file>` so a second preview stores nothing. */
  const stored = new Map<string, { pdfKey: string; pageKeys: string[] }>();

  /** The Word file's bytes and name, the school checked (403) whichever way it is named. */
  async function wordOf(actor: Actor, source: WordSource) {
    if (source.examDocId) {
      const doc = await examDocFile(db, actor, source.schoolId, source.examDocId);
      if (path.extname(doc.fileName).toLowerCase() !== '.docx') {
        throw badInput('该考试文档不是 Word(.docx) 文件，无法预览或转换', { field: 'examDocId' });
      }
      return { fileName: doc.fileName, bytes: await storage.get(doc.storageKey) };
    }
    const bytes = await files.read(actor, source.schoolId, source.fileKey!);
    await checkedType('word', { fileName: 'file.docx', mimeType: '', buffer: bytes });
    return { fileName: path.basename(source.fileKey!), bytes };
  }

  async function pagesOf(actor: Actor, source: WordSource) {
    const word = await wordOf(actor, source);
    const converted = await office.convert(word.bytes, '.docx', true);
    const id = `${source.schoolId}:${createHash('sha256').update(word.bytes).digest('hex')}`;
    let keys = stored.get(id);
    if (!keys) {
      const folder = PAGE_FOLDER(source.schoolId);
      keys = {
        pdfKey: await storage.put(folder, 'pages.pdf', converted.pdf),
        pageKeys: await Promise.all(converted.pages.map((page) => storage.put(folder, 'page.jpg', page))),
      };
      stored.set(id, keys);
    }
    const pages = await Promise.all(
      keys.pageKeys.map(async (key, index) => ({ page: index + 1, url: (await files.link(key)).url })),
    );
    return { word, keys, pages };
  }

  const stem = (fileName: string) => path.basename(fileName, path.extname(fileName));

  async function printWorkbook(actor: Actor, p: WorkbookSource, landscape: boolean) {
    const { schoolId, fileKey } = p;
    const bytes = await files.read(actor, schoolId, fileKey);
    await checkedType('file', { fileName: 'file.xlsx', mimeType: '', buffer: bytes }).then((ext) => {
      if (ext !== 'xlsx') throw badInput('只能打印 Excel(.xlsx) 文件', { field: 'fileKey' });
    });
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badInput('Excel 文件已损坏，无法读取', { field: 'fileKey' });
    }
    // Page setup first, so LibreOffice prints every sheet on A4, fitted to the page width.
    for (const sheet of workbook.worksheets) {
      sheet.pageSetup = {
        ...sheet.pageSetup,
        paperSize: 9,
        orientation: landscape ? 'landscape' : 'portrait',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        horizontalCentered: true,
      };
    }
    const prepared = Buffer.from(await workbook.xlsx.writeBuffer());
    const { pdf } = await office.convert(prepared, '.xlsx', false);
    return new FileResult(`${stem(p.fileName || path.basename(fileKey))}${landscape ? '-横向' : ''}.pdf`, PDF, pdf);
  }

  return {
    files,
    async wordPreview(actor: Actor, source: WordSource): Promise<WordPages> {
      const { word, pages } = await pagesOf(actor, source);
      return { fileName: word.fileName, pageCount: pages.length, pages };
    },
    async wordToPdfAndJpg(actor: Actor, source: WordSource): Promise<WordPdfAndJpg> {
      const { word, keys, pages } = await pagesOf(actor, source);
      const pdfUrl = (await files.link(keys.pdfKey)).url;
      return { fileName: word.fileName, pageCount: pages.length, pages, pdfUrl };
    },
    async wordPrint(actor: Actor, source: WordSource): Promise<FileResult> {
      const word = await wordOf(actor, source);
      const { pdf } = await office.convert(word.bytes, '.docx', false);
      return new FileResult(`${stem(word.fileName)}.pdf`, PDF, pdf);
    },
    excelPrint: (actor: Actor, p: WorkbookSource) => printWorkbook(actor, p, false),
    excelPrint2: (actor: Actor, p: WorkbookSource) => printWorkbook(actor, p, true),
    /** seg/getWordSegTopics: the importer's preview of an uploaded Word paper (nothing saved yet). */
    async wordSegTopics(actor: Actor, p: { schoolId: string; fileKey: string; courseId: string }) {
      const bytes = await files.read(actor, p.schoolId, p.fileKey);
      const upload = { fileName: path.basename(p.fileKey), mimeType: '', buffer: bytes };
      await checkedType('word', upload);
      return imports.previewDocx(actor, p.courseId, upload);
    },
  };
}
