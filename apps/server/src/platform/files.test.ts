import { describe, expect, it } from 'vitest';
import { contentDisposition } from './files.ts';

describe('contentDisposition', () => {
  it('names the file in UTF-8 with an ASCII fallback', () => {
    expect(contentDisposition('学生名单-20261121.xlsx')).toBe(
      `attachment; filename="20261121.xlsx"; filename*=UTF-8''${encodeURIComponent('学生名单-20261121.xlsx')}`,
    );
    expect(contentDisposition('学生导入模板.xlsx')).toMatch(/^attachment; filename="download\.xlsx"; /);
    expect(contentDisposition('report "final"; v2.xlsx')).toBe(
      `attachment; filename="report final v2.xlsx"; filename*=UTF-8''report%20%22final%22%3B%20v2.xlsx`,
    );
  });

  it('escapes the characters RFC 5987 does not allow bare', () => {
    expect(contentDisposition("成绩(1)'*.xlsx")).toContain("filename*=UTF-8''%E6%88%90%E7%BB%A9%281%29%27%2A.xlsx");
  });
});
