import { documentsToolsApi as api, type StoredToolFile } from '@huikao/contracts';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';

// The /tool/api uploads racing (definition of done: concurrent writers never lose each other's
// work). On PostgreSQL (TEST_DATABASE_URL) the requests run in parallel; the store gives every
// upload a key of its own, so twenty-four files of one name sent at once come back as twenty-four
// files, each serving exactly the bytes that were sent, never another's.

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

const picture = (i: number) =>
  sharp({ create: { width: 24 + i, height: 16, channels: 3, background: { r: i * 9, g: 80, b: 200 - i * 7 } } })
    .png()
    .toBuffer();
const wordFile = async (i: number) =>
  Buffer.from(
    await Packer.toBuffer(
      new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun(`第${i}份讲义`)] })] }] }),
    ),
  );

describe('file/fileUploaded, file/imgStreamUploaded and word/upload at once', () => {
  it('keeps every one of 24 parallel uploads of the same file name, each with its own bytes', async () => {
    const sends = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const kind = i % 3;
        const endpoint = kind === 0 ? api.fileUploaded : kind === 1 ? api.imgStreamUploaded : api.wordUpload;
        const fileName = kind === 2 ? '讲义.docx' : '讲义.png';
        const buffer = kind === 2 ? await wordFile(i) : await picture(i);
        return { buffer, endpoint, fileName };
      }),
    );
    const results = await Promise.all(
      sends.map(({ buffer, endpoint, fileName }) =>
        upload<StoredToolFile>(
          s.t.app,
          endpoint,
          { schoolId: s.sid },
          { fileName, buffer, mimeType: 'application/octet-stream' },
          { session: s.sessions.teacher },
        ),
      ),
    );
    const stored = results.map((r) => expectOk(r));
    expect(new Set(stored.map((f) => f.fileKey)).size).toBe(24);
    for (const [i, file] of stored.entries()) {
      expect(file.size).toBe(sends[i]!.buffer.length);
      const served = await s.t.app.inject({ method: 'GET', url: file.url });
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, sends[i]!.buffer)).toBe(0);
    }
  });
});
