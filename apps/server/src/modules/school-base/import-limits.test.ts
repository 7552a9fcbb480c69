import { schoolBaseApi as api, type ImportPreview } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../../test/client.ts';
import { type SchoolBaseSetup, setUpSchoolBase } from '../../test/school-base-fixture.ts';
import { xlsxOf } from '../../test/sheets.ts';
import { overlappingZipBomb, zipOf } from '../../test/zip-files.ts';

// Issue #21 item 7: an import file is refused before it is built in memory when it unzips to too
// much (a zip bomb, honest or lying about its sizes), and a cell too long is refused quoting only
// its beginning, so a small file can no longer answer with a preview of hundreds of MB.

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
});
afterAll(() => s.t.close());

const preview = (buffer: Buffer) =>
  upload<ImportPreview>(
    s.t.app,
    api.importPreview,
    { schoolId: s.sid, kind: 'students' },
    { fileName: '学生.xlsx', buffer },
    { session: s.sessions.admin },
  );

describe('import/preview refuses what would blow up', () => {
  it('refuses a cell of 10 MB, quoting 50 characters of it', async () => {
    const huge = `张${'x'.repeat(10 * 1024 * 1024)}`;
    const file = await xlsxOf(['姓名*', '性别*', '学号*', '班级*'], [[huge, '男', 'S1', '八年级(1)班']]);
    expect(file.length).toBeLessThan(200 * 1024);
    const result = await preview(file);
    expect(result.status).toBe(400);
    expect(result.message).toBe(`单元格内容过长：“Sheet1”A2 超过 200 个字符（“张${'x'.repeat(49)}…”）`);
    expect(JSON.stringify(result).length).toBeLessThan(1000);
  });

  it('refuses a zip bomb from the sizes its directory declares, before inflating it', async () => {
    const bomb = overlappingZipBomb(400, 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const result = await preview(bomb);
    expect(result.status).toBe(400);
    expect(result.message).toBe('文件解压后超过 30 MB');
  });

  it('refuses an entry that inflates to more than it declared', async () => {
    const liar = zipOf([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(64 * 1024 * 1024, 0x20), declaredSize: 1000 },
    ]);
    const result = await preview(liar);
    expect(result.status).toBe(400);
    expect(result.message).toBe('文件解压后超过 30 MB');
  });

  it('refuses more rows than one import takes, counted before the workbook is built', async () => {
    const rows = Array.from(
      { length: 21_001 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>x</t></is></c></row>`,
    );
    const file = zipOf([
      { name: 'xl/workbook.xml', data: '<workbook/>' },
      { name: 'xl/worksheets/sheet1.xml', data: `<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>` },
    ]);
    const result = await preview(file);
    expect(result.status).toBe(400);
    expect(result.message).toBe('表格行数超过 21000 行，请分批导入');
  });
});
