import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  documentsToolsApi as api,
  type ExamDoc,
  examsApi,
  type OcrResult,
  type QuestionImportPreview,
  type StoredToolFile,
  type WordPages,
  type WordPdfAndJpg,
} from '@huikao/contracts';
import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../../../test/client.ts';
import { type ExamsSetup, MATH, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { findOffice } from '../pdf.ts';
import { stopOcr } from './ocr.ts';

// The tool service end to end (issue #19 part 1) through the real app: uploads checked by their
// bytes, signed links fetched without a session, Word files (uploads and exam documents) turned
// into pages, PDF and print files by LibreOffice, workbooks printed both ways, a rendered photo of
// a question read back by tesseract, and another school's id or file refused with 403.

let s: ExamsSetup;
const office = await findOffice();
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

beforeAll(async () => {
  s = await setUpExams();
});
afterAll(async () => {
  await stopOcr();
  await s.t.close();
});

/** A two-page Word paper the importer can cut: two numbered questions, a page break between. */
async function wordPaper(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun('八年级数学练习')] }),
          new Paragraph({ children: [new TextRun('1. 计算 12 + 35 的值。')] }),
          new Paragraph({ children: [new TextRun('A. 45  B. 47  C. 57  D. 37')] }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ children: [new TextRun('2. 解方程 2x + 3 = 11。')] }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

const send = (
  kind: 'file' | 'image' | 'word',
  fileName: string,
  buffer: Buffer,
  schoolId = s.sid,
  session = s.sessions.teacher,
) =>
  upload<StoredToolFile>(
    s.t.app,
    kind === 'file' ? api.fileUploaded : kind === 'image' ? api.imgStreamUploaded : api.wordUpload,
    { schoolId },
    { fileName, buffer, mimeType: 'application/octet-stream' },
    { session },
  );

const fetchLink = (url: string) => s.t.app.inject({ method: 'GET', url });
const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const otherFolder = () => path.join(tmpdir(), 'files', `tools-${s.other.school.id}`);

describe('file/fileUploaded, file/imgStreamUploaded, file/getHttpURI', () => {
  it('stores an attachment and a pasted picture, served through signed links', async () => {
    const paper = await wordPaper();
    const stored = expectOk(await send('file', '期中试卷.docx', paper));
    expect(stored.fileKey).toMatch(new RegExp(`^tools-${s.sid}/\\d{4}/[0-9a-f-]{36}\\.docx$`));
    expect(stored).toMatchObject({ fileName: '期中试卷.docx', size: paper.length, contentType: DOCX });
    const fetched = await fetchLink(stored.url);
    expect(fetched.statusCode).toBe(200);
    expect(Buffer.compare(fetched.rawPayload, paper)).toBe(0);

    const picture = await png();
    const pasted = expectOk(await send('image', 'image.png', picture));
    expect(pasted.contentType).toBe('image/png');
    // Kept with the question pictures: its token goes into question text as an imported figure does.
    expect(pasted.fileKey.startsWith(`question-pictures-${s.sid}/`)).toBe(true);
    expect(pasted.pictureToken).toBe(`{{图:${s.sid}/${pasted.fileKey.slice(pasted.fileKey.indexOf('/') + 1)}}}`);
    expect(stored.pictureToken).toBeNull();
    expect((await fetchLink(pasted.url)).rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const again = expectOk(
      await s.as<{ url: string }>(s.sessions.teacher, api.getHttpURI, { schoolId: s.sid, fileKey: pasted.fileKey }),
    );
    expect((await fetchLink(again.url)).statusCode).toBe(200);
    // A link whose signature is changed serves nothing.
    expect((await fetchLink(again.url.replace(/signature=./, 'signature=x'))).statusCode).not.toBe(200);
  });

  it('refuses a wrong type by its bytes, a corrupt picture and an oversized one, in Chinese', async () => {
    expectFailure(
      await send('image', 'photo.png', Buffer.from('不是图片，是文字')),
      400,
      /文件内容与类型不符或文件已损坏/,
    );
    expectFailure(await send('file', '程序.exe', Buffer.from('MZ')), 400, /只能上传 Word\(\.docx\)/);
    const picture = await png();
    expectFailure(await send('image', 'broken.png', picture.subarray(0, 6)), 400, /文件内容与类型不符或文件已损坏/);
    const big = await send('image', 'big.png', Buffer.concat([picture, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.http).toBe(413);
    expect(big.message).toBe('文件过大：最大 5 MB');
    expectFailure(
      await s.as(s.sessions.teacher, api.getHttpURI, { schoolId: s.sid, fileKey: '../etc/passwd' }),
      400,
      '文件编号不正确，请重新上传',
    );
  });

  it('refuses another school with 403 and stores nothing for it', async () => {
    expectForbidden(await send('file', '试卷.docx', await wordPaper(), String(s.other.school.id)));
    expectForbidden(await send('image', 'image.png', await png(), String(s.other.school.id)));
    expect(existsSync(otherFolder())).toBe(false);
    const otherKey = `tools-${s.other.school.id}/2026/00000000-0000-4000-8000-000000000000.png`;
    expectForbidden(await s.as(s.sessions.teacher, api.getHttpURI, { schoolId: s.sid, fileKey: otherKey }));
    expectForbidden(
      await s.as(s.sessions.teacher, api.getHttpURI, { schoolId: String(s.other.school.id), fileKey: otherKey }),
    );
    // Students have no tool service.
    expectForbidden(await send('image', 'image.png', await png(), s.sid, s.sessions.student));
  });
});

describe('word/upload and seg/getWordSegTopics', () => {
  it('cuts an uploaded Word paper into questions without saving them', async () => {
    const stored = expectOk(await send('word', '练习.docx', await wordPaper()));
    const preview = expectOk(
      await s.as<QuestionImportPreview>(s.sessions.teacher, api.getWordSegTopics, {
        schoolId: s.sid,
        fileKey: stored.fileKey,
        courseId: String(MATH),
      }),
    );
    expect(preview.questions.map((q) => q.stem)).toEqual([
      expect.stringContaining('计算 12 + 35 的值'),
      expect.stringContaining('解方程 2x + 3 = 11'),
    ]);
    expectFailure(await send('word', '表格.xlsx', Buffer.from('x')), 400, /只能上传 \.docx 格式/);
    const pdfKey = expectOk(await send('file', 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).fileKey;
    expectFailure(
      await s.as(s.sessions.teacher, api.getWordSegTopics, {
        schoolId: s.sid,
        fileKey: pdfKey,
        courseId: String(MATH),
      }),
      400,
      /文件内容与类型不符或文件已损坏/,
    );
    expectForbidden(
      await s.as(s.sessions.teacher, api.getWordSegTopics, {
        schoolId: String(s.other.school.id),
        fileKey: stored.fileKey,
        courseId: String(MATH),
      }),
    );
  });
});

describe.skipIf(!office)('word/preview, word/wordToPDFAndJPG, word/wordPrint (LibreOffice)', () => {
  let fileKey: string;
  let examDoc: ExamDoc;
  beforeAll(async () => {
    fileKey = expectOk(await send('file', '期中试卷.docx', await wordPaper())).fileKey;
    examDoc = expectOk(
      await upload<ExamDoc>(
        s.t.app,
        examsApi.uploadExamDoc,
        { schoolId: s.sid, meId: s.ids.meId, kind: '1' },
        { fileName: '数学试卷.docx', buffer: await wordPaper(), mimeType: DOCX },
        { session: s.sessions.admin },
      ),
    );
  });

  it('previews an uploaded Word file and an exam document as page images', async () => {
    for (const source of [{ fileKey }, { examDocId: examDoc.docId }]) {
      const pages = expectOk(
        await s.as<WordPages>(s.sessions.teacher, api.wordPreview, { schoolId: s.sid, ...source }),
      );
      expect(pages.pageCount).toBe(2);
      const first = await fetchLink(pages.pages[0]!.url);
      expect(first.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(first.rawPayload).metadata();
      // A4 portrait at 110 dpi: about 910 × 1286 pixels.
      expect(meta.height! / meta.width!).toBeCloseTo(297 / 210, 1);
    }
    const converted = expectOk(
      await s.as<WordPdfAndJpg>(s.sessions.teacher, api.wordToPDFAndJPG, { schoolId: s.sid, fileKey }),
    );
    expect(converted.pages).toHaveLength(2);
    const pdf = await fetchLink(converted.pdfUrl);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 240_000);

  it('prints a Word file as a PDF whose text is the paper', async () => {
    const response = await s.t.app.inject({
      method: 'POST',
      url: api.wordPrint.path,
      headers: {
        loginName: s.sessions.teacher.loginName,
        jwtToken: s.sessions.teacher.jwtToken,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ schoolId: s.sid, examDocId: examDoc.docId }),
    });
    expect(response.headers['content-type']).toBe('application/pdf');
    const file = path.join(tmpdir(), `tools-print-${process.pid}.pdf`);
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('解方程 2x + 3 = 11');
  }, 240_000);

  it('refuses a file that is not Word, no file, and another school’s document with 403', async () => {
    const pdfKey = expectOk(await send('file', 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).fileKey;
    expectFailure(
      await s.as(s.sessions.teacher, api.wordPreview, { schoolId: s.sid, fileKey: pdfKey }),
      400,
      /文件内容与类型不符/,
    );
    expectFailure(
      await s.as(s.sessions.teacher, api.wordPreview, { schoolId: s.sid }),
      400,
      '请选择要转换的 Word 文件',
    );
    expectForbidden(
      await s.as(s.sessions.teacher, api.wordPreview, {
        schoolId: String(s.other.school.id),
        examDocId: examDoc.docId,
      }),
    );
    expectForbidden(await s.as(s.sessions.teacher, api.wordPrint, { schoolId: String(s.other.school.id), fileKey }));
    expect(existsSync(otherFolder())).toBe(false);
  });
});

describe.skipIf(!office)('excel/excelPrint and excel/excelPrint2', () => {
  it('prints a workbook portrait and landscape, and refuses a corrupt one and another school', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('成绩');
    sheet.addRow(['姓名', '语文', '数学']);
    sheet.addRow(['张一', 98, 100]);
    const stored = expectOk(await send('file', '成绩表.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())));
    for (const [endpoint, size] of [
      [api.excelPrint, /Page size: +595[.\d]* x 84[12][.\d]* pts/],
      [api.excelPrint2, /Page size: +84[12][.\d]* x 595[.\d]* pts/],
    ] as const) {
      const response = await s.t.app.inject({
        method: 'POST',
        url: endpoint.path,
        headers: {
          loginName: s.sessions.teacher.loginName,
          jwtToken: s.sessions.teacher.jwtToken,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ schoolId: s.sid, fileKey: stored.fileKey, fileName: '成绩表.xlsx' }),
      });
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(
        encodeURIComponent(endpoint === api.excelPrint ? '成绩表.pdf' : '成绩表-横向.pdf'),
      );
      const file = path.join(tmpdir(), `tools-excel-${process.pid}.pdf`);
      writeFileSync(file, response.rawPayload);
      expect(execFileSync('pdfinfo', [file]).toString()).toMatch(size);
      expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('张一');
    }
    const word = expectOk(await send('file', 'a.docx', await wordPaper())).fileKey;
    expectFailure(
      await s.as(s.sessions.teacher, api.excelPrint, { schoolId: s.sid, fileKey: word }),
      400,
      '只能打印 Excel(.xlsx) 文件',
    );
    expectForbidden(
      await s.as(s.sessions.teacher, api.excelPrint2, { schoolId: String(s.other.school.id), fileKey: stored.fileKey }),
    );
  }, 240_000);
});

describe('file/iiilookOCR 拍照识题', () => {
  /** A "photo" of a printed question: black Noto CJK text on off-white, slightly blurred. */
  async function photo(text: string) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="140"><rect width="100%" height="100%" fill="#f4f1ea"/><text x="30" y="85" font-family="Noto Sans CJK SC" font-size="44" fill="#111">${text}</text></svg>`;
    return sharp(Buffer.from(svg)).blur(0.6).jpeg({ quality: 80 }).toBuffer();
  }
  const ocr = (buffer: Buffer, schoolId = s.sid, fileName = 'photo.jpg') =>
    upload<OcrResult>(
      s.t.app,
      api.iiilookOCR,
      { schoolId },
      { fileName, buffer, mimeType: 'image/jpeg' },
      { session: s.sessions.teacher },
    );

  it('reads Chinese and digits from a photo of a printed question', async () => {
    const result = expectOk(await ocr(await photo('1. 计算 12 + 35 的值是多少')));
    expect(result.text).toContain('计算');
    expect(result.text).toContain('12');
    expect(result.text).toContain('35');
    expect(result.text).toContain('的值是多少');
  }, 120_000);

  it('refuses a corrupt photo, a text file and another school', async () => {
    const good = await photo('测试');
    expectFailure(await ocr(good.subarray(0, 200)), 400, /图片无法读取|没有识别到文字/);
    expectFailure(await ocr(Buffer.from('hello'), s.sid, 'a.png'), 400, /文件内容与类型不符或文件已损坏/);
    expectForbidden(await ocr(good, String(s.other.school.id)));
  }, 120_000);
});
