import { examsApi, type ScoreRecord, type StudentScore } from '@huikao/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examQuestions, scoreRecords, singleExams, studentScores } from '../../../db/schema.ts';
import { makeStudent } from '../../../test/factories.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { type QuestionSpec, type ScoresSetup, setUpScores } from '../../../test/scores-fixture.ts';

// Issue #21 item 2: score writes racing on one paper. On PostgreSQL the calls below really run in
// parallel (a pool of connections); on PGlite one transaction runs at a time, so they pass there
// trivially. Either way the result must equal the serial one, with one score record per real change.

const QUESTIONS: QuestionSpec[] = Array.from({ length: 25 }, (_, i) => ({
  questionNo: String(i + 1),
  kind: 2,
  fullMark: 10,
}));

let s: ScoresSetup;
beforeAll(async () => {
  s = await setUpScores({ perClass: 10, subjects: [{ courseId: 2, fullMark: 250, questions: QUESTIONS }] });
});
afterAll(() => s.t.close());

const stu = (i: number) => s.students[i]!.id;
const card = (studentId: number, scores: Record<string, number>) =>
  s.call<StudentScore>(examsApi.updateStudentCardScores, {
    schoolId: s.sid,
    seId: s.mathId,
    score: { studentId: String(studentId), scores },
  });
const recordsOf = (studentId: number) =>
  s.db
    .select()
    .from(scoreRecords)
    .where(and(eq(scoreRecords.singleExamId, s.math.single.id), eq(scoreRecords.studentId, studentId)));
const paperOf = async (studentId: number) =>
  (
    await s.db
      .select()
      .from(studentScores)
      .where(and(eq(studentScores.singleExamId, s.math.single.id), eq(studentScores.studentId, studentId)))
  )[0]!;
const scoreVersion = async () =>
  (await s.db.select().from(singleExams).where(eq(singleExams.id, s.math.single.id)))[0]!.scoreVersion;
const audits = () => s.db.select().from(auditLog).where(like(auditLog.action, 'exams.scores.%'));

describe('parallel score writes on one paper', () => {
  it('keeps every question of 25 parallel card saves, each a different question', async () => {
    const versionBefore = await scoreVersion();
    const auditsBefore = (await audits()).length;
    const results = await Promise.all(QUESTIONS.map((_, i) => card(stu(0), { [s.q(String(i + 1))]: i % 10 })));
    for (const result of results) expectOk(result);
    const paper = await paperOf(stu(0));
    expect(Object.keys(paper.scores)).toHaveLength(25);
    expect(paper.totalScore).toBe(QUESTIONS.reduce((sum, _, i) => sum + (i % 10), 0));
    expect(await recordsOf(stu(0))).toHaveLength(25);
    expect(await scoreVersion()).toBe(versionBefore + 25);
    expect((await audits()).length - auditsBefore).toBe(25);
  });

  it('records one change for 50 identical saves', async () => {
    const versionBefore = await scoreVersion();
    const auditsBefore = (await audits()).length;
    const results = await Promise.all(Array.from({ length: 50 }, () => card(stu(1), { [s.q('1')]: 7 })));
    for (const result of results) expect(expectOk(result).scores[s.q('1')]).toBe(7);
    expect(await recordsOf(stu(1))).toHaveLength(1);
    expect(await scoreVersion()).toBe(versionBefore + 1);
    expect((await audits()).length - auditsBefore).toBe(1);
  });

  it('keeps every write when a whole-grid save and card saves of the same students race', async () => {
    const students = [stu(2), stu(3), stu(4), stu(5)];
    const grid = (q: string, value: number) =>
      s.call(examsApi.updateSingleStudentsAndScores, {
        schoolId: s.sid,
        seId: s.mathId,
        // The grid lists students in reverse order, the cards in order: locks must not deadlock.
        scores: [...students].reverse().map((id) => ({ studentId: String(id), scores: { [s.q(q)]: value } })),
      });
    const calls = [
      ...Array.from({ length: 10 }, (_, i) => grid(String(i + 1), 5)),
      ...students.flatMap((id) => Array.from({ length: 10 }, (_, i) => card(id, { [s.q(String(i + 11))]: 4 }))),
    ];
    for (const result of await Promise.all(calls)) expectOk(result);
    for (const id of students) {
      const paper = await paperOf(id);
      expect(Object.keys(paper.scores)).toHaveLength(20);
      expect(paper.totalScore).toBe(10 * 5 + 10 * 4);
      expect(await recordsOf(id)).toHaveLength(20);
    }
  });

  it('seats a student once when 20 parallel adds of the same student each set a question', async () => {
    const student = await makeStudent(s.db, { schoolId: s.school.id, classId: s.classes[0]!.id, name: '插班生' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.call<StudentScore>(examsApi.addSingleStudentAndScores, {
          schoolId: s.sid,
          seId: s.mathId,
          score: { studentId: String(student.id), scores: { [s.q(String(i + 1))]: 3 } },
        }),
      ),
    );
    for (const result of results) expectOk(result);
    const paper = await paperOf(student.id);
    expect(Object.keys(paper.scores)).toHaveLength(20);
    expect(paper.totalScore).toBe(60);
    expect(await recordsOf(student.id)).toHaveLength(20);
  });

  it('never stores a score above a full mark lowered while cards are saved', async () => {
    const q25 = s.math.byNo.get('25')!.id;
    const students = Array.from({ length: 12 }, (_, i) => stu(6 + i));
    const [lower, ...cards] = await Promise.all([
      s.call(examsApi.updateBatchExamQuestion, {
        schoolId: s.sid,
        seId: s.mathId,
        questions: [{ questionId: String(q25), fullMark: 5 }],
      }),
      ...students.map((id) => card(id, { [String(q25)]: 9 })),
    ]);
    const [question] = await s.db.select().from(examQuestions).where(eq(examQuestions.id, q25));
    const stored = await Promise.all(students.map(async (id) => (await paperOf(id))?.scores[String(q25)]));
    // Serially, either the cards came first (the mark is refused) or the mark (the cards are refused).
    for (const value of stored) if (value !== undefined) expect(value).toBeLessThanOrEqual(question!.fullMark);
    if (lower!.status === 200) expect(cards.every((c) => c.status !== 200)).toBe(true);
  });

  it('applies a correction once when it is approved twice at the same time', async () => {
    const request = expectOk(
      await s.call<ScoreRecord>(examsApi.saveScoreRecord, {
        schoolId: s.sid,
        seId: s.mathId,
        studentId: String(stu(18)),
        questionId: s.q('3'),
        newScore: 6,
        reason: '复核',
      }),
    );
    const approvals = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.call(examsApi.updateSESQRecordToStuScoreByIds, { schoolId: s.sid, recordIds: [request.recordId] }),
      ),
    );
    expect(approvals.filter((a) => a.status === 200)).toHaveLength(1);
    const applied = (await recordsOf(stu(18))).filter((r) => r.status === 2);
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ questionNo: '3', oldScore: null, newScore: 6 });
    expect((await paperOf(stu(18))).scores[s.q('3')]).toBe(6);
  });
});
