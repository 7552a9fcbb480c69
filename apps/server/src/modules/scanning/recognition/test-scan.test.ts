import { documentsToolsApi as api, type TestScan } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../../../test/client.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { DPI, type ScanRoom, setUpScanRoom } from '../scans/scans-fixture.ts';
import { scanOf } from './test-support/card-scans.ts';

// file/locateImage (issue #19): a test scan of the exam's answer card, turned 1.5° and fed upside
// down, read for its page, skew and resolution through scanning's recognition; a page of nothing,
// a file that is no image, another school's exam refused.

let s: ScanRoom;
beforeAll(async () => {
  s = await setUpScanRoom();
}, 120_000);
afterAll(() => s.t.close());

const locate = (buffer: Buffer, seId = s.room.seId, schoolId = s.sid, fileName = 'scan.jpg') =>
  upload<TestScan>(
    s.t.app,
    api.locateImage,
    { schoolId, seId, dpi: String(DPI) },
    { fileName, buffer, mimeType: 'image/jpeg' },
    {
      session: s.sessions.admin,
    },
  );

describe('file/locateImage', () => {
  it('finds the page, its skew and its resolution', async () => {
    const pose = { rotationDegrees: 1.5, scale: 1, blurSigma: 0.5, noise: 4, quality: 85 };
    const second = expectOk(await locate(await scanOf(s.room.rasters[1]!, { ...pose, turned: true })));
    expect(second).toMatchObject({ found: true, page: 2, turned: true, message: null });
    expect(Math.abs(Math.abs(second.skewDegrees!) - 1.5)).toBeLessThan(0.3);
    expect(Math.abs(second.dpi! - DPI)).toBeLessThan(10);
    const first = expectOk(await locate(await scanOf(s.room.rasters[0]!, pose)));
    expect(first).toMatchObject({ found: true, page: 1, turned: false });
  }, 120_000);

  it('says what is wrong with a blank page, and refuses a file that is no scan and another school', async () => {
    const blank = { ...s.room.rasters[0]!, data: new Uint8Array(s.room.rasters[0]!.data.length).fill(245) };
    const empty = expectOk(
      await locate(await scanOf(blank, { rotationDegrees: 0, scale: 1, blurSigma: 0, noise: 0, quality: 85 })),
    );
    expect(empty).toMatchObject({ found: false, page: null });
    expect(empty.message).toMatch(/^没有找到答题卡的定位点/);
    expectFailure(await locate(Buffer.from('not a picture')), 400, '只能上传 JPG、PNG、TIFF 或 PDF 格式的扫描图像');
    expectFailure(
      await locate(Buffer.from('x'), s.room.seId, s.sid, 'scan.doc'),
      400,
      '只能上传 JPG、PNG、TIFF 或 PDF 格式的扫描图像',
    );
    const scan = await scanOf(s.room.rasters[0]!, {
      rotationDegrees: 0,
      scale: 1,
      blurSigma: 0,
      noise: 0,
      quality: 85,
    });
    expectForbidden(await locate(scan, s.ids.otherSeId));
    expectForbidden(await locate(scan, s.room.seId, String(s.other.school.id)));
  }, 120_000);
});
