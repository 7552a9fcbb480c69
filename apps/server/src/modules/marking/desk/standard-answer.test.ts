import {
  markingAnswersApi as api,
  authApi,
  type DeskStandardAnswer,
  type LeasedPaper,
  markingApi,
  markingTempUsersApi,
  type QuestionAnswer,
  type StoredUser,
} from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examQuestions, markBlocks, markStandardAnswers, standardPapers } from '../../../db/schema.ts';
import { call, login } from '../../../test/client.ts';
import { makeTeacher } from '../../../test/factories.ts';
import { blockOfNewPapers, makeBlock, setUpMarking } from '../../../test/marking-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// The standard answer one key away on the desk (issue #17): entered per subjective question by the
// administrator on 阅卷设置 (validated, versioned, audited), read on the desk only by those seated
// on the 题块 (a temporary account within its tasks), never by a student or another school; and
// the leased paper carries the 题块's step. PGlite, and PostgreSQL with TEST_DATABASE_URL.

let s: Awaited<ReturnType<typeof setUpMarking>>;
let blockId: string;
let otherBlockId: string;
let marker: StoredUser;
let otherMarker: StoredUser;
let otherSchoolTeacher: StoredUser;
/** A second subjective question (10 points) in the marker's 题块, never given an answer. */
let bare: typeof examQuestions.$inferSelect;

beforeAll(async () => {
  s = await setUpMarking();
  const [markerRow, otherMarkerRow] = [
    await makeTeacher(s.db, { schoolId: s.school.id, name: '阅卷甲' }),
    await makeTeacher(s.db, { schoolId: s.school.id, name: '别的题块' }),
  ];
  const outsiderRow = await makeTeacher(s.db, { schoolId: s.other.school.id, name: '外校教师' });
  marker = await login(s.t.app, markerRow.phone, markerRow.user.password);
  otherMarker = await login(s.t.app, otherMarkerRow.phone, otherMarkerRow.user.password);
  otherSchoolTeacher = await login(s.t.app, outsiderRow.phone, outsiderRow.user.password);
  const { block, examStudentIds: papers } = await blockOfNewPapers(s, 2, {
    mode: 'single',
    tolerance: 3,
    markers: [{ userId: markerRow.user.id }],
  });
  const [added] = await s.db
    .insert(examQuestions)
    .values({ schoolId: s.school.id, singleExamId: s.math.id, questionNo: '5', sortOrder: 5, kind: 2, fullMark: 10 })
    .returning();
  bare = added!;
  await s.db
    .update(markBlocks)
    .set({ step: 0.5, questions: [...block.questions, { questionId: String(bare.id), fullMarks: 10 }] })
    .where(eq(markBlocks.id, block.id));
  const other = await makeBlock(s.db, {
    schoolId: s.school.id,
    seId: s.math.id,
    question: s.question,
    mode: 'single',
    tolerance: 3,
    markers: [{ userId: otherMarkerRow.user.id }],
    examStudentIds: [],
  });
  blockId = String(block.id);
  otherBlockId = String(other.id);
}, 60_000);
afterAll(() => s.t.close());

const q = () => String(s.question.id);

describe('标准答案 on 阅卷设置', () => {
  it('lists the subjective questions, 未录入 until saved', async () => {
    const list = expectOk(await s.call<QuestionAnswer[]>(api.findStandardAnswers, { seId: s.ids.mathSeId }));
    expect(list).toEqual([
      { questionId: q(), questionNo: '4', fullMarks: 85, answer: null, notes: null, version: 0 },
      { questionId: String(bare.id), questionNo: '5', fullMarks: 10, answer: null, notes: null, version: 0 },
    ]);
  });

  it('saves over the version read, refuses a stale one, bad input and objective questions, and audits', async () => {
    const base = { seId: s.ids.mathSeId, questionId: q(), notes: '写出 $a^2+b^2=c^2$ 得 5 分' };
    const first = expectOk(
      await s.call<QuestionAnswer>(api.saveStandardAnswer, { ...base, answer: '$c=\\sqrt{a^2+b^2}=5$', version: 0 }),
    );
    expect(first).toMatchObject({ answer: '$c=\\sqrt{a^2+b^2}=5$', notes: base.notes, version: 1 });
    // Another administrator's screen still holds version 0.
    expectFailure(
      await s.call(api.saveStandardAnswer, { ...base, answer: '旧的', version: 0 }),
      409,
      '第 4 题的标准答案已被他人修改，请刷新后再保存',
    );
    const second = expectOk(
      await s.call<QuestionAnswer>(api.saveStandardAnswer, { ...base, answer: '$c=5$', version: 1 }),
    );
    expect(second.version).toBe(2);

    expectFailure(await s.call(api.saveStandardAnswer, { ...base, answer: '  ', version: 2 }), 400, '标准答案不能为空');
    const objective = s.questions.find((x) => x.kind === 1)!;
    expectFailure(
      await s.call(api.saveStandardAnswer, { ...base, questionId: String(objective.id), answer: 'A', version: 0 }),
      400,
      /客观题/,
    );
    // A question of another exam named under this one.
    expectFailure(
      await s.call(api.saveStandardAnswer, { ...base, seId: s.ids.englishSeId, answer: 'x', version: 2 }),
      404,
      '题目不存在或不属于该科目考试',
    );
    expectForbidden(await s.as(s.sessions.teacher, api.saveStandardAnswer, { ...base, answer: 'x', version: 2 }));
    expectForbidden(await s.as(s.sessions.teacher, api.findStandardAnswers, { seId: s.ids.mathSeId }));
    expectForbidden(await s.call(api.findStandardAnswers, { seId: s.ids.otherSeId }));

    const audits = await s.db.select().from(auditLog).where(eq(auditLog.action, 'marking.standard-answer.save'));
    expect(audits.map((a) => (a.after as { version: number }).version)).toEqual([1, 2]);
    expect(audits[1]!.before).toMatchObject({ answer: '$c=\\sqrt{a^2+b^2}=5$', version: 1 });
  });
});

describe('标准答案 on the desk', () => {
  it('serves the 题块’s answers (未录入: null) and the exam’s standard papers to its marker', async () => {
    await s.db.insert(standardPapers).values({
      schoolId: s.school.id,
      singleExamId: s.math.id,
      kind: 2,
      title: '数学评分细则',
      content: '解答题按步骤给分',
      updatedBy: s.adminTeacher.user.id,
    });
    const shown = expectOk(await s.as<DeskStandardAnswer>(marker, api.standardAnswer, { blockId }));
    expect(shown).toEqual({
      questions: [
        {
          questionId: q(),
          questionNo: '4',
          fullMarks: 85,
          answer: '$c=5$',
          notes: '写出 $a^2+b^2=c^2$ 得 5 分',
          version: 2,
        },
        { questionId: String(bare.id), questionNo: '5', fullMarks: 10, answer: null, notes: null, version: 0 },
      ],
      papers: [{ kind: 2, title: '数学评分细则', content: '解答题按步骤给分' }],
    });
  });

  it('refuses a marker of another 题块, a student, another school and an unknown 题块', async () => {
    const wrongSeat = await s.as(otherMarker, api.standardAnswer, { blockId });
    expect(wrongSeat.http).toBe(403);
    expect(wrongSeat.message).toBe('您不是该题块的阅卷教师');
    expectForbidden(await s.as(s.sessions.student, api.standardAnswer, { blockId }));
    const outsider = await s.as(otherSchoolTeacher, api.standardAnswer, { blockId });
    expect(outsider.http).toBe(403);
    expect(outsider.message).toBe('您不是该题块的阅卷教师');
    expectFailure(await s.as(marker, api.standardAnswer, { blockId: '999999999' }), 404, '题块不存在');
    expectFailure(await s.as(marker, api.standardAnswer, { blockId: 'x' }), 400, /题块/);
  });

  it('lets a temporary account read it within its tasks only', async () => {
    const created = expectOk(
      await s.call<{ accounts: { loginName: string; password: string }[] }>(markingTempUsersApi.createTempUsers, {
        meId: String(s.exam.id),
        count: 1,
        prefix: 'da',
        expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        blockIds: [blockId],
      }),
    );
    const account = created.accounts[0]!;
    const session = expectOk(
      await call<StoredUser>(s.t.app, authApi.userLogin, { loginName: account.loginName, password: account.password }),
    );
    const shown = expectOk(await s.as<DeskStandardAnswer>(session, api.standardAnswer, { blockId }));
    expect(shown.questions[0]!.answer).toBe('$c=5$');
    expect((await s.as(session, api.standardAnswer, { blockId: otherBlockId })).http).toBe(403);
  });

  it('puts the 题块’s step on the leased paper', async () => {
    const paper = expectOk(await s.as<LeasedPaper | null>(marker, markingApi.claim, { blockId }));
    expect(paper).toMatchObject({ step: 0.5, questions: [{ questionId: q(), fullMarks: 85 }, { fullMarks: 10 }] });
  });
});

describe('standard answers saved at once by several administrators', () => {
  // Last in this file: it adds a question of its own to the exam. On PostgreSQL the saves really
  // overlap; a first save has no row to lock, so only the insert's conflict keeps one of them.
  it('keeps exactly one of the saves made over the same version, first save and later', async () => {
    const [question] = await s.db
      .insert(examQuestions)
      .values({ schoolId: s.school.id, singleExamId: s.math.id, questionNo: '6', sortOrder: 6, kind: 2, fullMark: 8 })
      .returning();
    const save = (version: number, n: number) =>
      s.call<QuestionAnswer>(api.saveStandardAnswer, {
        seId: s.ids.mathSeId,
        questionId: String(question!.id),
        answer: `答案${version}-${n}`,
        notes: '',
        version,
      });
    for (const version of [0, 1]) {
      const results = await Promise.all(Array.from({ length: 8 }, (_, n) => save(version, n)));
      const kept = results.filter((r) => r.status === 200);
      expect(kept).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expectFailure(r, 409, '第 6 题的标准答案已被他人修改，请刷新后再保存');
      }
      expect((kept[0]!.data as QuestionAnswer).version).toBe(version + 1);
      const [stored] = await s.db
        .select()
        .from(markStandardAnswers)
        .where(eq(markStandardAnswers.questionId, question!.id));
      expect(stored).toMatchObject({ version: version + 1, answer: (kept[0]!.data as QuestionAnswer).answer });
    }
  });
});
