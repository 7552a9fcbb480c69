import { authApi, examsApi, questionBankApi, questionBankUserApi, schoolBaseApi } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallResult, call, upload } from '../test/client.ts';
import { type SchoolBaseSetup, setUpSchoolBase } from '../test/school-base-fixture.ts';

// Issue #21 item 8: a NUL byte in a text, a lone UTF-16 surrogate in a name and an impossible
// date answered 500. The contracts' text and date schemas refuse them with a Chinese message.

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
});
afterAll(() => s.t.close());

function expectRefused(answer: CallResult, message: string) {
  expect({ http: answer.http, status: answer.status, message: answer.message }).toEqual({
    http: 200,
    status: 400,
    message,
  });
}

describe('text and dates the database cannot take are refused with a Chinese message', () => {
  it('a NUL byte in a login name, before any session', async () => {
    const answer = await call(s.t.app, authApi.userLogin, { loginName: 'admin\u0000', password: 'x' });
    expectRefused(answer, '账号不能包含控制字符');
  });

  it('a NUL byte in a search keyword', async () => {
    const { teacher, admin } = s.sessions;
    const fast = await call(
      s.t.app,
      questionBankApi.getFast,
      { courseId: '2', keyword: '函数\u0000' },
      { session: teacher },
    );
    expectRefused(fast, '关键字不能包含控制字符');
    const papers = await call(s.t.app, questionBankApi.getPapers, { keyword: '\u0000' }, { session: teacher });
    expectRefused(papers, '关键字不能包含控制字符');
    const students = await call(
      s.t.app,
      schoolBaseApi.students,
      { schoolId: s.sid, keyword: 'a\u0000' },
      { session: admin },
    );
    expectRefused(students, '搜索关键字不能包含控制字符');
  });

  it('a NUL byte or a lone surrogate in a name', async () => {
    const year = { schoolId: s.sid, startDate: '2030-09-01', endDate: '2031-08-31' };
    expectRefused(
      await s.call(schoolBaseApi.addSchoolYear, { ...year, name: '学年\u0000' }),
      '学年名称不能包含控制字符',
    );
    expectRefused(await s.call(schoolBaseApi.addSchoolYear, { ...year, name: '学年\ud800' }), '学年名称包含无效字符');
    const term = s.terms[0]!;
    const exam = {
      schoolId: s.sid,
      name: '期中\udc00',
      schyId: String(s.year.id),
      termId: String(term.id),
      gradeId: '8',
      examType: 2,
      startDate: '2026-11-01',
      endDate: '2026-11-02',
    };
    expectRefused(await s.call(examsApi.saveMultiExam, exam), '考试名称包含无效字符');
  });

  it('an impossible date', async () => {
    const exam = {
      schoolId: s.sid,
      name: '期中考试',
      schyId: String(s.year.id),
      termId: String(s.terms[0]!.id),
      gradeId: '8',
      examType: 2,
      startDate: '2026-02-30',
      endDate: '2026-03-02',
    };
    expectRefused(await s.call(examsApi.saveMultiExam, exam), '开始日期 2026-02-30 不是有效日期');
    const sgt = await call(
      s.t.app,
      authApi.findSGTByDate,
      { schoolId: s.sid, date: '2026-02-30' },
      {
        session: s.sessions.student,
      },
    );
    expectRefused(sgt, '日期 2026-02-30 不是有效日期');
    const admin = s.sessions.admin;
    const owner = { userId: '1', schoolId: s.sid };
    const papers = await call(
      s.t.app,
      questionBankUserApi.getUserPapers,
      { ...owner, startDate: '2026-02-30' },
      {
        session: admin,
      },
    );
    expectRefused(papers, '开始日期 2026-02-30 不是有效日期');
  });

  it('a NUL byte in an uploaded file name', async () => {
    const answer = await upload(
      s.t.app,
      schoolBaseApi.importPreview,
      { schoolId: s.sid, kind: 'students', termId: String(s.terms[0]!.id) },
      { fileName: '学生\u0000名单.xlsx', buffer: Buffer.from('not really a workbook') },
      { session: s.sessions.admin },
    );
    expect(answer).toMatchObject({ http: 200, status: 400, message: '文件名不能包含控制字符' });
  });
});

describe("the protocol's own text fields", () => {
  it('a NUL byte in the signed loginName or guid of a form envelope is refused, not stored', async () => {
    const teacher = s.sessions.teacher;
    const params = { courseId: '2' };
    const byName = await call(s.t.app, questionBankApi.getBase, params, {
      session: teacher,
      loginName: `${teacher.loginName}\u0000`,
    });
    expect(byName).toMatchObject({ http: 400, status: 400, message: '签名字段 loginName 不能包含控制字符' });
    const byGuid = await call(s.t.app, questionBankApi.getBase, params, { session: teacher, guid: 'g\u0000uid' });
    expect(byGuid).toMatchObject({ http: 400, status: 400, message: '签名字段 guid 不能包含控制字符' });
  });
});

describe('imported rows', () => {
  it('a NUL byte in a cell of a row to import is refused, naming the cell', async () => {
    const answer = await s.call(schoolBaseApi.batchAddStudents, {
      schoolId: s.sid,
      rows: [{ values: { '姓名*': '钱\u0000五', 性别: '女', 学号: 'S2025005', 班级: '八年级(1)班' } }],
    });
    expectRefused(answer, '单元格不能包含控制字符');
  });
});
