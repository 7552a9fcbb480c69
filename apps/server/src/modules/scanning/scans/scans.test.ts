import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  scanningScansApi as api,
  type ExamScanInfo,
  examsApi,
  type RecognizeException,
  type ScanBatchStatus,
  type ScanPage,
  STATUS,
} from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanPages, studentScores } from '../../../db/schema.ts';
import { lazyJobQueue } from '../../../platform/job-queue.ts';
import { localFileStorage } from '../../../platform/storage.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { recognisePage } from '../recognition/recognise-page.ts';
import { createRecognitionRunner } from '../recognition/recognition-runner.ts';
import { answersOf, createBatch, type ScanRoom, setUpScanRoom, sheetPage, uploadFile } from './scans-fixture.ts';

// A room's stack through the API (issue #16): 30 students, each sheet's pages scanned; planted faults
// (a duplicate sheet, an unknown 考号, a missing page, a multi-mark) appear as exceptions; objective
// scores land in the exam; resolving the exceptions completes the reconciliation; a worker killed
// mid-batch and restarted yields the same results. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let s: ScanRoom;
let batchId: string;
const pageCount = () => s.room.template.pages.length;
const examNoOf = (i: number) => s.room.students[i]!.examNo!;

beforeAll(async () => {
  s = await setUpScanRoom();
}, 180_000);
afterAll(() => s.t.close());

const call = <T>(endpoint: Parameters<ScanRoom['call']>[0], params: Record<string, unknown>) =>
  s.call<T>(endpoint, { schoolId: s.sid, ...params });

async function scoresByStudent() {
  const rows = await s.db.select().from(studentScores).where(eq(studentScores.singleExamId, s.room.single.id));
  return new Map(rows.map((r) => [r.studentId, r]));
}

describe('a 30-student room scanned through the API', () => {
  it('has a card of two pages, so the stack is 60 sheets', () => {
    expect(pageCount()).toBe(2);
  });

  it('stores each file, queues its pages and recognises them', async () => {
    batchId = (await createBatch(s)).batchId;
    const uploads: Promise<unknown>[] = [];
    let seed = 1;
    for (let i = 0; i < 30; i++) {
      for (let pageNo = 1; pageNo <= pageCount(); pageNo++) {
        if (i === 3 && pageNo === 2) continue; // a missing page
        const answers = answersOf(s.room.template, s.room.keys, i);
        if (i === 4) answers['1'] = 'AB'; // a multi-mark on a single-choice question
        const examNo = i === 2 && pageNo === 1 ? '99999999' : examNoOf(i); // an unknown 考号
        const jpeg = await sheetPage(
          s.room.rasters,
          s.room.template,
          pageNo,
          { examNo, answers, writing: true },
          seed++,
        );
        uploads.push(uploadFile(s, batchId, `scan-${i + 1}-${pageNo}.jpg`, jpeg).then((r) => expectOk(r)));
      }
    }
    // The same student's first page scanned a second time (a duplicate sheet, not the same file).
    const again = await sheetPage(
      s.room.rasters,
      s.room.template,
      1,
      { examNo: examNoOf(1), answers: answersOf(s.room.template, s.room.keys, 1) },
      999,
    );
    uploads.push(uploadFile(s, batchId, 'scan-2-1-again.jpg', again).then((r) => expectOk(r)));
    await Promise.all(uploads);

    const before = expectOk(await call<ScanBatchStatus>(api.batchStatus, { batchId }));
    expect(before.files.stored).toBe(60);
    expect(before.pages.total).toBe(60);
    expect(before.pages.queued).toBe(60);

    expect(await s.t.app.scanRecognition.drain(2)).toBe(60);
    const after = expectOk(await call<ScanBatchStatus>(api.batchStatus, { batchId }));
    expect(after.pages).toMatchObject({ total: 60, done: 60, queued: 0, failed: 0 });
    expect(after.fileList.every((f) => f.pages.done === 1)).toBe(true);
  }, 600_000);

  it('writes every clean student’s objective answers to the exam’s scores, scored from the key', async () => {
    const scores = await scoresByStudent();
    const idOf = new Map(s.room.questions.map((q) => [q.questionNo, String(q.id)]));
    for (const i of [0, 5, 10, 17, 29]) {
      const row = scores.get(s.room.students[i]!.id);
      expect(row, `student ${i + 1}`).toBeDefined();
      const expected = answersOf(s.room.template, s.room.keys, i);
      for (const [no, letters] of Object.entries(expected)) expect(row!.choices[idOf.get(no)!]).toBe(letters);
      const objective = Object.entries(expected).reduce((sum, [no, letters]) => {
        const q = s.room.questions.find((x) => x.questionNo === no)!;
        return sum + (letters === q.answer ? q.fullMark : 0);
      }, 0);
      expect(row!.objectiveScore).toBe(objective);
    }
  });

  let exceptions: RecognizeException[] = [];
  it('raises one exception per planted fault, in its kind’s queue', async () => {
    exceptions = expectOk(
      await call<{ list: RecognizeException[] }>(api.findExceptionsBySeId, {
        seId: s.room.seId,
        status: 0,
        pageSize: 100,
      }),
    ).list;
    const kinds = exceptions.map((e) => `${e.kind}:${e.studentName ?? e.examNo}`).sort();
    expect(kinds).toEqual(['4:99999999', '5:考生2', '6:考生3', '6:考生4', '7:考生5'].sort());
    const summary = expectOk(await call<{ open: number }>(api.exceptionSummary, { seId: s.room.seId }));
    expect(summary.open).toBe(5);
    const info = expectOk(await call<ExamScanInfo>(api.syncExamRoomScanInfo, { seId: s.room.seId }));
    expect(info.rooms[0]).toMatchObject({ room: '第1考场', examStudents: 30, expectedPages: 60, reconciled: false });
    expect(info.rooms[0]!.missingPages.map((m) => m.name).sort()).toEqual(['考生3', '考生4']);
  });

  it('withholds the answers a person must decide: the multi-marked question is not scored', async () => {
    const row = (await scoresByStudent()).get(s.room.students[4]!.id)!;
    const q1 = String(s.room.questions[0]!.id);
    expect(row.choices[q1]).toBeUndefined();
  });

  it('resolves each exception; reconciliation then adds up and the scores follow', async () => {
    const byKind = (kind: number) => exceptions.find((e) => e.kind === kind)!;
    const resolve = (e: RecognizeException, resolution: Record<string, unknown>) =>
      call<RecognizeException>(api.updateException, { exceptionId: e.exceptionId, resolution });

    expectOk(await resolve(byKind(4), { examNo: examNoOf(2) }));
    const duplicate = byKind(5);
    const candidates = Object.values((duplicate.data as { pages: Record<string, string[]> }).pages)[0]!;
    expectOk(await resolve(duplicate, { keepPageIds: [candidates[0]], reason: '第二份为重复扫描' }));
    const multi = byKind(7);
    expectOk(await resolve(multi, { answer: 'A' }));
    // The unknown 考号 corrected: 考生3's sheet is whole again, its missing-page exception gone.
    const open = expectOk(
      await call<{ list: RecognizeException[] }>(api.findExceptionsBySeId, { seId: s.room.seId, status: 0 }),
    ).list;
    expect(open.map((e) => `${e.kind}:${e.studentName}`)).toEqual(['6:考生4']);
    expectOk(await resolve(open[0]!, { accept: true }));

    const info = expectOk(await call<ExamScanInfo>(api.syncExamRoomScanInfo, { seId: s.room.seId }));
    expect(info.totals).toMatchObject({ missingStudents: 0, missingPages: 0, openExceptions: 0, reconciled: true });
    const scores = await scoresByStudent();
    const q1 = String(s.room.questions[0]!.id);
    expect(scores.get(s.room.students[4]!.id)!.choices[q1]).toBe('A');
    expect(scores.get(s.room.students[2]!.id)).toBeDefined();
    // Four decided by a person (考生3's missing page went away with the corrected 考号), each with who decided.
    const resolved = expectOk(
      await call<{ list: RecognizeException[] }>(api.findExceptionsBySeId, { seId: s.room.seId, status: 1 }),
    ).list;
    expect(resolved.map((e) => e.kind).sort()).toEqual([4, 5, 6, 7]);
    expect(resolved.every((e) => e.resolvedByName && e.resolution)).toBe(true);
  });

  it('serves the page image and a crop of a subjective box to the school’s administrator', async () => {
    const page = expectOk(await call<{ list: ScanPage[] }>(api.findPages, { batchId, pageSize: 1 })).list[0]!;
    expect(page.crops.length).toBeGreaterThan(0);
    const image = await s.t.app.inject({
      method: 'POST',
      url: api.cropImage.path,
      headers: {
        loginName: s.sessions.admin.loginName,
        jwtToken: s.sessions.admin.jwtToken,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ schoolId: s.sid, pageId: page.pageId, boxId: page.crops[0]!.boxId }),
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expectForbidden(await s.as(s.sessions.teacher, api.pageImage, { schoolId: s.sid, pageId: page.pageId }));
  });

  it('refuses another school’s ids (403) and changes nothing', async () => {
    expectForbidden(await call(api.createBatch, { seId: s.ids.otherSeId }));
    expectForbidden(await s.call(api.batchStatus, { schoolId: String(s.other.school.id), batchId }));
    expectForbidden(await call(api.syncExamRoomScanInfo, { seId: s.ids.otherSeId }));
    expectForbidden(await s.as(s.sessions.student, api.findBatches, { schoolId: s.sid, seId: s.room.seId }));
  });

  it('refuses to delete a scanned student from the exam with a clear message, nothing removed', async () => {
    const student = s.room.students[0]!;
    const before = (await scoresByStudent()).get(student.id);
    expect(before).toBeDefined();
    expectFailure(
      await call(examsApi.deleteExamStudentByStuIds, { seId: s.room.seId, studentIds: [String(student.id)] }),
      STATUS.conflict,
      /仍被其他记录使用/,
    );
    expect((await scoresByStudent()).get(student.id)).toEqual(before);
  });

  it('recognises again after a worker is killed mid-batch, with the same results', async () => {
    const resultsOf = async () =>
      (
        await s.db
          .select()
          .from(scanPages)
          .where(eq(scanPages.batchId, Number(batchId)))
      )
        .map((p) => ({
          id: p.id,
          examNo: p.examNoRead,
          pageNo: p.pageNo,
          answers: p.result?.questions.map((q) => q.answer),
        }))
        .sort((a, b) => a.id - b.id);
    const before = await resultsOf();
    const scoresBefore = [...(await scoresByStudent()).values()].map((r) => [r.studentId, r.choices, r.totalScore]);

    const storage = localFileStorage(path.join(tmpdir(), 'files'));
    const jobs = lazyJobQueue(s.t.database, { supervise: false });
    let recognised = 0;
    // A worker that dies after eight pages: the ones it took after that never finish. Its queue
    // settings (a one-second lease) apply to the jobs queued from here on.
    const dying = createRecognitionRunner(s.db, jobs, storage, {
      leaseSeconds: 1,
      retryDelaySeconds: 0,
      pollMs: 20,
      concurrency: 2,
      recognise: (input) => (++recognised > 8 ? new Promise(() => {}) : recognisePage(input)),
    });
    await dying.start();
    expectOk(await call(api.recognizeAgain, { batchId }));
    while (recognised < 10) await new Promise((r) => setTimeout(r, 50));
    await dying.stop(0);

    await new Promise((r) => setTimeout(r, 1200));
    await jobs.expireLeases();
    const restarted = createRecognitionRunner(s.db, jobs, storage, {
      leaseSeconds: 1,
      retryDelaySeconds: 0,
      recognise: recognisePage,
    });
    await restarted.requeueUnfinished();
    await restarted.drain(2);
    const status = expectOk(await call<ScanBatchStatus>(api.batchStatus, { batchId }));
    expect(status.pages).toMatchObject({ done: 60, queued: 0, recognising: 0, failed: 0 });
    expect(await resultsOf()).toEqual(before);
    expect([...(await scoresByStudent()).values()].map((r) => [r.studentId, r.choices, r.totalScore])).toEqual(
      scoresBefore,
    );
    await jobs.stop();
  }, 600_000);
});

describe('student cards, the procedure, and deleting a batch', () => {
  it('takes a student’s answers typed by hand and writes them through the score path', async () => {
    const card = expectOk(
      await call<{ answers: Record<string, string | null> }>(api.saveOrUpdateExamStudentCard, {
        seId: s.room.seId,
        studentId: String(s.room.students[0]!.id),
        answers: { '1': 'd' },
      }),
    );
    expect(card.answers['1']).toBe('D');
    const q1 = String(s.room.questions[0]!.id);
    expect((await scoresByStudent()).get(s.room.students[0]!.id)!.choices[q1]).toBe('D');
    const refused = await call(api.saveOrUpdateExamStudentCard, {
      seId: s.room.seId,
      studentId: String(s.room.students[0]!.id),
      answers: { '1': 'Z' },
    });
    expect([refused.status, refused.message]).toEqual([400, expect.stringContaining('选项“Z”不允许')]);
  });

  it('moves the exam to 成绩核对 once no exception is open', async () => {
    expect(expectOk(await call<{ code: number }>(api.getSingleProcedure, { seId: s.room.seId })).code).toBe(2);
    const moved = expectOk(
      await call<{ code: number; name: string }>(api.updateSingleProcedure, { seId: s.room.seId, code: 4 }),
    );
    expect([moved.code, moved.name]).toEqual([4, '成绩核对']);
  });

  it('deletes a batch softly: kept in the history with who and why, gone from the sheets', async () => {
    expectOk(await call(api.deleteBatch, { batchId, reason: '整批重扫' }));
    const history = expectOk(
      await call<{ batchId: string; deletedByName: string | null; deleteReason: string | null }[]>(api.batchHistory, {
        seId: s.room.seId,
      }),
    );
    expect(history.find((b) => b.batchId === batchId)).toMatchObject({ deleteReason: '整批重扫' });
    expect(history.find((b) => b.batchId === batchId)!.deletedByName).toBeTruthy();
    const active = expectOk(await call<{ batchId: string }[]>(api.findBatches, { seId: s.room.seId }));
    expect(active.some((b) => b.batchId === batchId)).toBe(false);
    const info = expectOk(await call<ExamScanInfo>(api.syncExamRoomScanInfo, { seId: s.room.seId }));
    expect(info.totals.receivedPages).toBe(0);
    // The originals stay stored: the deleted batch's pages still show their images.
    const page = (
      await s.db
        .select()
        .from(scanPages)
        .where(eq(scanPages.batchId, Number(batchId)))
    )[0]!;
    const image = await s.t.app.inject({
      method: 'POST',
      url: api.pageImage.path,
      headers: {
        loginName: s.sessions.admin.loginName,
        jwtToken: s.sessions.admin.jwtToken,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ schoolId: s.sid, pageId: String(page.id) }),
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });
});

describe('bad files: a clear message each, nothing else in the batch affected', () => {
  it('refuses a non-image, a corrupt JPEG, a 0-byte file, a 400-page PDF and a zip with ../x', async () => {
    const batch = (await createBatch(s)).batchId;
    const good = await sheetPage(s.room.rasters, s.room.template, 1, { examNo: examNoOf(7) }, 77);
    const line = async (name: string, bytes: Buffer) => expectOk(await uploadFile(s, batch, name, bytes)).files;

    const txt = await uploadFile(s, batch, 'notes.txt', Buffer.from('hello'));
    expect(txt.message).toBe('只能上传扫描图像：JPEG、PNG、TIFF、PDF，或包含它们的 zip 压缩包');
    expect((await line('fake.jpg', Buffer.from('not an image at all')))[0]).toMatchObject({
      status: 'refused',
      message: '不是扫描图像：只接受 JPEG、PNG、TIFF、PDF 或包含它们的 zip',
    });
    expect((await line('cut.jpg', good.subarray(0, Math.floor(good.length / 2))))[0]).toMatchObject({
      status: 'refused',
      message: 'JPEG 文件已损坏或不完整，无法读取',
    });
    expect((await line('empty.jpg', Buffer.alloc(0)))[0]).toMatchObject({
      status: 'refused',
      message: '文件为空（0 字节）',
    });
    expect((await line('long.pdf', await blankPdf(400)))[0]).toMatchObject({
      status: 'refused',
      message: 'PDF 共 400 页，超过单个文件 300 页的上限，请拆分后上传',
    });
    const { zipOf } = await import('../../../test/zip-files.ts');
    expect(
      (
        await line(
          'evil.zip',
          zipOf([
            { name: 'ok.jpg', data: good },
            { name: '../x.jpg', data: good },
          ]),
        )
      )[0],
    ).toMatchObject({
      status: 'refused',
      message: '压缩包中的路径“../x.jpg”不安全（含 .. 或绝对路径），整个压缩包未接收',
    });
    // The good file of the same batch goes in, and the same bytes again are a duplicate, not stored twice.
    expect((await line('good.jpg', good))[0]).toMatchObject({ status: 'stored', pageCount: 1 });
    expect((await line('good-again.jpg', good))[0]).toMatchObject({ status: 'duplicate' });
    const status = expectOk(await call<ScanBatchStatus>(api.batchStatus, { batchId: batch }));
    expect(status.files).toEqual({ stored: 1, duplicate: 1, refused: 5 });
    expect(status.pages.total).toBe(1);
  }, 120_000);

  it('takes a zip of scans and a multi-page PDF as their pages', async () => {
    const batch = (await createBatch(s)).batchId;
    const a = await sheetPage(s.room.rasters, s.room.template, 1, { examNo: examNoOf(8) }, 81);
    const b = await sheetPage(s.room.rasters, s.room.template, 2, { examNo: examNoOf(8) }, 82);
    const { zipOf } = await import('../../../test/zip-files.ts');
    const files = expectOk(
      await uploadFile(
        s,
        batch,
        'room.zip',
        zipOf([
          { name: 'a/1.jpg', data: a },
          { name: 'a/2.jpg', data: b },
          { name: '.DS_Store', data: 'x' },
        ]),
      ),
    ).files;
    expect(files.map((f) => [f.status, f.pageCount])).toEqual([
      ['stored', 1],
      ['stored', 1],
    ]);
    const pdf = expectOk(await uploadFile(s, batch, 'three.pdf', await blankPdf(3))).files;
    expect(pdf[0]).toMatchObject({ status: 'stored', pageCount: 3 });
    await s.t.app.scanRecognition.drain(2);
    const pages = expectOk(await call<{ list: ScanPage[] }>(api.findPages, { batchId: batch })).list;
    expect(pages.map((p) => p.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(pages.filter((p) => p.outcome === 'read').map((p) => [p.examNo, p.pageNo])).toEqual([
      [examNoOf(8), 1],
      [examNoOf(8), 2],
    ]);
    // Blank PDF pages have no locators: unreadable, each in the exception queue with its image.
    expect(pages.filter((p) => p.outcome !== 'read').map((p) => p.outcome)).toEqual([
      'locators-missing',
      'locators-missing',
      'locators-missing',
    ]);
  }, 120_000);
});

async function blankPdf(pages: number): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (let i = 0; i < pages; i++) doc.addPage().text(`Page ${i + 1}`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
