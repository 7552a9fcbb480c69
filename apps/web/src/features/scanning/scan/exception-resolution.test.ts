import type { RecognizeException } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { emptyChoice, initialChoice, resolutionOf } from './exception-resolution.ts';

const exception = (kind: number, data: Record<string, unknown> = {}, examNo: string | null = null) =>
  ({ kind, data, examNo }) as RecognizeException;

describe('resolutionOf', () => {
  it('sets an unreadable or unknown page aside', () => {
    expect(resolutionOf(exception(1), emptyChoice())).toEqual({ resolution: { discard: true } });
    expect(resolutionOf(exception(2), emptyChoice())).toEqual({ resolution: { discard: true } });
  });

  it('takes a typed 考号 of digits, or the page set aside', () => {
    expect(resolutionOf(exception(3), { ...emptyChoice(), examNo: ' 20260101 ' })).toEqual({
      resolution: { examNo: '20260101' },
    });
    expect(resolutionOf(exception(3), { ...emptyChoice(), examNo: '2026a' })).toHaveProperty('problem');
    expect(resolutionOf(exception(4), { ...emptyChoice(), examNo: 'x', discard: true })).toEqual({
      resolution: { discard: true },
    });
  });

  it('keeps one page per duplicated page number, and asks for the ones not chosen', () => {
    const dup = exception(5, { pages: { 2: ['31', '44'], 1: ['30', '43'] } });
    expect(resolutionOf(dup, { ...emptyChoice(), keep: { 1: '43' } })).toEqual({ problem: '请选择第 2 页保留哪一张' });
    expect(resolutionOf(dup, { ...emptyChoice(), keep: { 1: '43', 2: '44' } })).toEqual({
      resolution: { keepPageIds: ['43', '44'], reason: '重复答题卡，保留选定的一份' },
    });
  });

  it('starts a multi-mark from what was read and takes letters or 未作答', () => {
    const multi = exception(7, { letters: ['A', 'C'] });
    expect(initialChoice(multi).answer).toBe('AC');
    expect(resolutionOf(multi, { ...emptyChoice(), answer: 'c' })).toEqual({ resolution: { answer: 'C' } });
    expect(resolutionOf(multi, { ...emptyChoice(), answer: '' })).toEqual({ resolution: { answer: '' } });
    expect(resolutionOf(multi, { ...emptyChoice(), answer: 'A1' })).toHaveProperty('problem');
  });

  it('needs 缺考 or 计分 chosen for an absent student with answers; a missing page is accepted', () => {
    expect(resolutionOf(exception(8), emptyChoice())).toHaveProperty('problem');
    expect(resolutionOf(exception(8), { ...emptyChoice(), absent: false })).toEqual({ resolution: { absent: false } });
    expect(resolutionOf(exception(6), emptyChoice())).toEqual({ resolution: { accept: true } });
  });
});
