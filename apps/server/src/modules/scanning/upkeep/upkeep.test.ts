import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanningScansApi as api, type ScanBatchStatus } from '@huikao/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, studentScores } from '../../../db/schema.ts';
import { localFileStorage } from '../../../platform/storage.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { createBatch, type ScanRoom, setUpScanRoom, sheetPage, uploadFile } from '../scans/scans-fixture.ts';
import { recognizeExceptions, scanBatches, scanFiles, scanOriginals, scanPages } from '../scans/scans-schema.ts';

// The scanning upkeep: a page stored but never queued (the server died between the two) is queued by
// the sweep and recognised; a deleted batch is kept while its exam has scores, and purged (originals,
// page sources, crops, rows; audited) once the exam has none. On PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.

let s: ScanRoom;
const storage = localFileStorage(path.join(tmpdir(), 'files'));
const call = <T>(endpoint: Parameters<ScanRoom['call']>[0], params: Record<string, unknown>) =>
  s.call<T>(endpoint, { schoolId: s.sid, ...params });
const examNoOf = (i: number) => s.room.students[i]!.examNo!;
const exists = (key: string) =>
  storage.get(key).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  s = await setUpScanRoom();
}, 600_000);
afterAll(() => s.t.close());

let lostFiles = 0;

/** A page stored as an upload stores it, its job never sent: what a crash between the two leaves. */
async function storedPageWithoutJob(batchId: number, uploadedAt: Date, status = 'queued') {
  const jpeg = await sheetPage(s.room.rasters, s.room.template, 1, { examNo: examNoOf(9) }, 91);
  const key = await storage.put('scans', 'lost.jpg', jpeg);
  const base = { schoolId: s.school.id, singleExamId: s.room.single.id, batchId };
  const [file] = await s.db
    .insert(scanFiles)
    .values({
      ...base,
      fileName: 'lost.jpg',
      format: 'jpeg',
      size: jpeg.length,
      sha256: `lost-${++lostFiles}`,
      status: 'stored',
      pageCount: 1,
      uploadedAt,
    })
    .returning();
  const [page] = await s.db
    .insert(scanPages)
    .values({ ...base, fileId: file!.id, pageIndex: 0, sourceKey: key, sourceFormat: 'jpeg', checksum: 'x', status })
    .returning();
  return page!.id;
}

describe('the sweep of pages never queued', () => {
  it('queues a stored page that has no job, once, and it is recognised; a page just uploaded is left alone', async () => {
    const batchId = Number((await createBatch(s)).batchId);
    const old = new Date(Date.now() - 5 * 60_000);
    const lost = await storedPageWithoutJob(batchId, old);
    const cutOff = await storedPageWithoutJob(batchId, old, 'recognising');
    const fresh = await storedPageWithoutJob(batchId, new Date());

    expect(await s.t.app.scanUpkeep.requeueLostPages()).toEqual([lost, cutOff]);
    // Their jobs are waiting now: a second sweep (or another process's) queues nothing twice.
    expect(await s.t.app.scanUpkeep.requeueLostPages()).toEqual([]);
    expect(await s.t.app.scanRecognition.drain(2)).toBe(2);
    const pages = await s.db
      .select()
      .from(scanPages)
      .where(inArray(scanPages.id, [lost, cutOff, fresh]));
    const byId = new Map(pages.map((p) => [p.id, p]));
    for (const id of [lost, cutOff]) {
      expect(byId.get(id)).toMatchObject({ status: 'done', outcome: 'read', examNoRead: examNoOf(9), pageNo: 1 });
    }
    expect(byId.get(fresh)!.status).toBe('queued');
  }, 300_000);
});

describe('purging a deleted batch once its exam’s scores are gone', () => {
  let batchId: string;
  let keys: string[] = [];
  let sharedKey = '';

  it('keeps a deleted batch, its originals and crops while the exam has scores', async () => {
    batchId = (await createBatch(s)).batchId;
    const sheet = (pageNo: number, examNo: string, seed: number) =>
      sheetPage(s.room.rasters, s.room.template, pageNo, { examNo, writing: true }, seed);
    expectOk(await uploadFile(s, batchId, 'p1.jpg', await sheet(1, examNoOf(0), 1)));
    expectOk(await uploadFile(s, batchId, 'p2.jpg', await sheet(2, examNoOf(0), 2)));
    // An unknown 考号: an exception that names a page of the batch.
    expectOk(await uploadFile(s, batchId, 'odd.jpg', await sheet(1, '99999999', 5)));
    // The same bytes in another subject's batch: the school's original is stored once, shared by both.
    const shared = await sheet(1, examNoOf(1), 7);
    expectOk(await uploadFile(s, batchId, 'shared.jpg', shared));
    const english = expectOk(
      await s.call<{ batchId: string }>(api.createBatch, { schoolId: s.sid, seId: s.ids.englishSeId }),
    );
    expectOk(await uploadFile(s, english.batchId, 'shared.jpg', shared));
    await s.t.app.scanRecognition.drain(2);
    expect(expectOk(await call<ScanBatchStatus>(api.batchStatus, { batchId })).pages.done).toBe(4);

    const pages = await s.db
      .select()
      .from(scanPages)
      .where(eq(scanPages.batchId, Number(batchId)));
    keys = pages.flatMap((p) => [p.sourceKey, ...(p.result?.crops.map((c) => c.key) ?? [])]);
    expect(keys.length).toBeGreaterThan(8);
    for (const key of keys) expect(await exists(key), key).toBe(true);
    const [englishPage] = await s.db
      .select()
      .from(scanPages)
      .where(eq(scanPages.batchId, Number(english.batchId)));
    sharedKey = englishPage!.sourceKey;
    expect(keys).toContain(sharedKey);
    const exceptions = await s.db
      .select()
      .from(recognizeExceptions)
      .where(
        inArray(
          recognizeExceptions.pageId,
          pages.map((p) => p.id),
        ),
      );
    expect(exceptions.length).toBeGreaterThan(0);

    expectOk(await call(api.deleteBatch, { batchId, reason: '整批重扫' }));
    expect(await s.t.app.scanUpkeep.purgeDeletedBatches()).toEqual([]);
    for (const key of keys) expect(await exists(key), key).toBe(true);
    expect(
      await s.db
        .select()
        .from(scanBatches)
        .where(eq(scanBatches.id, Number(batchId))),
    ).toHaveLength(1);
  }, 300_000);

  it('purges the deleted batch’s files and rows once the exam has no score, and audits it', async () => {
    // The exams module has no call yet that deletes a scanned exam's scores (its deletes stop at
    // scanning's foreign keys): the rows are removed here as such a call would leave them, gone.
    await s.db.delete(studentScores).where(eq(studentScores.singleExamId, s.room.single.id));
    expect(await s.t.app.scanUpkeep.purgeDeletedBatches()).toEqual([Number(batchId)]);
    // Every page source and crop is gone, except the original the English batch still names.
    for (const key of keys) expect(await exists(key), key).toBe(key === sharedKey);
    expect(
      await s.db
        .select()
        .from(scanBatches)
        .where(eq(scanBatches.id, Number(batchId))),
    ).toEqual([]);
    expect(
      await s.db
        .select()
        .from(scanFiles)
        .where(eq(scanFiles.batchId, Number(batchId))),
    ).toEqual([]);
    expect(
      await s.db
        .select()
        .from(scanPages)
        .where(eq(scanPages.batchId, Number(batchId))),
    ).toEqual([]);
    const originals = await s.db.select().from(scanOriginals).where(eq(scanOriginals.schoolId, s.school.id));
    expect(originals.map((o) => o.storageKey)).toContain(sharedKey);
    const audit = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scanning.batch.purge'), eq(auditLog.target, `scan_batch:${batchId}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ deleteReason: '整批重扫' });
    expect(audit[0]!.after).toMatchObject({ files: 4, pages: 4 });
    // Nothing left to purge: a second run (or another process's) does nothing.
    expect(await s.t.app.scanUpkeep.purgeDeletedBatches()).toEqual([]);
  });
});
