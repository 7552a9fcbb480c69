import {
  onlineExamApi as api,
  type MarkBlock,
  markingApi,
  type OnlineExamCandidate,
  type OnlineExamSource,
  type OnlineExamSummary,
  type Sitting,
  type StudentOnlineExam,
} from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examStudents, markPapers, studentScores } from '../../db/schema.ts';
import { login } from '../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../test/school-base-fixture.ts';

// 新建在线考试 from an existing exam's structure, given to single students (issue #18 items 1–2):
// the fixture's 数学 exam (1 单选 A, 2 多选 AC, 3 判断 T, 4 解答 85 分) becomes answer slots; only the
// chosen students sit it; a teacher picks only their own classes' students.

const clock = { at: new Date('2026-11-20T01:00:00Z'), now: () => new Date(clock.at) };

let s: ExamsSetup;
type Session = Awaited<ReturnType<typeof login>>;
let students: Session[];
let exam: OnlineExamSummary;

beforeAll(async () => {
  s = await setUpExams({ onlineExamClock: clock, onlineExamSweep: false });
  students = [];
  for (const st of s.students) students.push(await login(s.t.app, st.user.loginName, st.user.password));
}, 120_000);
afterAll(() => s.t.close());

const params = (over: Record<string, unknown> = {}) => ({
  schoolId: s.sid,
  fromSeId: s.ids.mathSeId,
  name: '期中数学在线补考',
  schyId: String(s.year.id),
  termId: String(s.term.id),
  gradeId: '8',
  classIds: [],
  studentIds: [String(s.students[0]!.id), String(s.students[1]!.id)],
  opensAt: new Date(clock.at.getTime() - 60_000).toISOString(),
  closesAt: new Date(clock.at.getTime() + 24 * 3600_000).toISOString(),
  durationMinutes: 30,
  shuffle: true,
  releaseAnswers: true,
  ...over,
});
const picker = (who: Session, keyword = '') =>
  s.as<OnlineExamCandidate[]>(who, api.findOnlineExamStudents, {
    schoolId: s.sid,
    termId: String(s.term.id),
    keyword,
  });
const names = (rows: OnlineExamCandidate[]) => rows.map((r) => r.name).sort();

describe('the sources and the student picker', () => {
  it('lists the school’s exam subjects with a structure, not another school’s', async () => {
    const sources = expectOk(
      await s.as<OnlineExamSource[]>(s.sessions.mathTeacher, api.findOnlineExamSources, { schoolId: s.sid }),
    );
    expect(sources).toEqual([
      expect.objectContaining({ seId: s.ids.mathSeId, courseName: '数学', gradeName: '八年级', questionCount: 4 }),
    ]);
    expectForbidden(
      await s.as(s.sessions.mathTeacher, api.findOnlineExamSources, { schoolId: String(s.other.school.id) }),
    );
    expectForbidden(await s.as(students[0]!, api.findOnlineExamSources, { schoolId: s.sid }));
  });

  it('offers a teacher only their classes’ students, the administrator the school’s', async () => {
    expect(names(expectOk(await picker(s.sessions.mathTeacher)))).toEqual(['张一', '张三', '张二']);
    expect(expectOk(await picker(s.sessions.mathTeacher, '李'))).toEqual([]);
    expect(names(expectOk(await picker(s.sessions.admin)))).toEqual(['张一', '张三', '张二', '李一', '李二']);
    const found = expectOk(await picker(s.sessions.admin, '李一'));
    expect(found).toEqual([expect.objectContaining({ name: '李一', className: '八(2)班', gradeId: '8' })]);
    expectForbidden(await picker(students[0]!));
  });
});

describe('making it and who sits it', () => {
  it('refuses a missing or double source, no one given, another class’s student, another school’s exam', async () => {
    expectFailure(await s.as(s.sessions.mathTeacher, api.saveOnlineExam, params({ fromSeId: undefined })), 400, /来源/);
    expectFailure(await s.as(s.sessions.mathTeacher, api.saveOnlineExam, params({ paperId: '1' })), 400, /来源/);
    expectFailure(
      await s.as(s.sessions.mathTeacher, api.saveOnlineExam, params({ studentIds: [] })),
      400,
      /班级或一名学生/,
    );
    expectForbidden(
      await s.as(s.sessions.mathTeacher, api.saveOnlineExam, params({ studentIds: [String(s.students[3]!.id)] })),
    );
    expectForbidden(await s.as(s.sessions.mathTeacher, api.saveOnlineExam, params({ fromSeId: s.ids.otherSeId })));
  });

  it('makes answer slots in the exam’s numbers, unshuffled, for the two chosen students only', async () => {
    exam = expectOk(await s.as<OnlineExamSummary>(s.sessions.mathTeacher, api.saveOnlineExam, params()));
    expect(exam).toMatchObject({ courseName: '数学', studentCount: 2, shuffle: false });
    const seated = await s.db
      .select({ studentId: examStudents.studentId })
      .from(examStudents)
      .where(eq(examStudents.singleExamId, Number(exam.seId)));
    expect(seated.map((r) => r.studentId).sort()).toEqual([s.students[0]!.id, s.students[1]!.id].sort());
    const blocks = expectOk(await s.call<MarkBlock[]>(markingApi.findBlocks, { seId: exam.seId }));
    expect(blocks.map((b) => b.name)).toEqual(['第4题']);

    const sitting = expectOk(
      await s.as<Sitting>(students[0]!, api.startOnlineExam, { onlineExamId: exam.onlineExamId }),
    );
    expect(sitting.sections.map((sec) => sec.title)).toEqual(['一、选择题', '二、解答题']);
    const qs = sitting.sections.flatMap((sec) => sec.questions);
    expect(qs.map((q) => [q.no, q.kind, q.fullMark])).toEqual([
      [1, 'single', 5],
      [2, 'multiple', 5],
      [3, 'judge', 5],
      [4, 'text', 85],
    ]);
    expect(qs[0]!.stem).toBe('请对照试卷第 1 题作答（单选，4 个选项）');
    expect(qs[0]!.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);
    expect(qs[3]!.stem).toBe('请对照试卷第 4 题作答（主观题）');
  });

  it('shows it to a chosen student only; a classmate not chosen can neither see nor sit it', async () => {
    const mine = expectOk(
      await s.as<StudentOnlineExam[]>(students[1]!, api.findOnLineExamByStuId, { schoolId: s.sid }),
    );
    expect(mine.map((e) => e.onlineExamId)).toEqual([exam.onlineExamId]);
    const classmate = expectOk(
      await s.as<StudentOnlineExam[]>(students[2]!, api.findOnLineExamByStuId, { schoolId: s.sid }),
    );
    expect(classmate).toEqual([]);
    expectFailure(await s.as(students[2]!, api.startOnlineExam, { onlineExamId: exam.onlineExamId }), 404, /不存在/);
  });

  it('scores the slots from the exam’s key at submission and puts the typed answer on the desk', async () => {
    const sitting = expectOk(
      await s.as<Sitting>(students[0]!, api.startOnlineExam, { onlineExamId: exam.onlineExamId }),
    );
    const qs = sitting.sections.flatMap((sec) => sec.questions);
    const answers = ['A', 'AC', 'F', '设 x = 2，则 y = 5'];
    for (const [i, q] of qs.entries()) {
      expectOk(
        await s.as(students[0]!, api.saveOrUpdateESCI, {
          onlineExamId: exam.onlineExamId,
          questionId: q.questionId,
          answer: answers[i]!,
          version: 1,
        }),
      );
    }
    expectOk(await s.as(students[0]!, api.submitOnlineExam, { onlineExamId: exam.onlineExamId }));
    const [score] = await s.db
      .select({ objective: studentScores.objectiveScore })
      .from(studentScores)
      .where(and(eq(studentScores.singleExamId, Number(exam.seId)), eq(studentScores.studentId, s.students[0]!.id)));
    expect(score?.objective).toBe(10);
    const papers = await s.db.select({ text: markPapers.answerText }).from(markPapers);
    expect(papers.map((p) => p.text)).toContain('设 x = 2，则 y = 5');
  });
});
