import { type AnswerSheetLink, scanningCardsApi as api, type CardTemplate } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { examStudents } from '../../../db/schema.ts';
import { download } from '../../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { personalisedStudents } from '../index.ts';
import { LINK_LIFETIME_SECONDS } from './card-link.ts';

// The card as files: blank and personalised PDFs (room, seat, class, 考号 order), and the signed
// /answerSheet link: valid, expired, tampered.

let s: ExamsSetup;
let card: CardTemplate;
beforeAll(async () => {
  s = await setUpExams();
  card = expectOk(await s.call<CardTemplate>(api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
});
afterAll(() => s.t.close());

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
const linkParams = (link: AnswerSheetLink) => ({
  templateId: link.templateId,
  version: link.version,
  expires: link.expires,
  sign: link.sign,
});

describe('PDF downloads', () => {
  it('downloads the blank card as a PDF named after the exam', async () => {
    const response = await download(
      s.t.app,
      api.downloadBlankCard,
      { schoolId: s.sid, templateId: card.templateId },
      { session: s.sessions.admin },
    );
    expect(response.http).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      '八年级期中考试-数学-答题卡.pdf',
    );
    expect(response.buffer.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(response.buffer)).toBe(card.template.pages.length + (card.template.pages.length % 2));
  });

  it('prints personalised cards in room, seat, class and 考号 order', async () => {
    // 李一 in 第2考场 seat 1; 张二 in 第10考场 seat 2, 张一 seat 1; the rest without a room, by class.
    const seat = async (name: string, room: string | null, no: number | null) => {
      const student = s.students.find((st) => st.name === name)!;
      await s.db
        .update(examStudents)
        .set({ room, seat: no })
        .where(and(eq(examStudents.singleExamId, s.math.id), eq(examStudents.studentId, student.id)));
    };
    await seat('李一', '第2考场', 1);
    await seat('张二', '第10考场', 2);
    await seat('张一', '第10考场', 1);
    const order = await personalisedStudents(s.db, s.math.id);
    expect(order.map((st) => [st.name, st.room ?? null, st.seat ?? null])).toEqual([
      ['李一', '第2考场', 1],
      ['张一', '第10考场', 1],
      ['张二', '第10考场', 2],
      ['张三', null, null],
      ['李二', null, null],
    ]);
    expect(order[1]).toMatchObject({ examNo: 'K0101', className: '八(1)班' });

    // The barcode and the grid read digits: a letter in a 考号 is refused by the renderer.
    const refused = await download(
      s.t.app,
      api.downloadPersonalisedCards,
      { schoolId: s.sid, templateId: card.templateId, room: '第10考场' },
      { session: s.sessions.admin },
    );
    expect(refused.json).toMatchObject({ status: 400, message: expect.stringContaining('K0101') });
    const zhang1 = s.students.find((st) => st.name === '张一')!;
    await s.db
      .update(examStudents)
      .set({ examNo: '2026000101' })
      .where(and(eq(examStudents.singleExamId, s.math.id), eq(examStudents.studentId, zhang1.id)));

    const room = await download(
      s.t.app,
      api.downloadPersonalisedCards,
      { schoolId: s.sid, templateId: card.templateId, room: '第10考场' },
      { session: s.sessions.admin },
    );
    expect(room.http).toBe(200);
    const perCard = card.template.pages.length + (card.template.pages.length % 2);
    expect(pageCount(room.buffer)).toBe(2 * perCard);
  });

  it('says so when there is nobody to print, or a student has no 考号', async () => {
    const empty = await download(
      s.t.app,
      api.downloadPersonalisedCards,
      { schoolId: s.sid, templateId: card.templateId, room: '第99考场' },
      { session: s.sessions.admin },
    );
    expect(empty.json).toMatchObject({ status: 400, message: '没有可打印的考生：请先为该科目安排考生' });
    const zhang3 = s.students.find((st) => st.name === '张三')!;
    await s.db
      .update(examStudents)
      .set({ examNo: null })
      .where(and(eq(examStudents.singleExamId, s.math.id), eq(examStudents.studentId, zhang3.id)));
    await expect(personalisedStudents(s.db, s.math.id)).rejects.toThrow('有 1 名考生没有考号（张三），请先补全考号');
  });

  it('refuses students and other schools', async () => {
    const asStudent = await download(
      s.t.app,
      api.downloadBlankCard,
      { schoolId: s.sid, templateId: card.templateId },
      { session: s.sessions.student },
    );
    expect(asStudent.http).toBe(403);
    const otherSchool = await download(
      s.t.app,
      api.downloadBlankCard,
      { schoolId: String(s.other.school.id), templateId: card.templateId },
      { session: s.sessions.admin },
    );
    expect(otherSchool.http).toBe(403);
  });
});

describe('the signed /answerSheet link', () => {
  let link: AnswerSheetLink;

  it('opens the template and its PDF without a session', async () => {
    link = expectOk(
      await s.call<AnswerSheetLink>(api.signAnswerSheetLink, { schoolId: s.sid, templateId: card.templateId }),
    );
    expect(link.url).toMatch(/^\/answerSheet\?templateId=\d+&version=1&expires=\d+&sign=[0-9a-f]{64}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(link.expires - now).toBeGreaterThan(LINK_LIFETIME_SECONDS - 60);
    expect(link.expires - now).toBeLessThanOrEqual(LINK_LIFETIME_SECONDS);

    const sheet = await download(s.t.app, api.answerSheetTemplate, linkParams(link));
    expect(sheet.json).toMatchObject({
      status: 200,
      data: { examName: '八年级期中考试', courseName: '数学', template: { id: card.templateId, version: 1 } },
    });
    const pdf = await download(s.t.app, api.answerSheetPdf, linkParams(link));
    expect(pdf.http).toBe(200);
    expect(pdf.buffer.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a tampered link', async () => {
    const tampered = [
      { ...linkParams(link), version: 2 },
      { ...linkParams(link), expires: link.expires + 3600 },
      { ...linkParams(link), templateId: String(Number(link.templateId) + 1) },
      { ...linkParams(link), sign: `${link.sign.slice(0, 63)}${link.sign.endsWith('0') ? '1' : '0'}` },
    ];
    for (const params of tampered) {
      const response = await download(s.t.app, api.answerSheetTemplate, params);
      expect(response.http).toBe(403);
      expect(response.json?.message).toBe('答题卡链接无效，请从答题卡页面重新打开');
    }
    const badSign = await download(s.t.app, api.answerSheetPdf, { ...linkParams(link), sign: 'xyz' });
    expect(badSign.json).toMatchObject({ status: 400, message: '链接签名不正确' });
  });

  it('refuses the link once it has expired', async () => {
    const later = Date.now() + (LINK_LIFETIME_SECONDS + 1) * 1000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const response = await download(s.t.app, api.answerSheetPdf, linkParams(link));
      expect(response.http).toBe(403);
      expect(response.json?.message).toBe('答题卡链接已过期，请从答题卡页面重新打开');
    } finally {
      clock.mockRestore();
    }
  });

  it('signs links only for those who may open the card', async () => {
    expectForbidden(
      await s.as(s.sessions.teacher, api.signAnswerSheetLink, { schoolId: s.sid, templateId: card.templateId }),
    );
    expectForbidden(
      await s.as(s.sessions.student, api.signAnswerSheetLink, { schoolId: s.sid, templateId: card.templateId }),
    );
    expectFailure(
      await s.call(api.signAnswerSheetLink, { schoolId: s.sid, templateId: '999999' }),
      404,
      '答题卡不存在或已删除',
    );
  });
});
