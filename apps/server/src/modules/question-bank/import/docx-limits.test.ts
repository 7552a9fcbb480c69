import { setTimeout as sleep } from 'node:timers/promises';
import { questionBankSchoolApi as api, platformApi, type QuestionImportPreview } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call, upload } from '../../../test/client.ts';
import { setUpSchoolBank } from '../../../test/question-bank-school-fixture.ts';
import { docxOfParagraphs } from '../../../test/zip-files.ts';

// Issue #21 item 7: a Word paper of 200,000 paragraphs used to hold the event loop for seconds and
// take a GB; now its paragraphs are counted before mammoth reads it, and what is allowed is parsed
// in a worker thread while the server goes on answering.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpSchoolBank>>;
beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpSchoolBank(test);
});
afterAll(() => test.close());

const question = (i: number) => `${i + 1}. 下列各数中，最小的数是 A. -2 B. 0 C. 1 D. 3 【答案】A 【解析】负数小于零`;
const previewDocx = (buffer: Buffer) =>
  upload<QuestionImportPreview>(
    test.app,
    api.parseDocxPaper,
    { courseId: '2' },
    { fileName: '试卷.docx', buffer },
    { session: fx.adminA },
  );

describe('questions/import/docx limits', () => {
  it('refuses a paper of 200,000 paragraphs before reading it', async () => {
    const file = docxOfParagraphs(Array.from({ length: 200_000 }, (_, i) => `第${i}段`));
    const result = await previewDocx(file);
    expect(result.status).toBe(400);
    expect(result.message).toBe('段落数超过 10000，请拆分后分批导入');
  });

  it('keeps answering other requests while a long paper is parsed', async () => {
    const file = docxOfParagraphs(Array.from({ length: 9_000 }, (_, i) => question(i)));
    const started = performance.now();
    let parsed = false;
    const parsing = previewDocx(file).finally(() => {
      parsed = true;
    });
    // Other requests, one after another, for as long as the parse runs. Parsing on the event loop
    // held them all for most of the parse; in a worker the longest wait between two answers stays
    // a small part of it.
    let answered = 0;
    let longestWait = 0;
    let last = started;
    while (!parsed) {
      // A timer between them lets the upload's own I/O (and the worker's answer) through.
      await sleep(10);
      const health = await call(test.app, platformApi.healthz, {});
      expect(health.status).toBe(200);
      const now = performance.now();
      longestWait = Math.max(longestWait, now - last);
      last = now;
      answered += 1;
    }
    const result = await parsing;
    const parseMs = performance.now() - started;
    expect(result.status, result.message).toBe(200);
    expect(result.data.questions.length).toBeGreaterThan(500);
    expect(answered).toBeGreaterThan(1);
    expect(longestWait, `longest wait ${longestWait} ms of a ${parseMs} ms parse`).toBeLessThan(parseMs / 2);
  });
});
