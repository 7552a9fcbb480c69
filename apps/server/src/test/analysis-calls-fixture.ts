import { examsApi, type StoredUser } from '@huikao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  auditLog,
  examQuestions,
  multiExams,
  qbNodes,
  qbQuestionNodes,
  qbQuestions,
  qbQuestionTypes,
} from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { CHINESE, MATH, setUpSmallExam } from './analysis-fixture.ts';
import { login } from './client.ts';
import { putScore } from './exams-fixture.ts';
import {
  makeArea,
  makeClassTeacher,
  makeOrganLeader,
  makeSchool,
  makeStudent,
  makeTeacher,
  makeUser,
  relateManager,
} from './factories.ts';
import { expectOk } from './school-base-fixture.ts';
import { makeExam } from './scores-fixture.ts';

// The report calls' tests (issue #5): the small exam of analysis-fixture.ts computed and published,
// and a signed-in reader of every kind the roles document names:
// - admin (type 5), teacherA (type 1, 数学 in class (1)), head2 (班主任 of class (2)), chineseHead
//   (教研组长 of 语文, grade 8), gradeHead (年级主任 of grade 8), principal (校长), student1 (s1 of class (1)),
//   student4 (s4 of class (2)), manager (type 4, relations: both schools of the area), farManager (type 4,
//   a school of another area only), otherAdmin (type 5 of the second school).

export async function setUpReportCalls() {
  const s = await setUpSmallExam();
  const { db, school } = s;
  const [class1, class2] = s.classes as [(typeof s.classes)[number], (typeof s.classes)[number]];
  // Knowledge points on two 数学 questions, and practice questions for them in the shared bank.
  await db
    .update(examQuestions)
    .set({ knowledgePoints: ['一次函数'] })
    .where(eq(examQuestions.id, Number(s.q(s.mathSubject, '1'))));
  await db
    .update(examQuestions)
    .set({ knowledgePoints: ['勾股定理', '一次函数'] })
    .where(eq(examQuestions.id, Number(s.q(s.mathSubject, '3'))));
  const practice = await seedPracticeQuestions(db);
  expectOk(await s.call(examsApi.publishMultiExam, { schoolId: s.sid, meId: s.meId, toStudents: true }));
  await s.analysis.runs.runPending();

  const teacher = async (name: string, type: 1 | 5 = 1, schoolId = school.id) => {
    const row = await makeTeacher(db, { schoolId, name, type });
    return { row, session: await login(s.t.app, row.phone, row.user.password) };
  };
  const head2 = await teacher('班主任乙');
  await makeClassTeacher(db, {
    schoolId: school.id,
    termId: s.term.id,
    classId: class2.id,
    teacherId: head2.row.id,
    isHead: true,
  });
  const chineseHead = await teacher('语文组长');
  await makeOrganLeader(db, { schoolId: school.id, teacherId: chineseHead.row.id, role: 4, gradeId: 8, courseId: 1 });
  const gradeHead = await teacher('年级主任');
  await makeOrganLeader(db, { schoolId: school.id, teacherId: gradeHead.row.id, role: 3, gradeId: 8 });
  const principal = await teacher('校长');
  await makeOrganLeader(db, { schoolId: school.id, teacherId: principal.row.id, role: 1 });
  const otherAdmin = await teacher('外校教务', 5, s.other.school.id);

  const managerUser = await makeUser(db, { schoolId: school.id, type: 4, name: '区域管理员' });
  await relateManager(db, managerUser.id, school.id, school.areaId!);
  await relateManager(db, managerUser.id, s.other.school.id, s.other.school.areaId!);
  const farArea = await makeArea(db, '远方区');
  const farSchool = await makeSchool(db, { name: '远方中学', areaId: farArea.id });
  const farUser = await makeUser(db, { schoolId: farSchool.id, type: 4, name: '远方管理员' });
  await relateManager(db, farUser.id, farSchool.id, farArea.id);
  const student4 = s.students[3]!;

  return {
    ...s,
    class1,
    class2,
    c1: String(class1.id),
    c2: String(class2.id),
    people: {
      admin: s.sessions.admin,
      teacherA: s.sessions.teacherA,
      head2: head2.session,
      chineseHead: chineseHead.session,
      gradeHead: gradeHead.session,
      principal: principal.session,
      student1: s.sessions.student1,
      student4: await login(s.t.app, student4.user.loginName, student4.user.password),
      manager: await login(s.t.app, managerUser.loginName, managerUser.password),
      farManager: await login(s.t.app, farUser.loginName, farUser.password),
      otherAdmin: otherAdmin.session,
    },
    farSchool,
    practice,
    /** Course keys of the small exam: 数学 2, 语文 1. */
    MATH_KEY: '2',
    CHINESE_KEY: '1',
    async setExam(values: Partial<typeof multiExams.$inferInsert>) {
      await db.update(multiExams).set(values).where(eq(multiExams.id, s.exam.multi.id));
    },
  };
}

export type ReportCalls = Awaited<ReturnType<typeof setUpReportCalls>>;

/** Refusals written to the audit log for this login (registerEndpoint logs every 403). */
export async function refusalsOf(s: ReportCalls, session: StoredUser): Promise<number> {
  const [row] = await s.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'permission.refused'), eq(auditLog.actorLoginName, session.loginName)));
  return Number(row?.n ?? 0);
}

/** A 403 with a Chinese message, and one more refusal in the audit log. */
export async function expectRefused(
  s: ReportCalls,
  session: StoredUser,
  request: () => Promise<{ http: number; message: string }>,
): Promise<string> {
  const before = await refusalsOf(s, session);
  const result = await request();
  expect(result.http, result.message).toBe(403);
  expect(result.message).toMatch(/[\u4e00-\u9fa5]/);
  expect(await refusalsOf(s, session)).toBe(before + 1);
  return result.message;
}

/**
 * 数学 (course 2) knowledge points 一次函数 and 勾股定理 with questions linked to them: five on 一次函数
 * (one of them also on 勾股定理), one on 勾股定理 only, one on another point, and one of another school.
 */
async function seedPracticeQuestions(db: Db) {
  const [type] = await db.insert(qbQuestionTypes).values({ courseId: 2, name: '选择题', objective: 1 }).returning();
  const nodes = await db
    .insert(qbNodes)
    .values(
      ['一次函数', '勾股定理', '因式分解'].map((name, i) => ({
        courseId: 2,
        kind: 1,
        name,
        path: name,
        depth: 1,
        sortOrder: i,
      })),
    )
    .returning();
  const node = (name: string) => nodes.find((n) => n.name === name)!.id;
  const specs: { stem: string; points: string[]; schoolId?: number }[] = [
    { stem: '一次函数题1', points: ['一次函数'] },
    { stem: '一次函数题2', points: ['一次函数'] },
    { stem: '一次函数题3', points: ['一次函数'] },
    { stem: '一次函数题4', points: ['一次函数'] },
    { stem: '一次函数与勾股定理', points: ['一次函数', '勾股定理'] },
    { stem: '勾股定理题', points: ['勾股定理'] },
    { stem: '因式分解题', points: ['因式分解'] },
  ];
  const questions: (typeof qbQuestions.$inferSelect)[] = [];
  for (const [i, spec] of specs.entries()) {
    const [q] = await db
      .insert(qbQuestions)
      .values({
        courseId: 2,
        typeId: type!.id,
        difficulty: 3,
        stem: spec.stem,
        origin: 'demo',
        sourceKey: `analysis-test:${i}`,
      })
      .returning();
    await db.insert(qbQuestionNodes).values(spec.points.map((p) => ({ questionId: q!.id, nodeId: node(p) })));
    questions.push(q!);
  }
  return { questions, byStem: (stem: string) => String(questions.find((q) => q.stem === stem)!.id) };
}

/**
 * Makes the small exam a 联考 with an exam of the second school (same papers, two students of its
 * class: 数学 B 30 30 = 80 and C 10 10 = 20, 语文 T 30 40 = 90 and F 10 10 = 20), both finalised,
 * and computes: the union run then has 8 students over 2 schools and 3 classes.
 */
export async function addUnion(s: ReportCalls) {
  const { db } = s;
  const students = [
    await makeStudent(db, { schoolId: s.other.school.id, classId: s.other.class.id, name: '外校甲' }),
    await makeStudent(db, { schoolId: s.other.school.id, classId: s.other.class.id, name: '外校乙' }),
  ];
  const exam = await makeExam(db, {
    schoolId: s.other.school.id,
    schoolYearId: s.other.year.id,
    termId: s.other.terms[0]!.id,
    name: '八年级联考（第二中学）',
    status: 3,
    subjects: [MATH, CHINESE],
    students: students.map((st) => ({ id: st.id, classId: st.classId })),
  });
  const [math, chinese] = exam.subjects as [(typeof exam.subjects)[number], (typeof exam.subjects)[number]];
  const id = (subject: typeof math, no: string) => String(subject.byNo.get(no)!.id);
  const papers: [typeof math, [string, number, number][]][] = [
    [
      math,
      [
        ['B', 30, 30],
        ['C', 10, 10],
      ],
    ],
    [
      chinese,
      [
        ['T', 30, 40],
        ['F', 10, 10],
      ],
    ],
  ];
  for (const [subject, rows] of papers) {
    for (const [i, [choice, q2, q3]] of rows.entries()) {
      await putScore(db, subject.single.id, students[i]!.id, {
        choices: { [id(subject, '1')]: choice },
        scores: { [id(subject, '2')]: q2, [id(subject, '3')]: q3 },
      });
    }
  }
  const unionKey = `union-test-${s.meId}`;
  await db.update(multiExams).set({ unionKey }).where(eq(multiExams.id, s.exam.multi.id));
  await db.update(multiExams).set({ unionKey }).where(eq(multiExams.id, exam.multi.id));
  await s.analysis.runs.runPending();
  return { exam, students, unionKey, otherMeId: String(exam.multi.id) };
}
