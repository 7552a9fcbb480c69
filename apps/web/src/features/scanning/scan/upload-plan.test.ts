import { describe, expect, it } from 'vitest';
import { percentOf, planUpload, SCAN_TYPE_MESSAGE } from './upload-plan.ts';

describe('planUpload', () => {
  it('keeps scans in numbered path order and each path once', () => {
    const plan = planUpload([
      { path: 'room1/scan10.jpg', size: 5 },
      { path: 'room1/scan2.JPG', size: 5 },
      { path: 'room1/scan2.JPG', size: 5 },
      { path: 'room1/stack.pdf', size: 9 },
      { path: 'room1/all.zip', size: 9 },
      { path: 'room1/side.tiff', size: 9 },
    ]);
    expect(plan.upload.map((f) => f.path)).toEqual([
      'room1/all.zip',
      'room1/scan2.JPG',
      'room1/scan10.jpg',
      'room1/side.tiff',
      'room1/stack.pdf',
    ]);
    expect(plan.refused).toEqual([]);
  });

  it('says why a file is left out, and skips a folder’s system files silently', () => {
    const plan = planUpload([
      { path: 'a/notes.txt', size: 3 },
      { path: 'a/empty.png', size: 0 },
      { path: 'a/huge.pdf', size: 201 * 1024 * 1024 },
      { path: 'a/.DS_Store', size: 3 },
      { path: 'a/Thumbs.db', size: 3 },
      { path: 'a/noextension', size: 3 },
    ]);
    expect(plan.upload).toEqual([]);
    expect(plan.skipped).toBe(2);
    expect(plan.refused.map((r) => [r.file.path, r.message])).toEqual([
      ['a/empty.png', '文件是空的（0 字节）'],
      ['a/huge.pdf', '文件超过 200MB，请分成几个文件上传'],
      ['a/noextension', SCAN_TYPE_MESSAGE],
      ['a/notes.txt', SCAN_TYPE_MESSAGE],
    ]);
  });
});

describe('percentOf', () => {
  it('is whole, capped and 0 for nothing', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 4)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});
