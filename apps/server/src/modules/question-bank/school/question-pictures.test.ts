import { questionBankSchoolApi as api, type QuestionImportPreview, splitPictures } from '@huikao/contracts';
import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { upload } from '../../../test/client.ts';
import { callFormFile, setUpSchoolBank } from '../../../test/question-bank-school-fixture.ts';

// The Word import keeps pictures (#22 item 3): each is stored for the school, the question text
// names it, the school's users read back the very bytes, another school cannot; what is not a
// web picture (a drawing, an oversize file) is a note on its question, never a failed import.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpSchoolBank>>;
let stemPng: Buffer;
let optionJpeg: Buffer;

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpSchoolBank(test);
  stemPng = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  optionJpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#06c' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => test.close());

const picture = (type: 'png' | 'jpg', data: Buffer) =>
  new ImageRun({ type, data, transformation: { width: 40, height: 20 } });
const p = (...runs: (string | ImageRun)[]) =>
  new Paragraph({ children: runs.map((run) => (typeof run === 'string' ? new TextRun(run) : run)) });

async function paperWithPictures(): Promise<Buffer> {
  // Not a picture any browser shows (an EMF drawing read as bytes) and one over the size limit.
  const drawing = Buffer.concat([Buffer.from([1, 0, 0, 0]), Buffer.alloc(200, 7)]);
  const oversize = Buffer.concat([stemPng, Buffer.alloc(5 * 1024 * 1024 + 1)]);
  const doc = new Document({
    sections: [
      {
        children: [
          p('一、选择题（每小题5分）'),
          p('1. 如图所示，阴影部分的面积是（  ）'),
          p(picture('png', stemPng)),
          p('A. ', picture('jpg', optionJpeg), '  B. 2  C. 3  D. 4'),
          p('【答案】A'),
          p('2. 下列图形中，是轴对称图形的是（  ）', picture('png', drawing)),
          p('A. 甲  B. 乙  C. 丙  D. 丁'),
          p('【答案】B'),
          p('3. 观察下图（  ）', picture('png', oversize)),
          p('A. 1  B. 2'),
          p('【答案】A'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

async function preview(): Promise<QuestionImportPreview> {
  const result = await upload<QuestionImportPreview>(
    test.app,
    api.parseDocxPaper,
    { courseId: '2' },
    { fileName: '带图试卷.docx', buffer: await paperWithPictures() },
    { session: fx.adminA },
  );
  expect(result.status, result.message).toBe(200);
  return result.data;
}

const picturesOf = (text: string) => splitPictures(text).filter((s) => s.kind === 'picture');

describe('Word import with pictures', () => {
  it('stores a stem’s and an option’s picture and serves the same bytes to the school', async () => {
    const [q1] = (await preview()).questions;
    expect(q1!.stem.startsWith('如图所示，阴影部分的面积是（  ）\n{{图:')).toBe(true);
    expect(q1!.options.slice(1)).toEqual(['2', '3', '4']);
    const [inStem] = picturesOf(q1!.stem);
    const [inOption] = picturesOf(q1!.options[0]!);
    expect(inStem).toMatchObject({ kind: 'picture', schoolId: fx.adminA.schoolId });
    expect(q1!.notes).toEqual([]);

    for (const [segment, bytes, type] of [
      [inStem, stemPng, 'image/png'],
      [inOption, optionJpeg, 'image/jpeg'],
    ] as const) {
      if (segment?.kind !== 'picture') throw new Error('no picture token');
      // A teacher and a student of the school (not only the administrator who imported it) read it.
      for (const session of [fx.teacherA, fx.student]) {
        const served = await callFormFile(
          test,
          api.getQuestionPicture,
          { schoolId: segment.schoolId, picture: segment.file },
          session,
        );
        expect(served.http).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(Buffer.from(served.buffer).equals(bytes)).toBe(true);
      }
    }
  });

  it('leaves out what is not a web picture, or too large, with a note on its question', async () => {
    const { questions, notes } = await preview();
    const [, q2, q3] = questions;
    expect(q2!.stem).toBe('下列图形中，是轴对称图形的是（  ）');
    expect(q2!.notes).toEqual(['第 1 张图片格式（PNG）不是 PNG、JPEG、GIF 或 WebP，未导入，请在预览中补充']);
    expect(q3!.stem).toBe('观察下图（  ）');
    expect(q3!.notes).toEqual(['第 1 张图片超过 5 MB，未导入，请在预览中补充']);
    expect(q3!.options).toEqual(['1', '2']);
    expect(notes).toContain('第 2、3 题有图片未能导入（见各题提示）');
  });

  it('another school cannot read a stored picture; an unknown one is not found', async () => {
    const [q1] = (await preview()).questions;
    const [segment] = picturesOf(q1!.stem);
    if (segment?.kind !== 'picture') throw new Error('no picture token');
    const asOther = await callFormFile(
      test,
      api.getQuestionPicture,
      { schoolId: segment.schoolId, picture: segment.file },
      fx.adminB,
    );
    expect(asOther.http).toBe(403);
    const inOwnSchool = await callFormFile(
      test,
      api.getQuestionPicture,
      { schoolId: fx.adminB.schoolId, picture: segment.file },
      fx.adminB,
    );
    // The protocol's not-found: an envelope with status 404 (protocol.md), not a file.
    expect(inOwnSchool.headers['content-type']).toMatch(/json/);
    expect(JSON.parse(inOwnSchool.buffer.toString())).toMatchObject({ status: 404, message: '图片不存在' });
  });
});
