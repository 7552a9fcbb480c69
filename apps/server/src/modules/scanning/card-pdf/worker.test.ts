// The print run in a worker thread gives the same cards, and its refusals arrive whole.
import { generateTemplate } from '@huikao/answer-card';
import { STATUS } from '@huikao/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { examStructure } from '../../../../../../packages/answer-card/src/test-factories.ts';
import { AppError } from '../../../platform/errors.ts';
import { closeParseWorkers } from '../../../platform/parse-worker.ts';
import { pageTexts, pdfFile } from './pdf-checks.ts';
import { renderCardPdfInWorker } from './render-card-pdf.ts';

const template = generateTemplate(examStructure(10), {
  templateId: '31',
  title: '期末考试',
  subject: '英语',
  examNumberLength: 5,
  identityMode: 'both',
  sides: 1,
});

afterAll(() => closeParseWorkers());

describe('renderCardPdfInWorker', () => {
  it('prints the personalised cards in order, as the main thread does', async () => {
    const students = [
      { examNo: '10001', name: '周杰', className: '八年级（3）班', room: '第 5 考场', seat: 1 },
      { examNo: '10002', name: '吴敏', className: '八年级（4）班', room: '第 5 考场', seat: 2 },
    ];
    const pdf = await renderCardPdfInWorker(template, { students });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    const file = await pdfFile(pdf);
    try {
      const texts = await pageTexts(file.path);
      expect(texts).toHaveLength(2 * template.pages.length);
      expect(texts[0]).toContain('周杰');
      expect(texts[template.pages.length]).toContain('吴敏');
    } finally {
      await file.close();
    }
  });

  it('brings a refusal back as the same Chinese AppError', async () => {
    const error = await renderCardPdfInWorker(template, { students: [] }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: STATUS.badInput, message: '没有要打印答题卡的考生' });
  });
});
