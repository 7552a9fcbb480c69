import {
  questionBankSchoolApi as api,
  type PaperSummary,
  type QuestionPage,
  questionBankApi,
  questionBankUserApi,
  type SchoolPaperDetail,
  type SchoolPaperPage,
  type SchoolQuestion,
  type SchoolQuestionPage,
  type UserPaperDetail,
} from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { setUpSchoolBank, singleChoiceTypeId } from '../../../test/question-bank-school-fixture.ts';

// The school bank's rules: type 5 manages their school's questions and papers (add, edit, publish,
// withdraw, delete); every teacher of the school reads the published ones; another school gets 403
// and a teacher cannot manage.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpSchoolBank>>;
let singleTypeId: string;
const MATH = '2';

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpSchoolBank(test);
  singleTypeId = await singleChoiceTypeId(test, fx.adminA, MATH);
});
afterAll(() => test.close());

const question = (stem: string) => ({
  questionTypeId: singleTypeId,
  difficulty: 2,
  stem,
  options: ['甲', '乙', '丙'],
  answer: 'c',
  explanation: '因为丙',
  knowledgePointIds: [] as string[],
});

async function addQuestion(stem: string) {
  const result = await call<SchoolQuestion>(
    test.app,
    api.addSchoolQuestion,
    { schoolId: fx.adminA.schoolId, courseId: MATH, question: question(stem) },
    { session: fx.adminA },
  );
  expect(result.status, result.message).toBe(200);
  return result.data;
}

const listAs = (session = fx.teacherA, extra: Record<string, unknown> = {}) =>
  call<SchoolQuestionPage>(
    test.app,
    api.getSchoolQuestions,
    { schoolId: session.schoolId, courseId: MATH, ...extra },
    { session },
  );

describe('schoolquestions', () => {
  it('adds a draft, edits it, publishes it to the school’s teachers and withdraws it', async () => {
    const added = await addQuestion('规则题一');
    expect(added).toMatchObject({ status: 2, origin: 'school', answer: 'C', schoolId: fx.adminA.schoolId });
    expect((await listAs()).data.list.map((q) => q.stem)).not.toContain('规则题一');

    const edited = await call<SchoolQuestion>(
      test.app,
      api.updateSchoolQuestion,
      {
        schoolId: fx.adminA.schoolId,
        quesId: added.quesId,
        question: { ...question('规则题一（改）'), difficulty: 4 },
      },
      { session: fx.adminA },
    );
    expect(edited.data).toMatchObject({ stem: '规则题一（改）', diffGradeId: '4', status: 2 });

    const withdrawDraft = await call(
      test.app,
      api.updateSchoolQuestionStatus,
      { schoolId: fx.adminA.schoolId, quesIds: [added.quesId], status: 3 },
      { session: fx.adminA },
    );
    expect(withdrawDraft.message).toBe('待审核的试题尚未发布，无需撤回');

    await call(
      test.app,
      api.updateSchoolQuestionStatus,
      { schoolId: fx.adminA.schoolId, quesIds: [added.quesId], status: 1 },
      { session: fx.adminA },
    );
    const teacherView = await listAs(fx.teacherA, { keyword: '规则题一' });
    expect(teacherView.data.list.map((q) => [q.stem, q.status])).toEqual([['规则题一（改）', 1]]);
    const detail = await call<SchoolQuestion>(
      test.app,
      api.getSchoolQuestionDetail,
      { schoolId: fx.teacherA.schoolId, quesId: added.quesId },
      { session: fx.teacherA },
    );
    expect(detail.data.stem).toBe('规则题一（改）');

    await call(
      test.app,
      api.updateSchoolQuestionStatus,
      { schoolId: fx.adminA.schoolId, quesIds: [added.quesId], status: 3 },
      { session: fx.adminA },
    );
    expect((await listAs(fx.teacherA, { keyword: '规则题一' })).data.total).toBe(0);
    const withdrawn = await listAs(fx.adminA, { status: 3 });
    expect(withdrawn.data.list.map((q) => q.quesId)).toEqual([added.quesId]);
    const gone = await call(
      test.app,
      api.getSchoolQuestionDetail,
      { schoolId: fx.teacherA.schoolId, quesId: added.quesId },
      { session: fx.teacherA },
    );
    expect(gone.status).toBe(404);
  });

  it('lets a teacher read only what is published, and manage nothing', async () => {
    const draft = await addQuestion('规则题二');
    const drafts = await listAs(fx.teacherA, { status: 2 });
    expect(drafts.http).toBe(403);
    expect(drafts.message).toBe('仅教务管理员可以查看未发布的校本内容');
    const hidden = await call(
      test.app,
      api.getSchoolQuestionDetail,
      { schoolId: fx.teacherA.schoolId, quesId: draft.quesId },
      { session: fx.teacherA },
    );
    expect(hidden.status).toBe(404);
    for (const [endpoint, params] of [
      [api.addSchoolQuestion, { schoolId: fx.teacherA.schoolId, courseId: MATH, question: question('教师题') }],
      [api.updateSchoolQuestion, { schoolId: fx.teacherA.schoolId, quesId: draft.quesId, question: question('改') }],
      [api.updateSchoolQuestionStatus, { schoolId: fx.teacherA.schoolId, quesIds: [draft.quesId], status: 1 }],
      [api.deleteSchoolQuestions, { schoolId: fx.teacherA.schoolId, quesIds: [draft.quesId] }],
    ] as const) {
      const result = await call(test.app, endpoint, params, { session: fx.teacherA });
      expect(result.http, endpoint.path).toBe(403);
      expect(result.message).toBe('仅教务管理员可以使用该功能');
    }
    expect((await listAs(fx.adminA, { status: 2, keyword: '规则题二' })).data.total).toBe(1);
  });

  it('refuses another school’s administrator (403, nothing changed) and shows them nothing', async () => {
    const mine = await addQuestion('规则题三');
    const theirs = { schoolId: fx.adminB.schoolId };
    const refused = [
      await call(
        test.app,
        api.getSchoolQuestions,
        { schoolId: fx.adminA.schoolId, courseId: MATH, status: 0 },
        {
          session: fx.adminB,
        },
      ),
      await call(
        test.app,
        api.updateSchoolQuestionStatus,
        { ...theirs, quesIds: [mine.quesId], status: 1 },
        {
          session: fx.adminB,
        },
      ),
      await call(
        test.app,
        api.updateSchoolQuestion,
        { ...theirs, quesId: mine.quesId, question: question('夺') },
        {
          session: fx.adminB,
        },
      ),
      await call(test.app, api.deleteSchoolQuestions, { ...theirs, quesIds: [mine.quesId] }, { session: fx.adminB }),
      await call(test.app, api.getSchoolQuestionDetail, { ...theirs, quesId: mine.quesId }, { session: fx.adminB }),
    ];
    expect(refused.map((r) => r.http)).toEqual([403, 403, 403, 403, 403]);
    const own = await listAs(fx.adminB, { status: 0 });
    expect(own.data.total).toBe(0);
    const still = await listAs(fx.adminA, { status: 2, keyword: '规则题三' });
    expect(still.data.list.map((q) => q.stem)).toEqual(['规则题三']);
    // A shared-bank question is no school's to manage.
    const shared = await call(
      test.app,
      api.updateSchoolQuestionStatus,
      { schoolId: fx.adminA.schoolId, quesIds: [fx.ids.q1], status: 3 },
      { session: fx.adminA },
    );
    expect(shared.http).toBe(403);
  });

  it('deletes the school’s questions', async () => {
    const doomed = await addQuestion('规则题四');
    const deleted = await call<{ deleted: number }>(
      test.app,
      api.deleteSchoolQuestions,
      { schoolId: fx.adminA.schoolId, quesIds: [doomed.quesId] },
      { session: fx.adminA },
    );
    expect(deleted.data.deleted).toBe(1);
    expect((await listAs(fx.adminA, { status: 0, keyword: '规则题四' })).data.total).toBe(0);
  });
});

describe('schoolpapers', () => {
  it('adds, edits, publishes, withdraws and deletes a paper; teachers read it only while published', async () => {
    const q = await addQuestion('卷中题');
    const paper = {
      courseId: MATH,
      title: '校本周测一',
      gradeId: '8',
      sections: [
        {
          title: '选择题',
          questions: [
            { quesId: q.quesId, score: 4 },
            { quesId: fx.ids.q2, score: 4 },
          ],
        },
      ],
    };
    const added = await call<SchoolPaperDetail>(
      test.app,
      api.addSchoolPaper,
      { schoolId: fx.adminA.schoolId, paper },
      { session: fx.adminA },
    );
    expect(added.status, added.message).toBe(200);
    expect(added.data).toMatchObject({ title: '校本周测一', status: 2, questionCount: 2, totalScore: 8 });
    const paperId = added.data.paperId;

    const teacherList = () =>
      call<SchoolPaperPage>(
        test.app,
        api.getSchoolPapers,
        { schoolId: fx.teacherA.schoolId },
        { session: fx.teacherA },
      );
    expect((await teacherList()).data.total).toBe(0);

    const edited = await call<SchoolPaperDetail>(
      test.app,
      api.updateSchoolPaper,
      { schoolId: fx.adminA.schoolId, paperId, paper: { ...paper, title: '校本周测一（修订）' } },
      { session: fx.adminA },
    );
    expect(edited.data.title).toBe('校本周测一（修订）');

    await call(
      test.app,
      api.updateSchoolPaperStatus,
      { schoolId: fx.adminA.schoolId, paperIds: [paperId], status: 1 },
      { session: fx.adminA },
    );
    expect((await teacherList()).data.list.map((p) => [p.title, p.status])).toEqual([['校本周测一（修订）', 1]]);
    // The paper library lists it under the school too, and its draft question was published with it.
    const library = await call<{ list: PaperSummary[] }>(
      test.app,
      questionBankApi.getPapers,
      { schoolId: fx.teacherA.schoolId },
      { session: fx.teacherA },
    );
    expect(library.data.list.map((p) => p.title)).toContain('校本周测一（修订）');
    const fast = await call<QuestionPage>(
      test.app,
      questionBankApi.getFast,
      { courseId: MATH, keyword: '卷中题' },
      { session: fx.teacherA },
    );
    expect(fast.data.total).toBe(1);

    await call(
      test.app,
      api.updateSchoolPaperStatus,
      { schoolId: fx.adminA.schoolId, paperIds: [paperId], status: 3 },
      { session: fx.adminA },
    );
    expect((await teacherList()).data.total).toBe(0);

    const byTeacher = await call(
      test.app,
      api.deleteSchoolPapers,
      { schoolId: fx.teacherA.schoolId, paperIds: [paperId] },
      { session: fx.teacherA },
    );
    expect(byTeacher.http).toBe(403);
    const byOtherSchool = await call(
      test.app,
      api.deleteSchoolPapers,
      { schoolId: fx.adminB.schoolId, paperIds: [paperId] },
      { session: fx.adminB },
    );
    expect(byOtherSchool.http).toBe(403);
    const deleted = await call<{ deleted: number }>(
      test.app,
      api.deleteSchoolPapers,
      { schoolId: fx.adminA.schoolId, paperIds: [paperId] },
      { session: fx.adminA },
    );
    expect(deleted.data.deleted).toBe(1);
  });

  it('refuses another school’s question in a paper', async () => {
    const result = await call(
      test.app,
      api.addSchoolPaper,
      {
        schoolId: fx.adminB.schoolId,
        paper: {
          courseId: MATH,
          title: '偷题卷',
          sections: [{ title: '一', questions: [{ quesId: fx.ids['school-a'] }] }],
        },
      },
      { session: fx.adminB },
    );
    expect(result.message).toBe(`试题不存在：${fx.ids['school-a']}`);
  });

  it('refuses a teacher’s own question in a school paper', async () => {
    const own = await call<{ quesIds: string[] }>(
      test.app,
      api.importUserQuestions,
      { ...fx.owners.teacherA, courseId: MATH, questions: [question('教师私题')] },
      { session: fx.teacherA },
    );
    expect(own.status, own.message).toBe(200);
    const [quesId] = own.data.quesIds;
    const result = await call(
      test.app,
      api.addSchoolPaper,
      {
        schoolId: fx.adminA.schoolId,
        paper: { courseId: MATH, title: '夹带私题', sections: [{ title: '一', questions: [{ quesId }] }] },
      },
      { session: fx.adminA },
    );
    expect(result.message).toBe(`试题不存在：${quesId}`);
  });

  it('takes a teacher’s own paper as a draft for type 5 to review', async () => {
    const own = await call<UserPaperDetail>(
      test.app,
      questionBankUserApi.addUserPaper,
      {
        ...fx.owners.teacherA,
        paper: {
          title: '张老师的练习卷',
          courseId: MATH,
          sections: [{ title: '一、选择题', questions: [{ quesId: fx.ids.q2, score: 5 }] }],
        },
      },
      { session: fx.teacherA },
    );
    expect(own.status, own.message).toBe(200);
    const notMine = await call(
      test.app,
      api.submitUserPaper,
      { ...fx.owners.otherTeacherA, paperId: own.data.paperId },
      { session: fx.otherTeacherA },
    );
    expect(notMine.http).toBe(403);
    const submitted = await call<{ paperId: string }>(
      test.app,
      api.submitUserPaper,
      { ...fx.owners.teacherA, paperId: own.data.paperId },
      { session: fx.teacherA },
    );
    expect(submitted.status, submitted.message).toBe(200);
    const review = await call<SchoolPaperDetail>(
      test.app,
      api.getSchoolPaperDetail,
      { schoolId: fx.adminA.schoolId, paperId: submitted.data.paperId },
      { session: fx.adminA },
    );
    expect(review.data).toMatchObject({ title: '张老师的练习卷', status: 2, totalScore: 5 });
    expect(review.data.sections[0]!.questions.map((q) => q.question.quesId)).toEqual([fx.ids.q2]);
  });
});
