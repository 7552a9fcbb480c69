import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, withQuery } from './build-request.ts';

describe('file names of downloads', () => {
  it('prefers the UTF-8 extended name', () => {
    const name = encodeURIComponent('2026 期中考试 成绩.xlsx');
    expect(fileNameFromDisposition(`attachment; filename="fallback.xlsx"; filename*=UTF-8''${name}`)).toBe(
      '2026 期中考试 成绩.xlsx',
    );
  });

  it('falls back to a plain, possibly percent-encoded, name', () => {
    expect(fileNameFromDisposition('attachment; filename="report.docx"')).toBe('report.docx');
    expect(fileNameFromDisposition(`attachment; filename=${encodeURIComponent('试卷.docx')}`)).toBe('试卷.docx');
    expect(fileNameFromDisposition('attachment; filename="100%.txt"')).toBe('100%.txt');
  });

  it('is null for a response that is not a download', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});

describe('query parameters', () => {
  it('leaves out null and undefined, repeats arrays and writes objects as JSON', () => {
    expect(withQuery('/x', { schoolId: 'S1', termId: undefined, classId: null, ids: ['a', 'b'], page: 2 })).toBe(
      '/x?schoolId=S1&ids=a&ids=b&page=2',
    );
    expect(withQuery('/x', { filter: { a: 1 } })).toBe(`/x?filter=${encodeURIComponent('{"a":1}')}`);
    expect(withQuery('/app-config', {})).toBe('/app-config');
  });
});
