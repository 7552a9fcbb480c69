import {
  onlineExamApi as api,
  type LeasedPaper,
  type MarkBlock,
  markingApi,
  type OnlineExamSummary,
  type OnlineResult,
  questionBankUserApi,
  type Sitting,
  type SittingRow,
  type StudentOnlineExam,
  type UserPaperDetail,
} from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examStudents, markPapers, qbQuestions, studentScores } from '../../db/schema.ts';
import { login } from '../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../test/exams-fixture.ts';
import { draft } from '../../test/question-bank-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../test/school-base-fixture.ts';
import { importQuestionDrafts } from '../question-bank/index.ts';

// Online exams end to end (issue #18) through HTTP, with the online exams' clock in the test's
// hands: making one from a 我的试卷 paper, sitting it (answers kept across a dropped connection,
// out-of-order saves, shuffles stable per student), the deadline (saves and submission refused,
// the server's sweep closing the sitting), who may read what, the marking desk's papers and the
// release through the one score path.

const clock = { at: new Date('2026-11-20T01:00:00Z'), now: () => new Date(clock.at) };
const advance = (minutes: number) => {
  clock.at = new Date(clock.at.getTime() + minutes * 60_000);
};

let s: ExamsSetup;
let paper: UserPaperDetail;
let exam: OnlineExamSummary;
type Session = Awaited<ReturnType<typeof login>>;
let students: Session[];
let outsider: Session;
/** The question student 张一 typed the long answer into (their shuffle decides which of the two). */
let typedId: string;

beforeAll(async () => {
  s = await setUpExams({ onlineExamClock: clock, onlineExamSweep: false });
  await importQuestionDrafts(s.db, [
    draft('o1', { answer: 'B' }),
    draft('o2', { typeName: '填空题', options: null, answer: '3' }),
    draft('o3', { typeName: '解答题', options: null, answer: '略' }),
  ]);
  const rows = await s.db.select({ id: qbQuestions.id, key: qbQuestions.sourceKey }).from(qbQuestions);
  const id = (key: string) => String(rows.find((r) => r.key === `test:${key}`)!.id);
  paper = expectOk(
    await s.as<UserPaperDetail>(s.sessions.mathTeacher, questionBankUserApi.addUserPaper, {
      userId: String(s.mathTeacherRow.user.id),
      schoolId: s.sid,
      paper: {
        title: '一次函数练习',
        courseId: '2',
        sections: [
          { title: '一、选择题', questions: [{ quesId: id('o1'), score: 4 }] },
          {
            title: '二、填空与解答',
            questions: [
              { quesId: id('o2'), score: 6 },
              { quesId: id('o3'), score: 10 },
            ],
          },
        ],
      },
    }),
  );
  students = [];
  for (const st of s.students) students.push(await login(s.t.app, st.user.loginName, st.user.password));
  outsider = students[3]!; // 八(2)班: not given the exam
}, 120_000);
afterAll(() => s.t.close());

const examParams = (over: Record<string, unknown> = {}) => ({
  schoolId: s.sid,
  paperId: paper.paperId,
  name: '一次函数在线练习',
  schyId: String(s.year.id),
  termId: String(s.term.id),
  gradeId: '8',
  classIds: [String(s.classes[0].id)],
  opensAt: new Date(clock.at.getTime() - 60_000).toISOString(),
  closesAt: new Date(clock.at.getTime() + 24 * 3600_000).toISOString(),
  durationMinutes: 40,
  shuffle: true,
  releaseAnswers: true,
  ...over,
});
const questionIds = (sitting: Sitting) => sitting.sections.flatMap((sec) => sec.questions.map((q) => q.questionId));
const kindOf = (sitting: Sitting, kind: string) =>
  sitting.sections.flatMap((sec) => sec.questions).find((q) => q.kind === kind)!;
const start = (who: Session) => s.as<Sitting>(who, api.startOnlineExam, { onlineExamId: exam.onlineExamId });
const save = (who: Session, questionId: string, answer: string, version: number) =>
  s.as<{ version: number; stored: boolean }>(who, api.saveOrUpdateESCI, {
    onlineExamId: exam.onlineExamId,
    questionId,
    answer,
    version,
  });

describe('making an online exam', () => {
  it('makes a real exam of the teacher’s own class; refuses others’ classes and students', async () => {
    expectForbidden(
      await s.as(s.sessions.mathTeacher, api.saveOnlineExam, examParams({ classIds: [String(s.classes[1].id)] })),
    );
    expectForbidden(await s.as(students[0]!, api.saveOnlineExam, examParams()));
    expectFailure(
      await s.as(s.sessions.mathTeacher, api.saveOnlineExam, examParams({ closesAt: examParams().opensAt })),
      400,
      /截止时间/,
    );
    exam = expectOk(await s.as<OnlineExamSummary>(s.sessions.mathTeacher, api.saveOnlineExam, examParams()));
    expect(exam).toMatchObject({ courseName: '数学', studentCount: 3, submittedCount: 0, durationMinutes: 40 });
    const blocks = expectOk(await s.call<MarkBlock[]>(markingApi.findBlocks, { seId: exam.seId }));
    expect(blocks.map((b) => b.name)).toEqual(['第2题', '第3题']);
    const mine = expectOk(
      await s.as<OnlineExamSummary[]>(s.sessions.mathTeacher, api.findOnlineExams, { schoolId: s.sid }),
    );
    expect(mine.map((e) => e.onlineExamId)).toEqual([exam.onlineExamId]);
  });
});

describe('sitting', () => {
  it('keeps every answer across a dropped connection and a later save, then scores the choice on submission', async () => {
    const list = expectOk(
      await s.as<StudentOnlineExam[]>(students[0]!, api.findOnLineExamByStuId, { schoolId: s.sid }),
    );
    expect(list).toMatchObject([{ onlineExamId: exam.onlineExamId, state: 'open' }]);
    const first = expectOk(await start(students[0]!));
    expect(Date.parse(first.deadline) - Date.parse(first.now)).toBe(40 * 60_000);
    const choice = kindOf(first, 'single');
    const [fill, typed] = first.sections.flatMap((sec) => sec.questions).filter((q) => q.kind === 'text');
    expect(choice.options.map((o) => o.key).sort()).toEqual(['A', 'B', 'C', 'D']);
    expectOk(await save(students[0]!, choice.questionId, 'B', 1));
    expectOk(await save(students[0]!, fill!.questionId, '3', 1));
    expectOk(await save(students[0]!, typed!.questionId, '设 y=kx+b，', 1));
    typedId = typed!.questionId;
    // The connection drops; ten minutes later the page comes back and resumes.
    advance(10);
    const again = expectOk(await start(students[0]!));
    expect(again.deadline).toBe(first.deadline);
    expect(Date.parse(again.deadline) - Date.parse(again.now)).toBe(30 * 60_000);
    expect(questionIds(again)).toEqual(questionIds(first));
    expect(Object.fromEntries(again.answers.map((a) => [a.questionId, a.answer]))).toEqual({
      [choice.questionId]: 'B',
      [fill!.questionId]: '3',
      [typed!.questionId]: '设 y=kx+b，',
    });
    // Queued saves arrive out of order: the older one never overwrites the newer.
    expect(expectOk(await save(students[0]!, typed!.questionId, '设 y=kx+b，则 k=2', 3))).toMatchObject({
      version: 3,
      stored: true,
    });
    expect(expectOk(await save(students[0]!, typed!.questionId, '设 y=kx+b，则', 2))).toMatchObject({
      version: 3,
      stored: false,
    });
    expectOk(await s.as(students[0]!, api.submitOnlineExam, { onlineExamId: exam.onlineExamId }));
    expectFailure(await save(students[0]!, choice.questionId, 'A', 9), 422, /已交卷/);
    const [row] = await s.db
      .select()
      .from(studentScores)
      .where(and(eq(studentScores.singleExamId, Number(exam.seId)), eq(studentScores.studentId, s.students[0]!.id)));
    expect(row!.scores[choice.questionId]).toBe(4);
    const papers = await s.db.select().from(markPapers);
    expect(papers.map((p) => p.answerText).sort()).toEqual(['3', '设 y=kx+b，则 k=2']);
  });

  it('refuses an exam not given to the student, and never shows one student another’s answers', async () => {
    expectFailure(await start(outsider), 404, /不存在/);
    expectFailure(await save(outsider, exam.onlineExamId, 'A', 1), 404, /不存在/);
    const other = expectOk(await start(students[1]!));
    expect(other.answers).toEqual([]);
    expectForbidden(await s.as(students[1]!, api.findOnLineExamStuInfoBySeId, { onlineExamId: exam.onlineExamId }));
    expectFailure(
      await s.as(students[1]!, api.findOnlineExamResult, { onlineExamId: exam.onlineExamId }),
      422,
      /尚未公布/,
    );
  });

  it('keeps each student’s shuffle stable', async () => {
    const a = expectOk(await start(students[1]!));
    const b = expectOk(await start(students[1]!));
    expect(questionIds(a)).toEqual(questionIds(b));
    expect(kindOf(a, 'single').options).toEqual(kindOf(b, 'single').options);
  });
});

describe('the deadline', () => {
  it('refuses saves and submission after it, and the server closes the sitting on its own', async () => {
    const third = expectOk(await start(students[2]!));
    const choice = kindOf(third, 'single');
    expectOk(await save(students[2]!, choice.questionId, 'A', 1));
    advance(41);
    expectFailure(await save(students[2]!, choice.questionId, 'B', 2), 422, /时间已到/);
    expectFailure(await s.as(students[2]!, api.submitOnlineExam, { onlineExamId: exam.onlineExamId }), 422, /时间已到/);
    expect(await s.t.app.onlineExamSweep()).toBe(2);
    expect(await s.t.app.onlineExamSweep()).toBe(0);
    const rows = expectOk(
      await s.as<SittingRow[]>(s.sessions.mathTeacher, api.findOnLineExamStuInfoBySeId, {
        onlineExamId: exam.onlineExamId,
      }),
    );
    const seen = new Map(rows.map((r) => [r.name, [r.name, r.state, r.submittedBy, r.answered]]));
    expect(['张一', '张二', '张三'].map((name) => seen.get(name))).toEqual([
      ['张一', 'submitted', 'student', 3],
      ['张二', 'submitted', 'deadline', 0],
      ['张三', 'submitted', 'deadline', 1],
    ]);
    const [row] = await s.db
      .select()
      .from(studentScores)
      .where(and(eq(studentScores.singleExamId, Number(exam.seId)), eq(studentScores.studentId, s.students[2]!.id)));
    expect(row!.scores[choice.questionId]).toBe(0);
  });

  it('lets the administrator reopen a student and force the submission; counts leaving the page', async () => {
    const params = { onlineExamId: exam.onlineExamId, studentId: String(s.students[2]!.id) };
    expectForbidden(await s.as(s.sessions.mathTeacher, api.reopenOnlineExam, { ...params, minutes: 5 }));
    expectOk(await s.call(api.reopenOnlineExam, { ...params, minutes: 5 }));
    expect(
      expectOk(
        await s.as<{ leaveCount: number }>(students[2]!, api.leaveOnlineExam, { onlineExamId: exam.onlineExamId }),
      ),
    ).toEqual({
      leaveCount: 1,
    });
    const reopened = expectOk(await start(students[2]!));
    expectOk(await save(students[2]!, kindOf(reopened, 'single').questionId, 'B', 2));
    // The typed answer's paper (unmarked yet) takes the answer of the second submission.
    const typedOfThird = reopened.sections.flatMap((sec) => sec.questions).filter((q) => q.kind === 'text')[1]!;
    expectOk(await save(students[2]!, typedOfThird.questionId, '补充：k=1', 1));
    expectOk(await s.call(api.forceSubmitOnlineExam, params));
    const third = await s.db
      .select({ text: markPapers.answerText })
      .from(markPapers)
      .innerJoin(examStudents, eq(examStudents.id, markPapers.examStudentId))
      .where(and(eq(examStudents.studentId, s.students[2]!.id), eq(examStudents.singleExamId, Number(exam.seId))));
    expect(third.map((p) => p.text)).toContain('补充：k=1');
    expectFailure(await s.call(api.forceSubmitOnlineExam, params), 422, /已交卷/);
    const rows = expectOk(
      await s.call<SittingRow[]>(api.findOnLineExamStuInfoBySeId, { onlineExamId: exam.onlineExamId }),
    );
    expect(rows.find((r) => r.name === '张三')).toMatchObject({ submittedBy: 'admin', leaveCount: 1 });
  });
});

describe('marking and release', () => {
  it('merges the desk’s marks through the score path and shows the student their result', async () => {
    const blocks = expectOk(await s.call<MarkBlock[]>(markingApi.findBlocks, { seId: exam.seId }));
    const typedBlock = blocks.find((b) => b.questions[0]!.questionId === typedId)!;
    expectOk(
      await s.call(markingApi.saveTasks, {
        blockId: typedBlock.id,
        markers: [{ userId: String(s.mathTeacherRow.user.id) }],
      }),
    );
    expectOk(await s.call(markingApi.setBlockStatus, { blockId: typedBlock.id, action: 'start' }));
    let marked = 0;
    for (;;) {
      const leased = expectOk(
        await s.as<LeasedPaper | null>(s.sessions.mathTeacher, markingApi.claim, { blockId: typedBlock.id }),
      );
      if (!leased) break;
      const q = leased.questions[0]!.questionId;
      const points = leased.text?.includes('k=2') ? 5 : 0;
      expectOk(
        await s.as(s.sessions.mathTeacher, markingApi.submit, {
          blockId: typedBlock.id,
          paperId: leased.paperId,
          token: leased.token,
          scores: { [q]: points },
          seconds: 5,
        }),
      );
      marked++;
    }
    expect(marked).toBe(3);
    // 张一 reopened after marking and submitting a different answer: the marked paper keeps the
    // marked text and the teacher is told which 题块 changed.
    const first = { onlineExamId: exam.onlineExamId, studentId: String(s.students[0]!.id) };
    expectOk(await s.call(api.reopenOnlineExam, { ...first, minutes: 5 }));
    expectOk(await save(students[0]!, typedId, '设 y=kx+b，则 k=3', 4));
    expectOk(await s.as(students[0]!, api.submitOnlineExam, { onlineExamId: exam.onlineExamId }));
    const monitor = expectOk(
      await s.as<SittingRow[]>(s.sessions.mathTeacher, api.findOnLineExamStuInfoBySeId, {
        onlineExamId: exam.onlineExamId,
      }),
    );
    expect(monitor.find((r) => r.name === '张一')!.changedAfterMarking).toEqual([typedBlock.name]);
    expect(monitor.find((r) => r.name === '张二')!.changedAfterMarking).toEqual([]);
    const kept = await s.db
      .select({ text: markPapers.answerText })
      .from(markPapers)
      .where(eq(markPapers.blockId, Number(typedBlock.id)));
    expect(kept.map((p) => p.text)).toContain('设 y=kx+b，则 k=2');
    expect(kept.map((p) => p.text)).not.toContain('设 y=kx+b，则 k=3');
    const released = expectOk(
      await s.as<OnlineExamSummary>(s.sessions.mathTeacher, api.releaseOnlineExam, { onlineExamId: exam.onlineExamId }),
    );
    expect(released.releasedAt).not.toBeNull();
    const result = expectOk(
      await s.as<OnlineResult>(students[0]!, api.findOnlineExamResult, { onlineExamId: exam.onlineExamId }),
    );
    expect(result.total).toBe(9);
    // The score is the marked paper's (its text kept); the answer shown is the newest saved.
    const typed = result.questions.find((q) => q.answer.includes('k=3'))!;
    expect(typed).toMatchObject({ score: 5 });
    const choice = result.questions.find((q) => q.kind === 'single')!;
    expect(choice).toMatchObject({ answer: 'B', key: 'B', score: 4 });
    const list = expectOk(
      await s.as<StudentOnlineExam[]>(students[0]!, api.findOnLineExamByStuId, { schoolId: s.sid }),
    );
    expect(list[0]).toMatchObject({ state: 'released', total: 9, fullMark: 20 });
  });
});

describe('concurrent saves', () => {
  it('never lose the newest version of one answer', async () => {
    const other = await s.as<OnlineExamSummary>(
      s.sessions.mathTeacher,
      api.saveOnlineExam,
      examParams({ name: '并发保存练习', opensAt: new Date(clock.at.getTime() - 60_000).toISOString() }),
    );
    exam = expectOk(other);
    const sitting = expectOk(await start(students[0]!));
    const q = kindOf(sitting, 'text').questionId;
    const versions = Array.from({ length: 30 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    await Promise.all(versions.map((v) => save(students[0]!, q, `第${v}版`, v)));
    const back = expectOk(await start(students[0]!));
    expect(back.answers.find((a) => a.questionId === q)).toMatchObject({ version: 30, answer: '第30版' });
  });
});
