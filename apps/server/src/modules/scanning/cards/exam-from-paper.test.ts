import type { AnswerBoxRegion } from '@huikao/answer-card';
import {
  scanningCardsApi as api,
  type CardListRow,
  type CardTemplate,
  type ExamQuestion,
  examsApi,
  type QuestionGroup,
  questionBankUserApi,
  type UserPaperDetail,
} from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTemplates, multiExams, qbQuestions } from '../../../db/schema.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { draft } from '../../../test/question-bank-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { importQuestionDrafts, importTree, NODE_KIND } from '../../question-bank/index.ts';
import { schoolToday } from '../../school-base/index.ts';
import { answerLetters, judgeAnswer } from './exam-from-paper.ts';

// 用此试卷建考试 end to end: a teacher's paper in 我的试卷 becomes an exam of its course with
// every question's type, marks, key and knowledge points, the chosen classes' students and the card.

let s: ExamsSetup;
let paper: UserPaperDetail;
beforeAll(async () => {
  s = await setUpExams();
  await importTree(s.db, '数学', NODE_KIND.knowledge, [
    { name: '函数', children: [{ name: '一次函数' }] },
    { name: '几何', children: [{ name: '三角形' }] },
  ]);
  await importQuestionDrafts(s.db, [
    draft('c1', { answer: 'B', knowledgePaths: ['函数 > 一次函数'] }),
    draft('c2', { typeName: '多选题', answer: 'A、C', knowledgePaths: ['函数 > 一次函数', '几何 > 三角形'] }),
    draft('c3', { typeName: '判断题', options: null, answer: '正确' }),
    draft('c4', { typeName: '填空题', options: null, answer: '3' }),
    draft('c5', { typeName: '解答题', options: null, answer: '略', knowledgePaths: ['几何 > 三角形'] }),
  ]);
  const rows = await s.db.select({ id: qbQuestions.id, key: qbQuestions.sourceKey }).from(qbQuestions);
  const id = (key: string) => String(rows.find((r) => r.key === `test:${key}`)!.id);
  const owner = { userId: String(s.mathTeacherRow.user.id), schoolId: s.sid };
  paper = expectOk(
    await s.as<UserPaperDetail>(s.sessions.mathTeacher, questionBankUserApi.addUserPaper, {
      ...owner,
      paper: {
        title: '一次函数单元测试',
        courseId: '2',
        sections: [
          {
            title: '一、选择题',
            questions: [
              { quesId: id('c1'), score: 3 },
              { quesId: id('c2'), score: 4 },
            ],
          },
          { title: '二、判断题', questions: [{ quesId: id('c3'), score: 2 }] },
          { title: '三、填空题', questions: [{ quesId: id('c4'), score: 5 }] },
          { title: '四、解答题', questions: [{ quesId: id('c5'), score: 12 }] },
        ],
      },
    }),
  );
});
afterAll(() => s.t.close());

const examParams = () => ({
  schoolId: s.sid,
  paperId: paper.paperId,
  name: '一次函数单元测验',
  schyId: String(s.year.id),
  termId: String(s.term.id),
  gradeId: '8',
  classIds: [String(s.classes[0].id)],
  examDate: schoolToday(),
});
const examCount = async () => (await s.db.select().from(multiExams)).length;

describe('用此试卷建考试', () => {
  it('reads choice and 判断 keys as written in the bank', () => {
    expect(['B', 'A、C', 'a,c', 'Ｃ', 'D. 因为…', '<p>B</p>', '1'].map(answerLetters)).toEqual([
      'B',
      'AC',
      'AC',
      'C',
      'D',
      'B',
      null,
    ]);
    expect(['正确', '×', 'T', '错误', '不知道'].map(judgeAnswer)).toEqual(['T', 'F', 'T', 'F', null]);
  });

  it('refuses a teacher classes they do not teach, and another teacher their paper; nothing created', async () => {
    const before = await examCount();
    expectForbidden(
      await s.as(s.sessions.mathTeacher, api.createExamFromPaper, {
        ...examParams(),
        classIds: [String(s.classes[1].id)],
      }),
    );
    expectForbidden(await s.as(s.sessions.teacher, api.createExamFromPaper, examParams()));
    expectForbidden(await s.as(s.sessions.student, api.createExamFromPaper, examParams()));
    expectFailure(
      await s.as(s.sessions.mathTeacher, api.createExamFromPaper, {
        ...examParams(),
        settings: { examNumberLength: 30 },
      }),
      400,
      '考号位数只能是 1 到 20',
    );
    expect(await examCount()).toBe(before);
  });

  it('creates the exam, its questions, students and card for the teacher', async () => {
    const made = expectOk(
      await s.as<{ meId: string; seId: string; templateId: string; questionCount: number; studentCount: number }>(
        s.sessions.mathTeacher,
        api.createExamFromPaper,
        examParams(),
      ),
    );
    expect(made).toMatchObject({ questionCount: 5, studentCount: 3 });

    const structure = expectOk(
      await s.call<{ groups: QuestionGroup[]; questions: ExamQuestion[] }>(examsApi.findExamQuestionAndGroup, {
        schoolId: s.sid,
        seId: made.seId,
      }),
    );
    expect(structure.groups.map((g) => g.name)).toEqual(['一、选择题', '二、判断题', '三、填空题', '四、解答题']);
    expect(
      structure.questions.map((q) => [q.questionNo, q.kind, q.objectiveType, q.optionCount, q.answer, q.fullMark]),
    ).toEqual([
      ['1', 1, 1, 4, 'B', 3],
      ['2', 1, 2, 4, 'AC', 4],
      ['3', 1, 3, null, 'T', 2],
      ['4', 2, null, null, null, 5],
      ['5', 2, null, null, null, 12],
    ]);
    expect(structure.questions.map((q) => q.knowledgePoints)).toEqual([
      ['一次函数'],
      ['一次函数', '三角形'],
      [],
      [],
      ['三角形'],
    ]);
    const exam = expectOk(
      await s.call<{ name: string; singleExams: { fullMark: number; courseName: string }[] }>(
        examsApi.getMultiExamByMeId,
        { schoolId: s.sid, meId: made.meId },
      ),
    );
    expect(exam).toMatchObject({ name: '一次函数单元测验', singleExams: [{ courseName: '数学', fullMark: 26 }] });

    // The teacher sees the card of the exam they made, in 我的答题卡 too.
    const card = expectOk(
      await s.as<CardTemplate>(s.sessions.mathTeacher, api.getExamTemplate, { schoolId: s.sid, seId: made.seId }),
    );
    expect(card).toMatchObject({ templateId: made.templateId, status: 'draft', version: 1 });
    const boxes = card.template.pages.flatMap((p) =>
      p.regions.filter((r): r is AnswerBoxRegion => r.kind === 'answerBox' && r.part === 1),
    );
    expect(boxes.map((b) => [b.label, b.fullMarks])).toEqual([
      ['4', 5],
      ['5', 12],
    ]);
    const list = expectOk(
      await s.as<CardListRow[]>(s.sessions.mathTeacher, api.findExamTemplateList, { schoolId: s.sid }),
    );
    expect(list.map((r) => r.examName)).toContain('一次函数单元测验');
  });

  it('refuses the same name again in the term and grade', async () => {
    const before = await examCount();
    expectFailure(await s.as(s.sessions.mathTeacher, api.createExamFromPaper, examParams()), 400, /同名考试已存在/);
    expect(await examCount()).toBe(before);
  });

  it('deletes the exam made from the paper with its card', async () => {
    const [made] = await s.db.select().from(multiExams).where(eq(multiExams.name, '一次函数单元测验'));
    const before = (await s.db.select().from(cardTemplates)).length;
    expectOk(await s.call(examsApi.deleteMultiExam, { schoolId: s.sid, meId: String(made!.id) }));
    expect(await s.db.select().from(cardTemplates)).toHaveLength(before - 1);
  });
});
