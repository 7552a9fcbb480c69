import {
  paperTemplateApi as api,
  documentsToolsApi,
  type PaperTemplate,
  type SavedPaperTemplate,
  type StoredToolFile,
  type StoredUser,
  type UserPaperDetail,
  questionBankUserApi as userApi,
} from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperTemplates, qbQuestions } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call, login, send, upload } from '../../../test/client.ts';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { setUpUserResources } from '../../../test/question-bank-user-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// The school's paper template end to end: an administrator saves it (bad input refused in
// Chinese, another school's id refused with 403 and nothing written), teachers read it, a copy
// from another school year, and a paper exported with it, unzipped and read for its title lines,
// seal line fields, watermark, notes, fonts and background picture.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;
let adminA: StoredUser;
let paper: UserPaperDetail;
let schoolId: string;

const TEMPLATE: PaperTemplate = {
  titleLines: ['{学校名称}2026学年第一学期', '{考试名称}'],
  sealLine: 'left',
  sealFields: ['班级', '姓名', '考号'],
  titleFont: '黑体',
  titleSize: 18,
  bodyFont: '楷体',
  bodySize: 12,
  notes: '1. 本试卷满分100分。\n2. 答案写在答题卡上。',
  watermark: '甲中学内部资料',
  backgroundFileKey: null,
};

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
  schoolId = String(fx.schoolA.id);
  const admin = await makeUser(test.database.db, { schoolId: fx.schoolA.id, type: 5 });
  adminA = await login(test.app, admin.loginName, TEST_PASSWORD);
  const [q1] = await test.database.db
    .select({ courseId: qbQuestions.courseId })
    .from(qbQuestions)
    .where(eq(qbQuestions.id, Number(fx.ids.q1)));
  paper = expectOk(
    await call<UserPaperDetail>(
      test.app,
      userApi.addUserPaper,
      {
        ...fx.owners.teacherA,
        paper: {
          title: '八年级数学期中测试',
          subtitle: '',
          notes: '试卷自己的注意事项',
          courseId: String(q1!.courseId),
          layout: { paperSize: 'A4', columns: 1, studentInfo: false, sealLine: false },
          sections: [{ title: '选择题', questions: [{ quesId: fx.ids.q2, score: 4 }] }],
        },
      },
      { session: fx.teacherA },
    ),
  );
});
afterAll(() => test.close());

const save = (template: unknown, session = adminA, id = schoolId, scope = '') =>
  call<SavedPaperTemplate>(test.app, api.saveTemplate, { schoolId: id, scope, template }, { session });
const read = (scope = '', session: StoredUser = fx.teacherA) =>
  call<SavedPaperTemplate>(test.app, api.getTemplate, { schoolId, scope }, { session });
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#f0e0c0' } })
    .png()
    .toBuffer();
const uploadFile = async (fileName: string, buffer: Buffer) =>
  expectOk(
    await upload<StoredToolFile>(
      test.app,
      documentsToolsApi.fileUploaded,
      { schoolId },
      { fileName, buffer, mimeType: 'application/octet-stream' },
      { session: adminA },
    ),
  ).fileKey;

async function exported(scope = '') {
  const response = await send(
    test.app,
    api.wordBGExport,
    { schoolId, userPaperId: paper.paperId, scope },
    { session: fx.teacherA },
  );
  expect(response.statusCode).toBe(200);
  expect(String(response.headers['content-type'])).toContain('wordprocessingml.document');
  const zip = await JSZip.loadAsync(response.rawPayload);
  const read = (name: string) => zip.file(name)?.async('string') ?? Promise.resolve('');
  const headers = await Promise.all(
    Object.keys(zip.files)
      .filter((n) => /^word\/header\d*\.xml$/.test(n))
      .map(read),
  );
  const text = (xml: string) => xml.replace(/<[^>]+>/g, '');
  return {
    document: text(await read('word/document.xml')),
    header: text(headers.join('')),
    headerXml: headers.join(''),
    styles: await read('word/styles.xml'),
    media: Object.keys(zip.files).filter((n) => n.startsWith('word/media/')),
  };
}

describe('template/saveTemplate and template/getTemplate', () => {
  it('reads the default before anything is saved, then the saved template', async () => {
    const before = expectOk(await read());
    expect(before.saved).toBe(false);
    expect(before.template.titleLines).toEqual(['{学校名称}', '{考试名称}']);
    const saved = expectOk(await save(TEMPLATE));
    expect(saved).toMatchObject({ saved: true, template: TEMPLATE, backgroundUrl: null });
    expect(expectOk(await read()).template).toEqual(TEMPLATE);
    // A scope of its own falls back to the school's template until it is saved.
    expect(expectOk(await read('exam:42'))).toMatchObject({ saved: false, template: TEMPLATE });
  });

  it('refuses bad input in Chinese', async () => {
    expectFailure(await save({ ...TEMPLATE, titleLines: ['长'.repeat(41)] }), 400, /标题行最多40个字符/);
    expectFailure(await save({ ...TEMPLATE, titleFont: 'Arial' }), 400, /字体只能是宋体、黑体、楷体、仿宋/);
    expectFailure(await save({ ...TEMPLATE, bodySize: 13 }), 400, /字号只能是/);
    const word = await uploadFile(
      '不是图片.pdf',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'),
    );
    expectFailure(await save({ ...TEMPLATE, backgroundFileKey: word }), 400, '背景必须是 PNG 或 JPEG 图片');
    const big = await uploadFile('大图.png', Buffer.concat([await picture(20, 20), Buffer.alloc(2.5 * 1024 * 1024)]));
    expectFailure(await save({ ...TEMPLATE, backgroundFileKey: big }), 400, '背景图片过大：最大 2 MB');
    expect(expectOk(await read()).template).toEqual(TEMPLATE);
  });

  it('lets only the school administrator save, and refuses another school with 403, nothing changed', async () => {
    expectForbidden(await save({ ...TEMPLATE, watermark: '教师改的' }, fx.teacherA));
    expectForbidden(await save({ ...TEMPLATE, watermark: '乙校改的' }, fx.adminB));
    expectForbidden(await save({ ...TEMPLATE, watermark: '乙校改的' }, adminA, String(fx.schoolB.id)));
    expectForbidden(
      await call(test.app, api.getTemplate, { schoolId: String(fx.schoolB.id), scope: '' }, { session: adminA }),
    );
    const rows = await test.database.db.select().from(paperTemplates);
    expect(rows.map((r) => [r.schoolId, (r.template as PaperTemplate).watermark])).toEqual([
      [fx.schoolA.id, TEMPLATE.watermark],
    ]);
  });
});

describe('template/previewTemplate', () => {
  it('stores a sample paper printed with the unsaved form as a Word file for word/preview', async () => {
    const stored = expectOk(
      await call<StoredToolFile>(
        test.app,
        api.previewTemplate,
        { schoolId, template: { ...TEMPLATE, watermark: '预览水印' } },
        { session: fx.teacherA },
      ),
    );
    expect(stored.fileKey).toMatch(new RegExp(`^tools-${schoolId}/\\d{4}/.+\\.docx$`));
    const file = await test.app.inject({ method: 'GET', url: stored.url });
    const zip = await JSZip.loadAsync(file.rawPayload);
    const headers = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => n.startsWith('word/header'))
        .map((n) => zip.file(n)!.async('string')),
    );
    expect(headers.join('')).toContain('预览水印');
    expect(await zip.file('word/document.xml')!.async('string')).toContain('甲中学2026学年第一学期');
  });
});

describe('file/templateFileCopy', () => {
  it("copies another school year's template into an exam", async () => {
    expectOk(await save({ ...TEMPLATE, watermark: '2025学年' }, adminA, schoolId, 'year:2025'));
    const copy = (fromScope: string, toScope: string, session = adminA) =>
      call<SavedPaperTemplate>(test.app, api.templateFileCopy, { schoolId, fromScope, toScope }, { session });
    const copied = expectOk(await copy('year:2025', 'exam:7'));
    expect(copied).toMatchObject({ scope: 'exam:7', saved: true, template: { watermark: '2025学年' } });
    expect(expectOk(await read('exam:7')).template.watermark).toBe('2025学年');
    expectFailure(await copy('year:2019', 'exam:7'), 404, '来源考试或学年还没有保存过试卷模板');
    expectFailure(await copy('exam:7', 'exam:7'), 400, '复制的来源和目标不能相同');
    expectForbidden(await copy('year:2025', 'exam:8', fx.teacherA));
  });
});

// Saves racing (definition of done): on PostgreSQL (TEST_DATABASE_URL) in parallel transactions,
// on PGlite in turn. A save replaces the scope's whole template, so the last one stands, whole.
describe('template/saveTemplate in parallel', () => {
  const rowsOf = (scope: string) =>
    test.database.db.select().from(paperTemplates).where(eq(paperTemplates.scope, scope));

  it('twelve first saves of one scope at once: all answered, one row, one whole template', async () => {
    const sizes = [22, 18, 16, 15, 14, 12] as const;
    const sent = Array.from({ length: 12 }, (_, i) => ({
      ...TEMPLATE,
      watermark: `并发${i}`,
      titleSize: sizes[i % 6]!,
    }));
    for (const result of await Promise.all(sent.map((t) => save(t, adminA, schoolId, 'exam:900')))) expectOk(result);
    const rows = await rowsOf('exam:900');
    expect(rows).toHaveLength(1);
    expect(sent).toContainEqual(rows[0]!.template);
    expect(expectOk(await read('exam:900')).template).toEqual(rows[0]!.template);
  });

  it('saves of different scopes at once each keep their own template', async () => {
    const scopes = Array.from({ length: 8 }, (_, i) => `exam:${910 + i}`);
    const results = await Promise.all(
      scopes.map((scope) => save({ ...TEMPLATE, watermark: scope }, adminA, schoolId, scope)),
    );
    for (const result of results) expectOk(result);
    for (const scope of scopes) expect(expectOk(await read(scope)).template.watermark).toBe(scope);
  });
});

describe('word/wordBGExport', () => {
  it('prints the title lines, the seal line fields, the watermark, the notes and the fonts', async () => {
    const word = await exported();
    expect(word.document).toContain('甲中学2026学年第一学期');
    expect(word.document).toContain('八年级数学期中测试');
    expect(word.document).toContain('答案写在答题卡上。');
    expect(word.document).not.toContain('试卷自己的注意事项');
    expect(word.header).toContain('班级：');
    expect(word.header).toContain('考号：');
    expect(word.header).not.toContain('学校：');
    expect(word.header).toContain('密');
    expect(word.header).toContain('甲中学内部资料');
    expect(word.styles).toContain('楷体');
    expect(word.styles).toContain('w:val="24"'); // 12 pt body
    expect(word.media).toEqual([]);
  });

  it('prints the background picture behind the page, and an exam without its own template uses its copy', async () => {
    const background = await uploadFile('背景.png', await picture(210, 297));
    expectOk(await save({ ...TEMPLATE, sealLine: 'none', watermark: '', backgroundFileKey: background }));
    const saved = expectOk(await read());
    expect(saved.backgroundUrl).toMatch(/signature=/);
    const word = await exported();
    expect(word.media.length).toBe(1);
    expect(word.headerXml).toContain('behindDoc="1"');
    expect(word.header).not.toContain('班级：');
    expect(word.header).not.toContain('甲中学内部资料');
    // exam:7 holds the copy from 2025: its watermark, not the school's.
    expect((await exported('exam:7')).header).toContain('2025学年');
  });

  it("refuses another school's id and another teacher's paper", async () => {
    const refused = await call(
      test.app,
      api.wordBGExport,
      { schoolId: String(fx.schoolB.id), userPaperId: paper.paperId },
      { session: fx.teacherA },
    );
    expectForbidden(refused);
    const other = await call(
      test.app,
      api.wordBGExport,
      { schoolId, userPaperId: paper.paperId },
      { session: fx.otherTeacherA },
    );
    expect(other.http === 403 || other.status === 404).toBe(true);
  });
});
