import { DEFAULT_SCORE_CONFIG, examsApi, type MultiExam, type StudentExam, type StudentPaper } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { MATH_QUESTIONS, makeExam, type ScoresSetup, setUpScores } from '../../../test/scores-fixture.ts';

// Finalise (summaryQiqExamToScExam), publish and the exam's settings, then what students see:
// nothing before publishing to students, their own scores after, as hiddenStudentOrder allows;
// and who may read one student's paper.

let s: ScoresSetup;
beforeAll(async () => {
  s = await setUpScores();
});
afterAll(() => s.t.close());

const settings = (classIds: string[] = []) => ({ ...DEFAULT_SCORE_CONFIG, classIds, elaId: null });
const myExams = () =>
  s.as<StudentExam[]>(s.sessions.student1, examsApi.getUserMultiExamByStudentIdAndSchoolId, { schoolId: s.sid });
const myPaper = () =>
  s.as<StudentPaper>(s.sessions.student1, examsApi.getStuExamDetailInfo, { schoolId: s.sid, seId: s.mathId });
const finalise = () =>
  s.call<{ exam: MultiExam; problems: string[] }>(examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId: s.meId });

/** 数学: student i chooses B, AC (or A for odd i), T and scores 10 − i, 9 − i; 20240202 absent. 语文: 100 − 10i. */
async function fillAll(skip?: string) {
  await s.call(examsApi.updateSingleStudentsAndScores, {
    schoolId: s.sid,
    seId: s.mathId,
    scores: s.students
      .filter((st) => st.studentNo !== skip)
      .map((st, i) =>
        st.studentNo === '20240202'
          ? { studentId: String(st.id), absent: true }
          : {
              studentId: String(st.id),
              choices: { [s.q('1')]: 'B', [s.q('2')]: i % 2 ? 'A' : 'AC', [s.q('3')]: 'T' },
              scores: { [s.q('4')]: 10 - i, [s.q('5')]: 9 - i },
            },
      ),
  });
  await s.call(examsApi.updateSingleStudentsAndScores, {
    schoolId: s.sid,
    seId: String(s.chinese!.single.id),
    scores: s.students.map((st, i) => ({ studentId: String(st.id), totalScore: 100 - 10 * i })),
  });
}

describe('summaryQiqExamToScExam', () => {
  it('refuses to lock an incomplete exam and lists the problems in Chinese', async () => {
    await fillAll('20240103');
    const result = await finalise();
    expectFailure(result, 422, /^成绩不完整，不能完成考试/);
    expect(result.data).toEqual({ problems: ['数学：八年级(1)班 学生1-3（20240103）未录入成绩'] });
    const exam = expectOk(await s.call<MultiExam>(examsApi.getMultiExamByMeId, { schoolId: s.sid, meId: s.meId }));
    expect(exam.status).toBe(2);
  });

  it('lists every missing student of every subject, not the first problem', async () => {
    const empty = await makeExam(s.db, {
      schoolId: s.school.id,
      schoolYearId: s.year.id,
      termId: s.term.id,
      name: '一个成绩都没有',
      students: s.students.map((st) => ({ id: st.id, classId: st.classId })),
    });
    const result = await s.call(examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId: String(empty.multi.id) });
    const count = s.students.length * 2;
    expectFailure(result, 422, new RegExp(`^成绩不完整，不能完成考试：语文：.*等共${count}个问题$`));
    const { problems } = result.data as { problems: string[] };
    expect(problems).toHaveLength(count);
    // In catalogue order, 语文 (a total only) lists each student as 未录入总分, 数学 as 未录入成绩.
    for (const st of s.students) {
      expect(problems.filter((p) => p.includes(`（${st.studentNo}）`))).toEqual([
        expect.stringMatching(/^语文：.*未录入总分$/),
        expect.stringMatching(/^数学：.*未录入成绩$/),
      ]);
    }
  });

  it('refuses when the full marks of the questions do not add up to that of the subject', async () => {
    const odd = await makeExam(s.db, {
      schoolId: s.school.id,
      schoolYearId: s.year.id,
      termId: s.term.id,
      name: '满分不一致',
      subjects: [{ courseId: 2, fullMark: 40, questions: MATH_QUESTIONS }],
      students: [],
    });
    const result = await s.call(examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId: String(odd.multi.id) });
    expectFailure(result, 422, /成绩不完整/);
    expect(result.data).toEqual({ problems: ['数学：没有考生', '数学：各题满分合计30分，与科目满分40分不一致'] });
  });

  it('refuses publishing before finalising, a teacher, and another school', async () => {
    expectFailure(
      await s.call(examsApi.publishMultiExam, { schoolId: s.sid, meId: s.meId, toStudents: true }),
      422,
      '考试尚未完成，请先完成（锁定）成绩再发布',
    );
    expectForbidden(
      await s.as(s.sessions.teacherA, examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId: s.meId }),
    );
    expectForbidden(
      await s.call(examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId: String(s.otherExam.multi.id) }),
    );
  });

  it('locks a complete exam: every subject 已完成, the exam 已完成, scores frozen', async () => {
    await fillAll();
    const { exam, problems } = expectOk(await finalise());
    expect(problems).toEqual([]);
    expect(exam.status).toBe(3);
    expect(exam.singleExams.map((x) => x.status)).toEqual([3, 3]);
    expectFailure(
      await s.call(examsApi.updateStudentCardScores, {
        schoolId: s.sid,
        seId: s.mathId,
        score: { studentId: String(s.students[0]!.id), scores: { [s.q('4')]: 1 } },
      }),
      422,
      /考试已完成并锁定/,
    );
  });
});

describe('students before and after publishing', () => {
  it('a student sees nothing before the exam is published to students', async () => {
    expect(expectOk(await myExams())).toEqual([]);
    expectForbidden(await myPaper());
    const published = expectOk(
      await s.call<MultiExam>(examsApi.publishMultiExam, { schoolId: s.sid, meId: s.meId, toStudents: false }),
    );
    expect(published).toMatchObject({ status: 4, publishedToStudents: false });
    expect(expectOk(await myExams())).toEqual([]);
    expectForbidden(await myPaper());
  });

  it('after publishing to students: own scores, ranks hidden by the default 011', async () => {
    expectFailure(
      await s.call(examsApi.publishMultiExam, {
        schoolId: s.sid,
        meId: s.meId,
        toStudents: true,
        settings: settings([String(s.other.class.id)]),
      }),
      400,
      /没有参加该考试/,
    );
    expectOk(
      await s.call(examsApi.publishMultiExam, {
        schoolId: s.sid,
        meId: s.meId,
        toStudents: true,
        settings: settings([String(s.classes[0]!.id)]),
      }),
    );
    const [exam] = expectOk(await myExams());
    expect(exam!.hiddenStudentOrder).toBe('011');
    const math = exam!.subjects.find((x) => x.courseName === '数学')!;
    // 学生1-1: 3 + 6 + 2 + 10 + 9 = 30 of 30. Present totals: 30, 25, 26, 21, 17 (20240202 absent).
    expect(math).toMatchObject({ score: 30, level: '优秀', classRank: null, gradeRank: null, gradeMax: 30 });
    expect(math.classAverage).toBe(27);
    expect(math.gradeAverage).toBe(23.8);
    expect(exam!.total).toMatchObject({ score: 130, fullMark: 150, level: '优秀', classRank: null });
    const paper = expectOk(await myPaper());
    expect(paper.totalScore).toBe(30);
    expect(paper.questions.find((q) => q.questionNo === '2')).toMatchObject({ answer: 'AC', choice: 'AC', score: 6 });
  });

  it('hidden options: 100 shows ranks, hides scores (level kept) and class and grade figures', async () => {
    expectOk(
      await s.call(examsApi.saveExamAnalysisSettings, {
        schoolId: s.sid,
        meId: s.meId,
        settings: settings(),
        hiddenStudentOrder: '100',
      }),
    );
    const [exam] = expectOk(await myExams());
    const math = exam!.subjects.find((x) => x.courseName === '数学')!;
    expect(math).toMatchObject({
      score: null,
      level: '优秀',
      classRank: 1,
      gradeRank: 1,
      classAverage: null,
      gradeMax: null,
    });
    expect(exam!.total).toMatchObject({ score: null, gradeRank: 1 });
    const paper = expectOk(await myPaper());
    expect(paper.totalScore).toBeNull();
    expect(paper.questions.every((q) => q.score === null && q.gradeAverage === null)).toBe(true);
    expect(paper.questions[0]!.choice).toBe('B');
  });

  it('students cannot read another school, nor use teacher calls', async () => {
    expectForbidden(
      await s.as(s.sessions.student1, examsApi.getUserMultiExamByStudentIdAndSchoolId, {
        schoolId: String(s.other.school.id),
      }),
    );
    expectForbidden(
      await s.as(s.sessions.student1, examsApi.findStudentDetailPaper, {
        schoolId: s.sid,
        seId: s.mathId,
        studentId: String(s.students[0]!.id),
      }),
    );
  });
});

describe('findStudentDetailPaper', () => {
  const paper = (session: ScoresSetup['sessions']['admin'], studentIndex: number, seId = s.mathId) =>
    s.as<StudentPaper>(session, examsApi.findStudentDetailPaper, {
      schoolId: s.sid,
      seId,
      studentId: String(s.students[studentIndex]!.id),
    });

  it('type 5 reads any student of the school, unhidden', async () => {
    const read = expectOk(await paper(s.sessions.admin, 3));
    expect(read).toMatchObject({ courseName: '数学', totalScore: 21, student: { studentNo: '20240201' } });
    expect(read.questions[3]).toMatchObject({ questionNo: '4', score: 7, gradeAverage: 7.8 });
  });

  it('a type-1 teacher reads students of their classes; another class is refused', async () => {
    expect(expectOk(await paper(s.sessions.teacherA, 0)).totalScore).toBe(30);
    expectForbidden(await paper(s.sessions.teacherA, 3));
  });

  it('another school is refused', async () => {
    expectForbidden(
      await s.call(examsApi.findStudentDetailPaper, {
        schoolId: s.sid,
        seId: s.mathId,
        studentId: String(s.otherStudent.id),
      }),
    );
    expectForbidden(
      await s.call(examsApi.findStudentDetailPaper, {
        schoolId: s.sid,
        seId: String(s.otherExam.subjects[0]!.single.id),
        studentId: String(s.otherStudent.id),
      }),
    );
  });
});
