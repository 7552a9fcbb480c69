import { examsApi as api, type ExamQuestion, type QuestionGroup } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiExams, scoreRecords, singleExams, studentScores } from '../../../db/schema.ts';
import { type ExamsSetup, putScore, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk, expectRoleRefusals } from '../../../test/school-base-fixture.ts';

let s: ExamsSetup;
let q: { single: string; multi: string; judge: string; essay: string };
beforeAll(async () => {
  s = await setUpExams();
  const [single, multi, judge, essay] = s.questions.map((row) => String(row.id));
  q = { single: single!, multi: multi!, judge: judge!, essay: essay! };
  // 张一: 1=A (5), 2=AC (5), 3=T (5), 4=80 → 95. 张二: 1=B (0), 2=A (2 partial), 3=F (0), 4=40 → 42.
  await putScore(s.db, s.math.id, s.students[0]!.id, {
    choices: { [q.single]: 'A', [q.multi]: 'AC', [q.judge]: 'T' },
    scores: { [q.essay]: 80 },
  });
  await putScore(s.db, s.math.id, s.students[1]!.id, {
    choices: { [q.single]: 'B', [q.multi]: 'A', [q.judge]: 'F' },
    scores: { [q.essay]: 40 },
  });
});
afterAll(() => s.t.close());

const scoreOf = async (studentId: number) => {
  const [row] = await s.db
    .select()
    .from(studentScores)
    .where(and(eq(studentScores.singleExamId, s.math.id), eq(studentScores.studentId, studentId)));
  return row!;
};
const recordsOf = (source: string) =>
  s.db
    .select()
    .from(scoreRecords)
    .where(and(eq(scoreRecords.singleExamId, s.math.id), eq(scoreRecords.source, source)));

describe('reading the structure', () => {
  it('lists questions and groups in order', async () => {
    const questions = expectOk(
      await s.as<ExamQuestion[]>(s.sessions.teacher, api.findExamQuestionsBySeId, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
      }),
    );
    expect(questions.map((x) => [x.questionNo, x.kind, x.objectiveType, x.answer, x.fullMark])).toEqual([
      ['1', 1, 1, 'A', 5],
      ['2', 1, 2, 'AC', 5],
      ['3', 1, 3, 'T', 5],
      ['4', 2, null, null, 85],
    ]);
    const structure = expectOk(
      await s.call<{ groups: QuestionGroup[] }>(api.findExamQuestionAndGroup, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
      }),
    );
    expect(structure.groups.map((g) => g.name)).toEqual(['一、选择题', '二、解答题']);
    expectForbidden(await s.call(api.findExamQuestionsBySeId, { schoolId: s.sid, seId: s.ids.otherSeId }));
    expectForbidden(
      await s.as(s.sessions.student, api.findExamQuestionsBySeId, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
  });
});

describe('updateBatchExamQuestion re-scores from the key', () => {
  it('a key change re-scores every paper in one go, audited as 答案修改', async () => {
    const result = expectOk(
      await s.call<{ rescored: number }>(api.updateBatchExamQuestion, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        questions: [{ questionId: q.single, answer: 'B' }],
        reason: '答案有误',
      }),
    );
    expect(result.rescored).toBe(2);
    expect((await scoreOf(s.students[0]!.id)).totalScore).toBe(90);
    expect((await scoreOf(s.students[1]!.id)).totalScore).toBe(47);
    const records = await recordsOf('key');
    expect(records.map((r) => [r.studentId, r.questionNo, r.oldScore, r.newScore, r.reason]).sort()).toEqual(
      [
        [s.students[0]!.id, '1', 5, 0, '答案有误'],
        [s.students[1]!.id, '1', 0, 5, '答案有误'],
      ].sort(),
    );
    const [single] = await s.db.select().from(singleExams).where(eq(singleExams.id, s.math.id));
    expect(single!.scoreVersion).toBeGreaterThan(0);
  });

  it('multiple-choice partial credit follows the partial mark', async () => {
    expectOk(
      await s.call(api.updateBatchExamQuestion, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        questions: [{ questionId: q.multi, partialMark: 3 }],
      }),
    );
    const second = await scoreOf(s.students[1]!.id);
    expect(second.scores[q.multi]).toBe(3);
    expect(second.totalScore).toBe(48);
    expect((await scoreOf(s.students[0]!.id)).scores[q.multi]).toBe(5);
  });

  it('refuses letters not allowed, two letters for a single choice, a partial mark not below the full mark', async () => {
    const update = (question: Record<string, unknown>) =>
      s.call(api.updateBatchExamQuestion, { schoolId: s.sid, seId: s.ids.mathSeId, questions: [question] });
    expectFailure(
      await update({ questionId: q.single, answer: 'E' }),
      400,
      /第1题：答案“E”中的 E 不允许，只能是 A、B、C、D/,
    );
    expectFailure(await update({ questionId: q.single, answer: 'AB' }), 400, '第1题：单选题的答案只能是一个字母');
    expectFailure(await update({ questionId: q.judge, answer: 'A' }), 400, /第3题：答案“A”中的 A 不允许/);
    expectFailure(await update({ questionId: q.multi, partialMark: 5 }), 400, '第2题：少选得分必须小于满分 5');
    expectFailure(await update({ questionId: q.single, partialMark: 1 }), 400, '第1题：只有多选题可以设置少选得分');
    expectFailure(await update({ questionId: q.essay, fullMark: 60 }), 422, '第4题已有学生得分 80，满分不能低于该分数');
    expectFailure(await update({ questionId: q.single, answer: '1' }), 400, '答案只能是选项字母 A–H，判断题为 T 或 F');
    expectForbidden(
      await s.call(api.updateBatchExamQuestion, {
        schoolId: s.sid,
        seId: s.ids.otherSeId,
        questions: [{ questionId: q.single, answer: 'A' }],
      }),
    );
    await expectRoleRefusals(
      s,
      api.updateBatchExamQuestion,
      { schoolId: s.sid, seId: s.ids.mathSeId, questions: [{ questionId: q.single, answer: 'A' }] },
      true,
    );
  });
});

describe('saveOrUpdateExamQuestionAndGroup', () => {
  it('replaces the structure: renumbers, adds, deletes (scores dropped, audited as 题目修改)', async () => {
    const structure = expectOk(
      await s.call<{ groups: QuestionGroup[]; questions: ExamQuestion[]; rescored: number }>(
        api.saveOrUpdateExamQuestionAndGroup,
        {
          schoolId: s.sid,
          seId: s.ids.mathSeId,
          groups: [
            { key: String(s.groups[0]!.id), name: '一、选择题' },
            { key: 'new', name: '三、附加题' },
          ],
          questions: [
            // The old 2 and 1 swap numbers; 3 (判断) is left out, so it is deleted.
            {
              questionId: q.multi,
              groupKey: String(s.groups[0]!.id),
              questionNo: '1',
              kind: 1,
              objectiveType: 2,
              optionCount: 4,
              answer: 'CA',
              fullMark: 5,
              partialMark: 3,
            },
            {
              questionId: q.single,
              groupKey: '0',
              questionNo: '2',
              kind: 1,
              objectiveType: 1,
              optionCount: 4,
              answer: 'B',
              fullMark: 5,
            },
            { questionId: q.essay, questionNo: '3', kind: 2, fullMark: 85 },
            { groupKey: 'new', questionNo: '4', kind: 2, fullMark: 10, knowledgePoints: ['函数'] },
          ],
        },
      ),
    );
    expect(structure.questions.map((x) => [x.questionNo, x.answer, x.fullMark])).toEqual([
      ['1', 'AC', 5],
      ['2', 'B', 5],
      ['3', null, 85],
      ['4', null, 10],
    ]);
    expect(structure.groups.map((g) => g.name)).toEqual(['一、选择题', '三、附加题']);
    expect(structure.questions[3]!.groupId).toBe(structure.groups[1]!.groupId);
    expect(structure.questions[2]!.groupId).toBeNull();
    expect(structure.rescored).toBe(2);
    const first = await scoreOf(s.students[0]!.id);
    expect(first.scores[q.judge]).toBeUndefined();
    expect(first.totalScore).toBe(85);
    const deletions = await recordsOf('question');
    expect(deletions.map((r) => [r.studentId, r.questionNo, r.oldScore, r.newScore, r.oldChoice]).sort()).toEqual(
      [
        [s.students[0]!.id, '3', 5, null, 'T'],
        [s.students[1]!.id, '3', 0, null, 'F'],
      ].sort(),
    );
  });

  it('refuses duplicate numbers, an objective question without answer or options, a question of another exam', async () => {
    const save = (questions: Record<string, unknown>[]) =>
      s.call(api.saveOrUpdateExamQuestionAndGroup, { schoolId: s.sid, seId: s.ids.mathSeId, questions });
    expectFailure(
      await save([
        { questionNo: '1', kind: 2, fullMark: 5 },
        { questionNo: '1', kind: 2, fullMark: 5 },
      ]),
      400,
      '题号“1”重复',
    );
    expectFailure(
      await save([{ questionNo: '1', kind: 1, objectiveType: 1, optionCount: 4, fullMark: 5 }]),
      400,
      '第1题：请填写答案',
    );
    expectFailure(
      await save([{ questionNo: '1', kind: 1, objectiveType: 2, answer: 'AB', fullMark: 5 }]),
      400,
      '第1题：请填写选项个数',
    );
    expectFailure(
      await save([{ questionNo: '1', kind: 1, answer: 'A', optionCount: 4, fullMark: 5 }]),
      400,
      '第1题：客观题请选择题型（单选、多选或判断）',
    );
    expectFailure(
      await save([{ questionNo: '1', kind: 1, objectiveType: 3, answer: 'TF', fullMark: 5 }]),
      400,
      '第1题：判断题的答案只能是一个字母',
    );
    expectFailure(
      await save([{ questionNo: '1', kind: 3, fullMark: 5 }]),
      400,
      '题目类型只能是 1（客观题）或 2（主观题）',
    );
    expectFailure(
      await save([{ questionNo: '1', kind: 2, fullMark: 5, groupKey: 'nowhere' }]),
      400,
      '第1题所属的大题不存在',
    );
    expectFailure(
      await save([{ questionId: '99999999', questionNo: '1', kind: 2, fullMark: 5 }]),
      404,
      /题目不存在或已删除/,
    );
    expectForbidden(
      await s.call(api.saveOrUpdateExamQuestionAndGroup, { schoolId: s.sid, seId: s.ids.otherSeId, questions: [] }),
    );
  });
});

describe('deleteExamQuestionsAndScore', () => {
  it('deletes questions and their scores, re-deriving totals', async () => {
    const questions = expectOk(
      await s.call<ExamQuestion[]>(api.findExamQuestionsBySeId, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
    const essay = questions.find((x) => x.questionNo === '3')!;
    const result = expectOk(
      await s.call<{ deleted: number; rescored: number }>(api.deleteExamQuestionsAndScore, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        questionIds: [essay.questionId],
      }),
    );
    expect(result).toEqual({ deleted: 1, rescored: 2 });
    expect((await scoreOf(s.students[0]!.id)).totalScore).toBe(5);
    expect((await scoreOf(s.students[1]!.id)).subjectiveScore).toBe(0);
    expectForbidden(
      await s.call(api.deleteExamQuestionsAndScore, { schoolId: s.sid, seId: s.ids.otherSeId, questionIds: ['1'] }),
    );
    expectFailure(
      await s.call(api.deleteExamQuestionsAndScore, { schoolId: s.sid, seId: s.ids.mathSeId, questionIds: [] }),
      400,
      '请选择题目',
    );
  });

  it('refuses structure changes once the exam is finished', async () => {
    await s.db.update(multiExams).set({ status: 3 }).where(eq(multiExams.id, s.exam.id));
    expectFailure(
      await s.call(api.deleteExamQuestionsAndScore, { schoolId: s.sid, seId: s.ids.mathSeId, questionIds: [q.single] }),
      422,
      /考试已完成并锁定/,
    );
    await s.db.update(multiExams).set({ status: 2 }).where(eq(multiExams.id, s.exam.id));
  });
});
