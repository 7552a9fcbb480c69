import type { StoredUser } from '@huikao/contracts';
import { markingSetupApi } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examStudents, multiExams, scanBatches, scanFiles, scanPages } from '../../../db/schema.ts';
import { newKey } from '../../../platform/storage.ts';
import { login } from '../../../test/client.ts';
import { putScore } from '../../../test/exams-fixture.ts';
import { makeStudent } from '../../../test/factories.ts';
import { setUpMarking } from '../../../test/marking-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// The scanned sheet with the score per question (examStudentContent/findStudentSheet, issue #17
// item 7): shown exactly where the exams' paper is readable. 张一 (八(1)) has a two-page sheet and
// scores; 李一 (八(2)) scores but no sheet; 赵数学 teaches 数学 in 八(1) only.

type Sheet = {
  pages: { pageNo: number; url: string }[];
  questions: { questionId: string; questionNo: string; fullMark: number; score: number | null }[];
  totalScore: number | null;
};

let s: Awaited<ReturnType<typeof setUpMarking>>;
let zhang: StoredUser;
let li: StoredUser;
const keys = [newKey('scans', 'zhang-1.jpg'), newKey('scans', 'zhang-2.jpg')];

async function addPage(esId: number, pageNo: number, key: string, batchId: number) {
  const [file] = await s.db
    .insert(scanFiles)
    .values({
      schoolId: s.school.id,
      singleExamId: s.math.id,
      batchId,
      fileName: key,
      size: 1,
      sha256: key.slice(-40),
      status: 'stored',
      pageCount: 1,
    })
    .returning();
  await s.db.insert(scanPages).values({
    schoolId: s.school.id,
    singleExamId: s.math.id,
    batchId,
    fileId: file!.id,
    pageIndex: 0,
    pageNo,
    sourceKey: key,
    sourceFormat: 'jpeg',
    checksum: key,
    status: 'done',
    outcome: 'read',
    examStudentId: esId,
    result: {
      questions: [],
      examNoDigits: null,
      barcode: null,
      absentShare: null,
      skewDegrees: 0,
      measuredDpi: 200,
      crops: [],
    },
  });
}

const publish = (fields: Partial<typeof multiExams.$inferInsert>) =>
  s.db.update(multiExams).set(fields).where(eq(multiExams.id, s.exam.id));

beforeAll(async () => {
  s = await setUpMarking();
  const [zhangRow, , , liRow] = s.students;
  zhang = await login(s.t.app, zhangRow!.user.loginName, zhangRow!.user.password);
  li = await login(s.t.app, liRow!.user.loginName, liRow!.user.password);
  const [q1, , , q4] = s.questions;
  await putScore(s.db, s.math.id, zhangRow!.id, { choices: { [q1!.id]: 'A' }, scores: { [q4!.id]: 60 } });
  await putScore(s.db, s.math.id, liRow!.id, { choices: { [q1!.id]: 'B' }, scores: { [q4!.id]: 40 } });
  const [batch] = await s.db
    .insert(scanBatches)
    .values({ schoolId: s.school.id, singleExamId: s.math.id, createdBy: s.adminTeacher.user.id })
    .returning();
  const [es] = await s.db.select().from(examStudents).where(eq(examStudents.studentId, zhangRow!.id));
  // Stored out of order: the call gives them by page number.
  await addPage(es!.id, 2, keys[1]!, batch!.id);
  await addPage(es!.id, 1, keys[0]!, batch!.id);
}, 180_000);
afterAll(() => s.t.close());

const sheetOf = (session: StoredUser, studentId?: number) =>
  s.as<Sheet>(session, markingSetupApi.studentSheet, {
    seId: s.ids.mathSeId,
    ...(studentId === undefined ? {} : { studentId: String(studentId) }),
  });

describe('a student', () => {
  it('sees nothing before the exam is published to students', async () => {
    expectForbidden(await sheetOf(zhang));
    await publish({ status: 4, publishedToStudents: false });
    expectForbidden(await sheetOf(zhang));
  });

  it('then sees their own pages (signed links, by page number) and the score per question', async () => {
    await publish({ status: 4, publishedToStudents: true, hiddenStudentOrder: '111' });
    // Another student's id is ignored: a student always gets their own sheet.
    const sheet = expectOk(await sheetOf(zhang, s.students[3]!.id));
    expect(sheet.pages.map((p) => p.pageNo)).toEqual([1, 2]);
    sheet.pages.forEach((page, i) => {
      expect(page.url).toMatch(new RegExp(`^/files/${keys[i]}\\?expires=\\d+&signature=`));
    });
    const byNo = Object.fromEntries(sheet.questions.map((q) => [q.questionNo, q]));
    expect(byNo['1']).toMatchObject({ fullMark: 5, score: 5 });
    expect(byNo['4']).toMatchObject({ fullMark: 85, score: 60 });
    expect(sheet.totalScore).toBe(65);
    // 李一 was not scanned: scores, no pages.
    const other = expectOk(await sheetOf(li));
    expect(other.pages).toEqual([]);
    expect(other.totalScore).toBe(40);
  });

  it('sees the sheet without scores when the exam hides scores', async () => {
    await publish({ hiddenStudentOrder: '101' });
    const sheet = expectOk(await sheetOf(zhang));
    expect(sheet.pages).toHaveLength(2);
    expect(sheet.totalScore).toBeNull();
    expect(sheet.questions.every((q) => q.score === null)).toBe(true);
    await publish({ hiddenStudentOrder: '111' });
  });
});

describe('teachers', () => {
  it('a course teacher reads the students of the classes they teach, not another class', async () => {
    const sheet = expectOk(await sheetOf(s.sessions.mathTeacher, s.students[0]!.id));
    expect(sheet.pages).toHaveLength(2);
    expect(sheet.totalScore).toBe(65);
    expectForbidden(await sheetOf(s.sessions.mathTeacher, s.students[3]!.id));
    // A teacher of the school who teaches neither class.
    expectForbidden(await sheetOf(s.sessions.teacher, s.students[0]!.id));
  });

  it('the administrator reads any student of the school; an unknown student is not found', async () => {
    expect(expectOk(await sheetOf(s.sessions.admin, s.students[3]!.id)).totalScore).toBe(40);
    expectFailure(await sheetOf(s.sessions.admin, 999_999), 404, '学生不存在');
    expectForbidden(await sheetOf(s.sessions.manager, s.students[0]!.id));
  });

  it('another school is refused (403): its student, its exam, its teacher', async () => {
    const stranger = await makeStudent(s.db, {
      schoolId: s.other.school.id,
      classId: s.other.class.id,
      name: '外校生',
    });
    expectForbidden(await sheetOf(s.sessions.admin, stranger.id));
    expectForbidden(
      await s.call(markingSetupApi.studentSheet, { seId: s.ids.otherSeId, studentId: String(s.students[0]!.id) }),
    );
    const outsider = await login(s.t.app, s.other.teacher.phone, s.other.teacher.user.password);
    expectForbidden(await sheetOf(outsider, s.students[0]!.id));
  });
});
