import {
  type Basket,
  documentsApi,
  type PaperDetail,
  type Question,
  type QuestionPage,
  questionBankApi,
  type SchoolPaperDetail,
  type SchoolQuestion,
  type StoredUser,
  questionBankSchoolApi as schoolApi,
  type UserPaperContent,
  type UserPaperDetail,
  questionBankUserApi as userApi,
} from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qbUserPapers } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call, download } from '../../../test/client.ts';
import { setUpSchoolBank, singleChoiceTypeId } from '../../../test/question-bank-school-fixture.ts';

// Who reads a question (access.ts, questions-repo's readableBy): a teacher's own imported question
// goes into their basket, their papers and the Word export; nobody else gets it, not even a
// colleague of the same school. And a question withdrawn from the school bank after its paper was
// published no longer shows in that paper's papers/detail.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpSchoolBank>>;
let singleTypeId: string;
/** teacherA's own question, imported as the 我上传的试题 screen does. */
let own: string;
const MATH = '2';
const OWN_STEM = '张老师自编题：函数 $y=3x$ 的斜率是多少';
const OWN_ANSWER = '张老师的私有答案';

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpSchoolBank(test);
  singleTypeId = await singleChoiceTypeId(test, fx.teacherA, MATH);
  const imported = await call<{ quesIds: string[] }>(
    test.app,
    schoolApi.importUserQuestions,
    {
      ...fx.owners.teacherA,
      courseId: MATH,
      questions: [question(OWN_STEM, { options: ['1', '3'], answer: 'B', explanation: OWN_ANSWER })],
    },
    { session: fx.teacherA },
  );
  expect(imported.status, imported.message).toBe(200);
  own = imported.data.quesIds[0]!;
});
afterAll(() => test.close());

function question(stem: string, fields: Record<string, unknown> = {}) {
  return {
    questionTypeId: singleTypeId,
    difficulty: 2,
    stem,
    options: ['甲', '乙', '丙'],
    answer: 'A',
    explanation: '略',
    ...fields,
  };
}

async function ok<T>(endpoint: Parameters<typeof call>[1], params: unknown, session: StoredUser = fx.teacherA) {
  const result = await call<T>(test.app, endpoint, params, { session });
  expect(result.status, result.message).toBe(200);
  return result.data;
}

const userPaper = (title: string, quesIds: string[]) => ({
  title,
  courseId: MATH,
  sections: [{ title: '一、选择题', questions: quesIds.map((quesId) => ({ quesId, score: 5 })) }],
});

/** The text of a .docx's document.xml, tags removed. */
async function wordText(buffer: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(buffer);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  return xml.replace(/<[^>]+>/g, '');
}

describe('a teacher’s own question', () => {
  it('goes into its owner’s basket, a saved paper read back, and the Word export', async () => {
    const basket = await ok<Basket>(userApi.addToBasket, { quesId: own });
    expect(basket.groups.flatMap((g) => g.quesIds)).toContain(own);
    expect((await ok<Basket>(userApi.getBasket, { courseId: MATH })).groups.flatMap((g) => g.quesIds)).toContain(own);
    // The paper editor loads the basket's questions by id.
    const byIds = await ok<Question[]>(questionBankApi.getByIds, { ids: [own, fx.ids.q2] });
    expect(byIds.map((q) => q.stem)).toEqual([OWN_STEM, expect.any(String)]);

    const saved = await ok<UserPaperDetail>(userApi.addUserPaper, {
      ...fx.owners.teacherA,
      paper: userPaper('自编题练习卷', [own, fx.ids.q2]),
    });
    expect(saved.questions.map((q) => q.quesId)).toEqual([own, fx.ids.q2]);
    expect(saved).toMatchObject({ questionCount: 2, totalScore: 10 });
    const detail = await ok<UserPaperDetail>(userApi.getUserPaperDetail, {
      ...fx.owners.teacherA,
      paperId: saved.paperId,
    });
    expect(detail.questions.find((q) => q.quesId === own)).toMatchObject({ stem: OWN_STEM, answer: 'B' });

    const file = await download(
      test.app,
      documentsApi.generateWord,
      { userPaperId: saved.paperId, format: 'teacher-docx' },
      { session: fx.teacherA },
    );
    expect(file.http, JSON.stringify(file.json)).toBe(200);
    const text = await wordText(file.buffer);
    expect(text).toContain('自编题练习卷');
    expect(text).toContain('张老师自编题');
    expect(text).toContain(OWN_ANSWER);
    expect(text).toContain('一、选择题（本题共2小题，每小题5分，共10分）');

    // Marked as used, it is listed among the teacher's marked questions.
    await ok(userApi.updateUserQuestionStatus, { ...fx.owners.teacherA, quesId: own, useStatus: 1 });
    const marked = await ok<{ list: { question: { quesId: string } }[] }>(userApi.getUserQuestions, {
      ...fx.owners.teacherA,
      useStatus: 1,
    });
    expect(marked.list.map((r) => r.question.quesId)).toContain(own);
  });

  it('is refused to a colleague of the same school (404) and to another school (403), as before', async () => {
    const colleague = fx.otherTeacherA;
    for (const [endpoint, params] of [
      [userApi.addToBasket, { quesId: own }],
      [userApi.addManyToBasket, { quesIds: [fx.ids.q2, own] }],
      [questionBankApi.getDetail, { quesId: own }],
      [userApi.updateUserQuestionStatus, { ...fx.owners.otherTeacherA, quesId: own, useStatus: 1 }],
    ] as const) {
      const refused = await call(test.app, endpoint, params, { session: colleague });
      expect(refused, endpoint.path).toMatchObject({ http: 200, status: 404, message: '试题不存在' });
    }
    const paper = await call(
      test.app,
      userApi.addUserPaper,
      { ...fx.owners.otherTeacherA, paper: userPaper('借题卷', [fx.ids.q2, own]) },
      { session: colleague },
    );
    expect(paper).toMatchObject({ status: 404, message: '试题不存在' });
    expect((await ok<Basket>(userApi.getBasket, { courseId: MATH }, colleague)).total).toBe(0);
    const byIds = await call(test.app, questionBankApi.getByIds, { ids: [own] }, { session: colleague });
    expect(byIds.status).toBe(404);

    const foreign = await call(test.app, userApi.addToBasket, { quesId: own }, { session: fx.adminB });
    expect(foreign).toMatchObject({ http: 403, message: '无权查看其他学校的试题' });

    // Searches show it to nobody else.
    const search = await ok<QuestionPage>(
      questionBankApi.getFast,
      { courseId: MATH, keyword: '张老师自编题' },
      colleague,
    );
    expect(search.total).toBe(0);
  });

  it('shows nothing of itself in a colleague’s paper that names it', async () => {
    const owners = await ok<UserPaperDetail>(userApi.addUserPaper, {
      ...fx.owners.teacherA,
      paper: userPaper('张老师的卷', [own]),
    });
    const theirs = await call(
      test.app,
      userApi.getUserPaperDetail,
      { ...fx.owners.otherTeacherA, paperId: owners.paperId },
      { session: fx.otherTeacherA },
    );
    expect(theirs.http).toBe(403);
    expect(JSON.stringify(theirs)).not.toContain('张老师自编题');

    // A colleague's paper whose content names the question (written straight into the table: the
    // calls refuse to save it) reads and exports without it.
    const colleagues = await ok<UserPaperDetail>(
      userApi.addUserPaper,
      { ...fx.owners.otherTeacherA, paper: userPaper('同事的卷', [fx.ids.q2]) },
      fx.otherTeacherA,
    );
    const where = eq(qbUserPapers.id, Number(colleagues.paperId));
    const [stored] = await test.database.db.select({ content: qbUserPapers.content }).from(qbUserPapers).where(where);
    const content = stored!.content as UserPaperContent;
    content.sections[0]!.questions.push({ quesId: own, score: 5, answerHeightMm: null, edited: null });
    await test.database.db.update(qbUserPapers).set({ content }).where(where);
    const read = await ok<UserPaperDetail>(
      userApi.getUserPaperDetail,
      { ...fx.owners.otherTeacherA, paperId: colleagues.paperId },
      fx.otherTeacherA,
    );
    expect(read.questions.map((q) => q.quesId)).toEqual([fx.ids.q2]);
    expect(JSON.stringify(read)).not.toContain('张老师自编题');
    expect(JSON.stringify(read)).not.toContain(OWN_ANSWER);
    const file = await download(
      test.app,
      documentsApi.generateWord,
      { userPaperId: colleagues.paperId, format: 'teacher-docx' },
      { session: fx.otherTeacherA },
    );
    expect(file.http).toBe(200);
    const text = await wordText(file.buffer);
    expect(text).toContain('同事的卷');
    expect(text).not.toContain('张老师自编题');
    expect(text).not.toContain(OWN_ANSWER);
  });

  it('keeps a paper holding it out of the school bank, saying why', async () => {
    const mine = await ok<UserPaperDetail>(userApi.addUserPaper, {
      ...fx.owners.teacherA,
      paper: userPaper('想提交的卷', [fx.ids.q2, own]),
    });
    const submitted = await call(
      test.app,
      schoolApi.submitUserPaper,
      { ...fx.owners.teacherA, paperId: mine.paperId },
      { session: fx.teacherA },
    );
    expect(submitted).toMatchObject({
      status: 422,
      message: '试卷中有你自己上传的试题，不能提交到校本；请先在组卷中移除这些试题再提交',
    });
  });
});

describe('papers/detail of a published school paper', () => {
  it('drops a question withdrawn (or deleted) after publishing, and a section left empty', async () => {
    const add = (stem: string) =>
      ok<SchoolQuestion>(
        schoolApi.addSchoolQuestion,
        { schoolId: fx.adminA.schoolId, courseId: MATH, question: question(stem) },
        fx.adminA,
      );
    const kept = await add('校本卷留下的题');
    const withdrawn = await add('校本卷后来撤回的题');
    const deleted = await add('校本卷后来删除的题');
    const paper = await ok<SchoolPaperDetail>(
      schoolApi.addSchoolPaper,
      {
        schoolId: fx.adminA.schoolId,
        paper: {
          courseId: MATH,
          title: '校本单元卷',
          sections: [
            {
              title: '选择题',
              questions: [
                { quesId: kept.quesId, score: 4 },
                { quesId: fx.ids.q2, score: 4 },
                { quesId: deleted.quesId, score: 4 },
              ],
            },
            { title: '解答题', questions: [{ quesId: withdrawn.quesId, score: 10 }] },
          ],
        },
      },
      fx.adminA,
    );
    await ok(
      schoolApi.updateSchoolPaperStatus,
      { schoolId: fx.adminA.schoolId, paperIds: [paper.paperId], status: 1 },
      fx.adminA,
    );
    const detail = () => ok<PaperDetail>(questionBankApi.getPaperDetail, { paperId: paper.paperId });
    const before = await detail();
    expect(before.sections.map((s) => [s.title, s.questions.length])).toEqual([
      ['选择题', 3],
      ['解答题', 1],
    ]);
    expect(before).toMatchObject({ questionCount: 4, totalScore: 22 });

    await ok(
      schoolApi.updateSchoolQuestionStatus,
      { schoolId: fx.adminA.schoolId, quesIds: [withdrawn.quesId], status: 3 },
      fx.adminA,
    );
    await ok(schoolApi.deleteSchoolQuestions, { schoolId: fx.adminA.schoolId, quesIds: [deleted.quesId] }, fx.adminA);
    const after = await detail();
    expect(after.sections.map((s) => [s.title, s.questions.map((q) => q.question.quesId)])).toEqual([
      ['选择题', [kept.quesId, fx.ids.q2]],
    ]);
    expect(after).toMatchObject({ questionCount: 2, totalScore: 8 });
    expect(JSON.stringify(after)).not.toContain('后来撤回');
    // The withdrawn question is not readable on its own either.
    const alone = await call(
      test.app,
      questionBankApi.getDetail,
      { quesId: withdrawn.quesId },
      { session: fx.teacherA },
    );
    expect(alone).toMatchObject({ status: 404, message: '试题不存在' });
  });
});
