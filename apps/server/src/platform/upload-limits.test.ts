import { describe, expect, it } from 'vitest';
import { docxOfParagraphs, zipOf } from '../test/zip-files.ts';
import { checkDocumentFile, excerpt } from './upload-limits.ts';
import { zipEntries } from './zip-archive.ts';

const LIMITS = { maxUnzippedBytes: 1024 * 1024, maxEntries: 10, maxParagraphs: 100, maxDocumentBytes: 64 * 1024 };

describe('excerpt', () => {
  it('keeps 50 characters and says there was more', () => {
    expect(excerpt('张'.repeat(50))).toBe('张'.repeat(50));
    expect(excerpt('张'.repeat(51))).toBe(`${'张'.repeat(50)}…`);
  });

  it('never cuts a character in half', () => {
    expect(excerpt('😀'.repeat(60))).toBe(`${'😀'.repeat(50)}…`);
  });
});

describe('zip archive limits', () => {
  it('refuses more entries than allowed from the directory alone', () => {
    const many = zipOf(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.xml`, data: '<x/>' })));
    expect(() => zipEntries(many, LIMITS, '不是压缩包')).toThrow('文件包含的条目过多（超过 10 个），无法读取');
  });

  it('refuses what is not a zip with the caller’s message', () => {
    expect(() => zipEntries(Buffer.from('PK\u0003\u0004 not really'), LIMITS, '不是压缩包')).toThrow('不是压缩包');
  });

  it('counts paragraphs and the body’s size before mammoth reads the document', () => {
    expect(() => checkDocumentFile(docxOfParagraphs(Array(100).fill('段')), LIMITS, 'x')).not.toThrow();
    expect(() => checkDocumentFile(docxOfParagraphs(Array(101).fill('段')), LIMITS, 'x')).toThrow(
      '段落数超过 100，请拆分后分批导入',
    );
    expect(() => checkDocumentFile(docxOfParagraphs(['长'.repeat(30_000)]), LIMITS, 'x')).toThrow(
      '正文解压后超过 0.1 MB，请拆分后分批导入',
    );
  });
});
