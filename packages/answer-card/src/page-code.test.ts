import { describe, expect, it } from 'vitest';
import { decodePageCode, encodePageCode, type PageCode } from './page-code.ts';

describe('page code payload', () => {
  it('is compact, versioned text', () => {
    expect(encodePageCode({ templateId: 'exam-42', templateVersion: 3, page: 2, side: 2 })).toBe('HK1:exam-42:3:2:2');
  });

  it('round-trips every field, whatever the template id holds', () => {
    const codes: PageCode[] = [
      { templateId: '1', templateVersion: 1, page: 1, side: 1 },
      { templateId: 'se:17:数学', templateVersion: 12, page: 7, side: 2 },
      { templateId: '9f1c2d3e-aaaa-bbbb-cccc-0123456789ab', templateVersion: 999, page: 40, side: 1 },
      { templateId: 'a%b/c d', templateVersion: 2, page: 3, side: 2 },
    ];
    for (const code of codes) {
      expect(decodePageCode(encodePageCode(code))).toEqual({ ok: true, code });
    }
  });

  it('keeps the separator out of the id', () => {
    const payload = encodePageCode({ templateId: 'a:b', templateVersion: 1, page: 1, side: 1 });
    expect(payload.split(':')).toHaveLength(5);
  });

  it.each([
    ['', '不是本系统答题卡的页码'],
    ['https://example.com', '不是本系统答题卡的页码'],
    ['HK2:t:1:1:1', '页码格式版本“2”不受支持'],
    ['HK1:t:1:1', '页码应有 5 段，实际为 4 段'],
    ['HK1:t:1:1:1:1', '页码应有 5 段，实际为 6 段'],
    ['HK1::1:1:1', '页码缺少答题卡模板编号'],
    ['HK1:%E0%A4%A:1:1:1', '页码中的模板编号无法解码'],
    ['HK1:t:0:1:1', '页码中的模板版本“0”不是正整数'],
    ['HK1:t:01:1:1', '页码中的模板版本“01”不是正整数'],
    ['HK1:t:1:x:1', '页码中的页号“x”不是正整数'],
    ['HK1:t:1:-2:1', '页码中的页号“-2”不是正整数'],
    ['HK1:t:1:1:3', '页码中的面“3”应为 1 或 2'],
  ])('refuses %j instead of guessing', (payload, message) => {
    expect(decodePageCode(payload)).toEqual({ ok: false, problem: { code: 'PAGE_CODE_UNREADABLE', message } });
  });

  it('refuses to encode what it could not decode', () => {
    expect(() => encodePageCode({ templateId: '', templateVersion: 1, page: 1, side: 1 })).toThrow(
      '缺少答题卡模板编号',
    );
    expect(() => encodePageCode({ templateId: 't', templateVersion: 0, page: 1, side: 1 })).toThrow(
      '模板版本须为正整数',
    );
    expect(() => encodePageCode({ templateId: 't', templateVersion: 1, page: 1.5, side: 1 })).toThrow('页号须为正整数');
    expect(() => encodePageCode({ templateId: 't', templateVersion: 1, page: 1, side: 3 as 1 })).toThrow('面须为 1');
  });
});
