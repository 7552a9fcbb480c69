// What the card PDF refuses, each with a Chinese message naming the problem and nothing printed:
// no students, a 考号 that is not digits or does not fit the grid, a template whose boxes no longer
// fit the page, a template without pages, and a server without the card's font.
import { type AnswerCardTemplate, generateTemplate } from '@huikao/answer-card';
import { STATUS } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { examStructure } from '../../../../../../packages/answer-card/src/test-factories.ts';
import { AppError } from '../../../platform/errors.ts';
import { CardFontMissing, cardFont } from './card-font.ts';
import { renderCardPdf } from './render-card-pdf.ts';

const template = (identityMode: 'grid' | 'barcode' | 'both' = 'both'): AnswerCardTemplate =>
  generateTemplate(examStructure(12), {
    templateId: '88',
    title: '期中考试',
    subject: '语文',
    examNumberLength: 6,
    identityMode,
  });

async function refusal(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const student = { examNo: '260101', name: '张三', className: '七年级（1）班' };

describe('renderCardPdf refuses', () => {
  it('an empty student list', async () => {
    const error = await refusal(renderCardPdf(template(), { students: [] }));
    expect(error.status).toBe(STATUS.badInput);
    expect(error.message).toBe('没有要打印答题卡的考生');
  });

  it('a 考号 that is not digits, naming the student', async () => {
    const error = await refusal(
      renderCardPdf(template(), { students: [student, { ...student, name: '李四', examNo: '26O101' }] }),
    );
    expect(error.status).toBe(STATUS.badInput);
    expect(error.message).toBe('考生“李四”的考号“26O101”须由数字组成');
  });

  it('a 考号 of another length than the grid, but not on a barcode-only card', async () => {
    const error = await refusal(renderCardPdf(template('grid'), { students: [{ ...student, examNo: '2601012' }] }));
    expect(error.message).toBe('考生“张三”的考号 2601012 为 7 位，与答题卡的考号位数 6 不符');
    const pdf = await renderCardPdf(template('barcode'), { students: [{ ...student, examNo: '2601012' }] });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a 考号 too long for a readable barcode in its area', async () => {
    const error = await refusal(
      renderCardPdf(template('barcode'), {
        students: [{ ...student, examNo: '1234567890123456789012345678901234567890123456789012345' }],
      }),
    );
    expect(error.message).toContain('太长，条形码区印不下可识读的条码');
  });

  it('a template whose boxes no longer fit the page, listing the problems', async () => {
    const broken = template();
    const box = broken.pages[0]!.regions.find((region) => region.kind === 'answerBox')!;
    box.rect = { ...box.rect, height: 400 };
    const error = await refusal(renderCardPdf(broken));
    expect(error.status).toBe(STATUS.badInput);
    expect(error.message).toMatch(/^答题卡模板有误，无法打印：.*超出页面/);
  });

  it('a template without pages', async () => {
    const error = await refusal(renderCardPdf({ ...template(), pages: [] }));
    expect(error.message).toBe('答题卡模板没有页面，请先生成答题卡');
  });
});

describe('the card font', () => {
  it('is the Noto Serif CJK SC face of fonts-noto-cjk', () => {
    expect(cardFont().postscriptName).toBe('NotoSerifCJKsc-Regular');
  });

  it('missing, is a clear Chinese server error naming the package', () => {
    expect(() => cardFont('/nonexistent/NotoSerifCJK-Regular.ttc')).toThrow(CardFontMissing);
    expect(() => cardFont('/nonexistent/NotoSerifCJK-Regular.ttc')).toThrow(/答题卡字体缺失.*fonts-noto-cjk/);
  });
});
