import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserPaperDetail } from '@huikao/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../platform/auth-context.ts';
import type { PaperExports } from '../question-bank/index.ts';
import { findOffice, type PdfConverter } from './pdf.ts';
import { createDocumentsService, exportFileName } from './service.ts';

const actor = { userId: 7, schoolId: 1, type: 1 } as Actor;
const detail = {
  paperId: '3',
  paper: {
    title: '单元测验',
    subtitle: '',
    notes: '',
    layout: { paperSize: 'A4', columns: 1, studentInfo: true, sealLine: false },
    sections: [
      {
        title: '解答题',
        questionTypeId: null,
        totalScore: 5,
        questions: [{ quesId: '9', score: 5, answerHeightMm: null, edited: null }],
      },
    ],
    questionCount: 1,
    totalScore: 5,
  },
  questions: [{ quesId: '9', questionTypeName: '解答题', stem: '求 $x$', options: null, answer: '1', explanation: '' }],
} as unknown as UserPaperDetail;

function exportsDouble(): PaperExports & { recordExport: ReturnType<typeof vi.fn> } {
  return { paper: vi.fn(async () => detail), recordExport: vi.fn(async () => 1) } as never;
}

describe('generateWord', () => {
  it('records nothing when the PDF conversion fails, and says so in Chinese', async () => {
    const exports = exportsDouble();
    const failing: PdfConverter = {
      available: async () => true,
      convert: async () => Promise.reject(new Error('crashed')),
    };
    const service = createDocumentsService(exports, failing);
    await expect(service.generateWord(actor, { userPaperId: '3', format: 'pdf' })).rejects.toMatchObject({
      status: 500,
      message: 'PDF 转换失败，请稍后重试，或先导出 Word 版',
    });
    expect(exports.recordExport).not.toHaveBeenCalled();
  });

  it('records the export with its format token and the questions it printed', async () => {
    const exports = exportsDouble();
    const pdf: PdfConverter = { available: async () => false, convert: async () => Buffer.alloc(0) };
    const file = await createDocumentsService(exports, pdf).generateWord(actor, {
      userPaperId: '3',
      format: 'answers-docx',
    });
    expect(file.fileName).toBe('单元测验（答案附后版）.docx');
    expect(exports.recordExport).toHaveBeenCalledWith(
      actor,
      { userPaperId: '3', fileName: '单元测验（答案附后版）.docx', format: 'answers-docx' },
      ['9'],
    );
  });

  it('names files safely', () => {
    expect(exportFileName('期中/期末:测试', 'sheet', 'pdf')).toBe('期中 期末 测试（答题卡）.pdf');
    expect(exportFileName('  ', 'student', 'docx')).toBe('试卷.docx');
  });
});

describe('findOffice', () => {
  it('finds soffice or libreoffice on the PATH, and nothing elsewhere', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'office-path-'));
    try {
      expect(await findOffice(folder)).toBeNull();
      const program = path.join(folder, 'libreoffice');
      await writeFile(program, '#!/bin/sh\n');
      await chmod(program, 0o755);
      expect(await findOffice(`/nonexistent${path.delimiter}${folder}`)).toBe(program);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
