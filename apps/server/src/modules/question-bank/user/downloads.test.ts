import { questionBankUserApi as api, downloadUrlOf, type UserPaperDetail } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { setUpUserResources } from '../../../test/question-bank-user-fixture.ts';
import { recordDownload } from '../index.ts';

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;
let paper: UserPaperDetail;
const downloads: string[] = [];

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
  const added = await call<UserPaperDetail>(
    test.app,
    api.addUserPaper,
    {
      ...fx.owners.teacherA,
      paper: {
        title: '期末卷',
        courseId: '2',
        sections: [{ title: '一', questions: [{ quesId: fx.ids.q1, score: 8 }] }],
      },
    },
    { session: fx.teacherA },
  );
  paper = added.data;
  const { db } = test.database;
  const userId = Number(fx.owners.teacherA.userId);
  // As the Word export will: inside its own transaction.
  await db.transaction(async (tx) => {
    downloads.push(
      String(
        await recordDownload(tx, {
          userId,
          userPaperId: Number(paper.paperId),
          fileName: '期末卷.docx',
          format: 'docx',
        }),
      ),
    );
    downloads.push(
      String(
        await recordDownload(tx, { userId, userPaperId: Number(paper.paperId), fileName: '期末卷.pdf', format: 'pdf' }),
      ),
    );
  });
  downloads.push(
    String(await recordDownload(db, { userId, userPaperId: null, fileName: '答题卡.docx', format: 'docx' })),
  );
});
afterAll(() => test.close());

const openid = () => fx.teacherA.loginName;

describe('sub-data download calls', () => {
  it('ship/findShipInfo returns the real download figures of the user', async () => {
    const result = await call<Record<string, unknown>>(
      test.app,
      api.findShipInfo,
      { ...fx.owners.teacherA, type: 1 },
      { session: fx.teacherA },
    );
    expect(result.status, result.message).toBe(200);
    expect(result.data).toMatchObject({
      userId: fx.owners.teacherA.userId,
      memberName: '校园版',
      dailyLimit: null,
      downloadsToday: 3,
      downloadsThisMonth: 3,
      downloadsTotal: 3,
    });
    const other = await call(
      test.app,
      api.findShipInfo,
      { ...fx.owners.teacherA, type: 1 },
      { session: fx.otherTeacherA },
    );
    expect(other.http).toBe(403);
  });

  it('getUserDownloadPapers lists, filters by course and date, pages and sorts', async () => {
    type Page = { list: { id: string; title: string; courseName: string | null }[]; total: number; pageSize: number };
    const list = async (params: Record<string, unknown>) => {
      const result = await call<Page>(
        test.app,
        api.getUserDownloadPapers,
        { openid: openid(), ...params },
        {
          session: fx.teacherA,
        },
      );
      expect(result.status, result.message).toBe(200);
      return result.data;
    };
    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.pageSize).toBe(10);
    expect(all.list.map((d) => d.id)).toEqual([...downloads].reverse());
    expect(all.list[2]).toMatchObject({ title: '期末卷', courseName: '数学' });
    expect(all.list[0]).toMatchObject({ title: '答题卡', courseName: null });
    expect((await list({ sort: '2' })).list[0]!.id).toBe(downloads[0]);
    expect((await list({ courseId: '2' })).total).toBe(2);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await list({ startTime: today, endTime: today })).total).toBe(3);
    expect((await list({ endTime: '2000-01-01' })).total).toBe(0);
    expect((await list({ pageSize: '1', pageIndex: '2' })).list.map((d) => d.id)).toEqual([downloads[1]]);
    const bad = await call(
      test.app,
      api.getUserDownloadPapers,
      { openid: openid(), startTime: '2024/01/01' },
      {
        session: fx.teacherA,
      },
    );
    expect(bad).toMatchObject({ status: 400, message: '开始时间格式应为 YYYY-MM-DD' });
    const noOpenid = await call(test.app, api.getUserDownloadPapers, {}, { session: fx.teacherA });
    expect(noOpenid).toMatchObject({ status: 400, message: '用户账号不能为空' });
    const other = await call(test.app, api.getUserDownloadPapers, { openid: openid() }, { session: fx.otherTeacherA });
    expect(other.http).toBe(403);
  });

  it('getUserDownloadPaperDetails and getUserDownloadPaperUrl read the user’s own record', async () => {
    const detail = await call<{ paper: UserPaperDetail | null; formulaPicFormat: string }>(
      test.app,
      api.getUserDownloadPaperDetails,
      { id: downloads[0], openid: openid(), formulaPicFormat: 'svg' },
      { session: fx.teacherA },
    );
    expect(detail.status, detail.message).toBe(200);
    expect(detail.data.formulaPicFormat).toBe('svg');
    expect(detail.data.paper?.totalScore).toBe(8);
    const url = await call(
      test.app,
      api.getUserDownloadPaperUrl,
      { id: downloads[1], openid: openid() },
      {
        session: fx.teacherA,
      },
    );
    expect(url.data).toEqual({ id: downloads[1], fileName: '期末卷.pdf', url: downloadUrlOf(paper.paperId, 'pdf') });
    const sheet = await call(
      test.app,
      api.getUserDownloadPaperUrl,
      { id: downloads[2], openid: openid() },
      {
        session: fx.teacherA,
      },
    );
    expect(sheet.data).toMatchObject({ url: null });

    const badFormat = await call(
      test.app,
      api.getUserDownloadPaperDetails,
      { id: downloads[0], openid: openid(), formulaPicFormat: 'gif' },
      { session: fx.teacherA },
    );
    expect(badFormat).toMatchObject({ status: 400, message: '公式格式只能是 svg、png 或 latex' });
    const missing = await call(
      test.app,
      api.getUserDownloadPaperUrl,
      { id: '99999999', openid: openid() },
      {
        session: fx.teacherA,
      },
    );
    expect(missing).toMatchObject({ status: 404, message: '下载记录不存在' });
    // Another teacher: with their own openid the record is not theirs; with the owner's, refused.
    const mine = await call(
      test.app,
      api.getUserDownloadPaperDetails,
      { id: downloads[0], openid: fx.otherTeacherA.loginName },
      { session: fx.otherTeacherA },
    );
    expect(mine.http).toBe(403);
    const theirs = await call(
      test.app,
      api.getUserDownloadPaperUrl,
      { id: downloads[0], openid: openid() },
      {
        session: fx.otherTeacherA,
      },
    );
    expect(theirs.http).toBe(403);
  });
});
