import {
  EXPORT_VERSIONS,
  type ExportOptions,
  type ExportVersion,
  PDF_UNAVAILABLE_MESSAGE,
  parseExportFormat,
  STATUS,
} from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import { AppError, badInput, ruleBroken } from '../../platform/errors.ts';
import { FileResult } from '../../platform/files.ts';
import type { PaperExports } from '../question-bank/index.ts';
import { answerSheetDocx } from './answer-sheet-docx.ts';
import { type ExportPaper, exportPaperOf } from './export-paper.ts';
import { paperDocx } from './paper-docx.ts';
import type { PdfConverter } from './pdf.ts';
import type { ReadFigure } from './question-figures.ts';

// word/generateWord: a user paper as .docx (or .pdf through LibreOffice). The paper is read and the
// file built and converted outside any transaction; only the record of the export (the download
// row and the questions' use counts) is written, in one transaction, once the file exists.

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF_CONTENT_TYPE = 'application/pdf';

/** The file name a teacher sees: 期中测试.docx, 期中测试（教师版）.pdf… */
export function exportFileName(title: string, version: ExportVersion, fileType: string): string {
  const safe = title.replace(/[\\/:*?"<>|\r\n\t]+/g, ' ').trim() || '试卷';
  return `${safe}${version === 'student' ? '' : `（${EXPORT_VERSIONS[version]}）`}.${fileType}`;
}

function build(paper: ExportPaper, version: ExportVersion, readFigure?: ReadFigure): Promise<Buffer> {
  return version === 'sheet' ? answerSheetDocx(paper) : paperDocx(paper, version, readFigure);
}

/**
 * `figures`: how the actor reads the stored pictures of question text (only their own school's);
 * without it the export marks where a picture was.
 */
export function createDocumentsService(
  exports: PaperExports,
  pdf: PdfConverter,
  figures?: (actor: Actor) => ReadFigure,
) {
  async function toPdf(docx: Buffer): Promise<Buffer> {
    try {
      return await pdf.convert(docx);
    } catch (error) {
      throw new AppError(STATUS.internal, 'PDF 转换失败，请稍后重试，或先导出 Word 版', 200, {
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return {
    async exportOptions(): Promise<ExportOptions> {
      const available = await pdf.available();
      return { pdf: available, pdfMessage: available ? null : PDF_UNAVAILABLE_MESSAGE };
    },

    async generateWord(actor: Actor, params: { userPaperId: string; format: string }): Promise<FileResult> {
      const format = parseExportFormat(params.format);
      if (!format) throw badInput('导出格式不正确', { field: 'format' });
      const detail = await exports.paper(actor, params.userPaperId);
      if (format.fileType === 'pdf' && !(await pdf.available())) throw ruleBroken(PDF_UNAVAILABLE_MESSAGE);
      const paper = exportPaperOf(detail);
      if (paper.questionCount === 0) throw ruleBroken('试卷中没有可导出的试题');
      const docx = await build(paper, format.version, figures?.(actor));
      const body = format.fileType === 'pdf' ? await toPdf(docx) : docx;
      const fileName = exportFileName(paper.title, format.version, format.fileType);
      await exports.recordExport(
        actor,
        { userPaperId: detail.paperId, fileName, format: params.format },
        paper.sections.flatMap((section) => section.questions.map((q) => q.quesId)),
      );
      return new FileResult(fileName, format.fileType === 'pdf' ? PDF_CONTENT_TYPE : DOCX_CONTENT_TYPE, body);
    },
  };
}
