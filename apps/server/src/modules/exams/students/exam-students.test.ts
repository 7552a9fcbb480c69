import { examsApi as api, type ExamStudent } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examStudents, scoreRecords, studentScores } from '../../../db/schema.ts';
import { type ExamsSetup, putScore, setUpExams } from '../../../test/exams-fixture.ts';
import { makeClass, makeStudent } from '../../../test/factories.ts';
import { expectFailure, expectForbidden, expectOk, expectRoleRefusals } from '../../../test/school-base-fixture.ts';

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

type Page = { list: ExamStudent[]; total: number };

describe('findExamStudentsBySeId', () => {
  it('pages the exam students by class, filtered by class and keyword', async () => {
    const all = expectOk(
      await s.as<Page>(s.sessions.teacher, api.findExamStudentsBySeId, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
    expect(all.total).toBe(5);
    expect(all.list.find((e) => e.name === '张一')).toMatchObject({
      className: '八(1)班',
      examNo: 'K0101',
      absent: false,
    });
    expect(all.list.slice(0, 3).every((e) => e.className === '八(1)班')).toBe(true);
    const second = expectOk(
      await s.call<Page>(api.findExamStudentsBySeId, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        classId: String(s.classes[1].id),
      }),
    );
    expect(second.list.map((e) => e.name).sort()).toEqual(['李一', '李二']);
    const found = expectOk(
      await s.call<Page>(api.findExamStudentsBySeId, { schoolId: s.sid, seId: s.ids.mathSeId, keyword: '张二' }),
    );
    expect(found.list.map((e) => e.name)).toEqual(['张二']);
    expectForbidden(await s.call(api.findExamStudentsBySeId, { schoolId: s.sid, seId: s.ids.otherSeId }));
    expectFailure(
      await s.call(api.findExamStudentsBySeId, { schoolId: s.sid, seId: s.ids.mathSeId, pageSize: 0 }),
      400,
      '每页至少1条',
    );
  });
});

describe('addExamStudentsByClassIds', () => {
  it('adds the newcomers of a class and keeps those already in', async () => {
    await makeStudent(s.db, { schoolId: s.school.id, classId: s.classes[0].id, name: '新同学' });
    const result = expectOk(
      await s.call(api.addExamStudentsByClassIds, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        classIds: [String(s.classes[0].id)],
      }),
    );
    expect(result).toEqual({ added: 1, total: 6 });
  });

  it('refuses a class of another grade (400) or another school (403)', async () => {
    const seventh = await makeClass(s.db, {
      schoolId: s.school.id,
      gradeId: 7,
      schoolYearId: s.year.id,
      name: '七(1)班',
    });
    expectFailure(
      await s.call(api.addExamStudentsByClassIds, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        classIds: [String(seventh.id)],
      }),
      400,
      '班级“七(1)班”不是该学年的八年级班级',
    );
    expectForbidden(
      await s.call(api.addExamStudentsByClassIds, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        classIds: [String(s.other.class.id)],
      }),
    );
    expectFailure(
      await s.call(api.addExamStudentsByClassIds, { schoolId: s.sid, seId: s.ids.mathSeId, classIds: [] }),
      400,
      '请选择班级',
    );
    await expectRoleRefusals(
      s,
      api.addExamStudentsByClassIds,
      { schoolId: s.sid, seId: s.ids.mathSeId, classIds: [String(s.classes[0].id)] },
      true,
    );
  });
});

describe('updateBatchExamStudent', () => {
  it('sets 考号, 考场 and 缺考; marking 缺考 empties the stored paper with its audit', async () => {
    const student = s.students[2]!;
    await putScore(s.db, s.math.id, student.id, { scores: { [s.questions[3]!.id]: 50 } });
    const [es] = await s.db
      .select()
      .from(examStudents)
      .where(and(eq(examStudents.singleExamId, s.math.id), eq(examStudents.studentId, student.id)));
    expectOk(
      await s.call(api.updateBatchExamStudent, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        students: [{ esId: String(es!.id), absent: true, examNo: 'K9', room: '第3考场' }],
      }),
    );
    const [after] = await s.db.select().from(examStudents).where(eq(examStudents.id, es!.id));
    expect(after).toMatchObject({ absent: true, examNo: 'K9', room: '第3考场' });
    const [score] = await s.db
      .select()
      .from(studentScores)
      .where(and(eq(studentScores.singleExamId, s.math.id), eq(studentScores.studentId, student.id)));
    expect(score).toMatchObject({ totalScore: null, scores: {} });
    const records = await s.db.select().from(scoreRecords).where(eq(scoreRecords.studentId, student.id));
    expect(records.map((r) => r.questionNo).sort()).toEqual(['4', '缺考']);
  });

  it('refuses an exam student of another single exam or school', async () => {
    const [english] = await s.db.select().from(examStudents).where(eq(examStudents.singleExamId, s.english.id));
    expectFailure(
      await s.call(api.updateBatchExamStudent, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        students: [{ esId: String(english!.id), absent: true }],
      }),
      400,
      /不属于该科目考试/,
    );
    expectForbidden(
      await s.call(api.updateBatchExamStudent, {
        schoolId: s.sid,
        seId: s.ids.otherSeId,
        students: [{ esId: String(english!.id), absent: true }],
      }),
    );
    expectFailure(
      await s.call(api.updateBatchExamStudent, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        students: [{ esId: String(english!.id), room: 'x'.repeat(31) }],
      }),
      400,
      '考场最多30个字符',
    );
  });
});

describe('deleteExamStudentByStuIds', () => {
  it('removes the students and their score rows, audited', async () => {
    const student = s.students[0]!;
    await putScore(s.db, s.math.id, student.id, { scores: { [s.questions[3]!.id]: 70 } });
    const result = expectOk(
      await s.call(api.deleteExamStudentByStuIds, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        studentIds: [String(student.id)],
      }),
    );
    expect(result).toEqual({ deleted: 1 });
    const left = await s.db
      .select()
      .from(studentScores)
      .where(and(eq(studentScores.singleExamId, s.math.id), eq(studentScores.studentId, student.id)));
    expect(left).toEqual([]);
    const records = await s.db
      .select()
      .from(scoreRecords)
      .where(and(eq(scoreRecords.studentId, student.id), eq(scoreRecords.reason, '删除考生')));
    expect(records).toMatchObject([{ questionNo: '总分', oldScore: 70, newScore: null }]);
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.action, 'exams.exam-students.delete'));
    expect(audits).toHaveLength(1);
  });

  it('refuses students of another school and students not in the exam', async () => {
    expectFailure(
      await s.call(api.deleteExamStudentByStuIds, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        studentIds: [String(s.students[0]!.id)],
      }),
      422,
      '所选学生都不是该科目考试的考生',
    );
    const stranger = await makeStudent(s.db, { schoolId: s.other.school.id, classId: s.other.class.id });
    expectForbidden(
      await s.call(api.deleteExamStudentByStuIds, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        studentIds: [String(stranger.id)],
      }),
    );
  });
});
