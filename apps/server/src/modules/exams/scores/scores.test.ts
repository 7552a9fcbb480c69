import { examsApi, type StudentScore } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreRecords } from '../../../db/schema.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { type ScoresSetup, setUpScores } from '../../../test/scores-fixture.ts';

// Score entry (score grid, one card, adding a student) and the score reads with ranks.

let s: ScoresSetup;
beforeAll(async () => {
  s = await setUpScores();
});
afterAll(() => s.t.close());

const sid = () => s.sid;
const stu = (i: number) => String(s.students[i]!.id);

describe('updateStudentCardScores', () => {
  it('scores objective items from the key, with multiple-choice partial credit', async () => {
    const card = (choice2: string) =>
      s.call<StudentScore>(examsApi.updateStudentCardScores, {
        schoolId: sid(),
        seId: s.mathId,
        score: {
          studentId: stu(0),
          choices: { [s.q('1')]: 'b', [s.q('2')]: choice2, [s.q('3')]: '对' },
          scores: { [s.q('4')]: 7.5 },
        },
      });
    const full = expectOk(await card('CA'));
    expect(full.choices).toMatchObject({ [s.q('1')]: 'B', [s.q('2')]: 'AC', [s.q('3')]: 'T' });
    expect(full.scores).toMatchObject({ [s.q('1')]: 3, [s.q('2')]: 6, [s.q('3')]: 2, [s.q('4')]: 7.5 });
    expect(full.objectiveScore).toBe(11);
    expect(full.totalScore).toBe(18.5);
    const partial = expectOk(await card('A'));
    expect(partial.scores[s.q('2')]).toBe(3);
    expect(partial.totalScore).toBe(15.5);
    const wrong = expectOk(await card('AB'));
    expect(wrong.scores[s.q('2')]).toBe(0);
    expect(wrong.totalScore).toBe(12.5);
    const records = await s.db.select().from(scoreRecords).where(eq(scoreRecords.studentId, s.students[0]!.id));
    // First save: 4 questions; then question 2 changed twice.
    expect(records).toHaveLength(6);
    expect(records.at(-1)).toMatchObject({
      questionNo: '2',
      oldChoice: 'A',
      newChoice: 'AB',
      oldScore: 3,
      newScore: 0,
      source: 'card',
    });
  });

  it('refuses bad values with a Chinese message naming the question', async () => {
    const save = (score: Record<string, unknown>) =>
      s.call(examsApi.updateStudentCardScores, {
        schoolId: sid(),
        seId: s.mathId,
        score: { studentId: stu(1), ...score },
      });
    expectFailure(await save({ scores: { [s.q('4')]: 11 } }), 400, /第4题分数11超过满分10/);
    expectFailure(await save({ scores: { [s.q('4')]: -1 } }), 400, /第4题分数不能为负数/);
    expectFailure(await save({ scores: { [s.q('4')]: 1.234 } }), 400, /第4题分数最多保留两位小数/);
    expectFailure(await save({ scores: { '999999': 1 } }), 400, /题目不存在/);
    expectFailure(await save({ choices: { [s.q('1')]: 'E' } }), 400, /第1题：选项“E”不允许/);
    expectFailure(await save({ scores: { [s.q('1')]: 3 } }), 400, /第1题是客观题/);
    expectFailure(await save({ totalScore: 20 }), 400, /该科目已设置题目/);
    expectFailure(await save({ scores: { [s.q('4')]: 'x' } }), 400, /分数必须是数字/);
  });

  it('refuses another school and students', async () => {
    expectForbidden(
      await s.call(examsApi.updateStudentCardScores, {
        schoolId: sid(),
        seId: String(s.otherExam.subjects[0]!.single.id),
        score: { studentId: String(s.otherStudent.id), scores: {} },
      }),
    );
    expectForbidden(
      await s.as(s.sessions.student1, examsApi.updateStudentCardScores, {
        schoolId: sid(),
        seId: s.mathId,
        score: { studentId: stu(0), scores: {} },
      }),
    );
  });
});

describe('updateSingleStudentsAndScores and findStuScoresBySeId', () => {
  it('saves a grid, totals and competition ranks among present students', async () => {
    const result = expectOk(
      await s.call<{ changedScores: number; students: StudentScore[] }>(examsApi.updateSingleStudentsAndScores, {
        schoolId: sid(),
        seId: s.mathId,
        scores: [
          { studentId: stu(1), scores: { [s.q('4')]: 10 } },
          { studentId: stu(2), scores: { [s.q('4')]: 10 } },
          { studentId: stu(3), scores: { [s.q('4')]: 5 } },
          { studentId: stu(4), absent: true },
        ],
      }),
    );
    expect(result.changedScores).toBe(4);
    const page = expectOk(
      await s.call<{ list: StudentScore[]; total: number }>(examsApi.findStuScoresBySeId, {
        schoolId: sid(),
        seId: s.mathId,
        pageSize: 100,
      }),
    );
    const by = new Map(page.list.map((r) => [r.studentNo, r]));
    // 学生1-1 12.5, 1-2 10, 1-3 10, 2-1 5, 2-2 absent, 2-3 unscored.
    expect(by.get('20240101')).toMatchObject({ totalScore: 12.5, gradeRank: 1, classRank: 1 });
    expect(by.get('20240102')).toMatchObject({ totalScore: 10, gradeRank: 2, classRank: 2 });
    expect(by.get('20240103')).toMatchObject({ totalScore: 10, gradeRank: 2, classRank: 2 });
    expect(by.get('20240201')).toMatchObject({ totalScore: 5, gradeRank: 4, classRank: 1 });
    expect(by.get('20240202')).toMatchObject({ absent: true, totalScore: null, gradeRank: null });
    expect(by.get('20240203')).toMatchObject({ totalScore: null, gradeRank: null });
    const filtered = expectOk(
      await s.call<{ list: StudentScore[]; total: number }>(examsApi.findStuScoresBySeId, {
        schoolId: sid(),
        seId: s.mathId,
        classId: String(s.classes[1]!.id),
        keyword: '2-1',
      }),
    );
    expect(filtered.list.map((r) => r.name)).toEqual(['学生2-1']);
    expect(filtered.list[0]!.gradeRank).toBe(4);
  });

  it('a type-1 teacher edits only their own classes while 进行中', async () => {
    const save = (i: number) =>
      s.as(s.sessions.teacherA, examsApi.updateSingleStudentsAndScores, {
        schoolId: sid(),
        seId: s.mathId,
        scores: [{ studentId: stu(i), scores: { [s.q('5')]: 4 } }],
      });
    expectOk(await save(0));
    expectForbidden(await save(3));
    // 语文 is not their course.
    expectForbidden(
      await s.as(s.sessions.teacherA, examsApi.updateSingleStudentsAndScores, {
        schoolId: sid(),
        seId: String(s.chinese!.single.id),
        scores: [{ studentId: stu(0), totalScore: 80 }],
      }),
    );
  });

  it('total-only subjects take a total within the full mark', async () => {
    const save = (totalScore: number) =>
      s.call<{ students: StudentScore[] }>(examsApi.updateSingleStudentsAndScores, {
        schoolId: sid(),
        seId: String(s.chinese!.single.id),
        scores: [{ studentId: stu(0), totalScore }],
      });
    expect(expectOk(await save(99.5)).students[0]!.totalScore).toBe(99.5);
    expectFailure(await save(121), 400, /总分121超过满分120/);
  });
});

describe('addSingleStudentAndScores', () => {
  it('adds a school student who was not listed, then scores them', async () => {
    const { makeStudent } = await import('../../../test/factories.ts');
    const late = await makeStudent(s.db, {
      schoolId: s.school.id,
      classId: s.classes[1]!.id,
      name: '插班生',
      studentNo: '20240299',
    });
    const added = expectOk(
      await s.call<StudentScore>(examsApi.addSingleStudentAndScores, {
        schoolId: sid(),
        seId: s.mathId,
        score: { studentId: String(late.id), scores: { [s.q('4')]: 6 } },
      }),
    );
    expect(added).toMatchObject({ name: '插班生', className: '八年级(2)班', totalScore: 6 });
    expectForbidden(
      await s.call(examsApi.addSingleStudentAndScores, {
        schoolId: sid(),
        seId: s.mathId,
        score: { studentId: String(s.otherStudent.id), scores: {} },
      }),
    );
    expectFailure(
      await s.call(examsApi.updateStudentCardScores, {
        schoolId: sid(),
        seId: String(s.chinese!.single.id),
        score: { studentId: String(late.id), totalScore: 10 },
      }),
      400,
      /不是本科目的考生/,
    );
  });
});

type AnswerScores = { questions: { questionNo: string; answer: string }[]; students: StudentScore[] };

describe('findAnswerScoresBySeId', () => {
  it('lists the objective questions with the choices of every student, by class', async () => {
    // Teacher A teaches 数学 in class (1); who reads what is the scope matrix's (score-scope.test.ts).
    const result = await s.as<AnswerScores>(s.sessions.teacherA, examsApi.findAnswerScoresBySeId, {
      schoolId: sid(),
      seId: s.mathId,
      classId: String(s.classes[0]!.id),
    });
    const answers = expectOk(result);
    expect(answers.questions.map((q) => [q.questionNo, q.answer])).toEqual([
      ['1', 'B'],
      ['2', 'AC'],
      ['3', 'T'],
    ]);
    expect(answers.students.map((x) => x.studentNo)).toEqual(['20240101', '20240102', '20240103']);
    expect(answers.students[0]!.choices[s.q('2')]).toBe('AB');
    expectForbidden(
      await s.call(examsApi.findAnswerScoresBySeId, {
        schoolId: sid(),
        seId: String(s.otherExam.subjects[0]!.single.id),
      }),
    );
  });
});
