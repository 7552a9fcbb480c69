import { randomUUID } from 'node:crypto';
import type { Endpoint, StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest } from '@huikao/protocol';
import type { FastifyInstance } from 'fastify';
import { login } from './client.ts';
import { makeClass, makeClassTeacher, makeGrade, makeStudent, makeTeacher } from './factories.ts';
import { setUpSchoolBase } from './school-base-fixture.ts';
import { makeExam, type SubjectSpec } from './scores-factories.ts';

export { DEFAULT_SUBJECTS, MATH_QUESTIONS, makeExam, type QuestionSpec, type SubjectSpec } from './scores-factories.ts';

// Exams with scores for the score-side tests (issue #4), built with direct inserts so these tests
// do not depend on the exam set-up calls: grade 8 with two classes, a teacher of each class's
// 数学, students who can sign in, a multi-exam with 数学 (questions of every kind) and 语文
// (total only), and an exam of the second school for the 403 checks.

/**
 * The school base fixture plus: grade 8 (语文, 数学, 英语), classes 八年级(1)班 and (2)班 with
 * `perClass` students each (学号 2024010n / 2024020n), teacher A teaching 数学 in class 1, and the
 * default exam (进行中). The other school has an exam of its own.
 */
export async function setUpScores(options: { perClass?: number; status?: number; subjects?: SubjectSpec[] } = {}) {
  const s = await setUpSchoolBase();
  const { db } = s;
  const today = new Date().toISOString().slice(0, 10);
  const term = s.terms.find((t) => t.startDate <= today && today <= t.endDate) ?? s.terms[0]!;
  await makeGrade(db, s.school.id, 8, [1, 2, 3]);
  const classes = [];
  const students = [];
  for (const n of [1, 2]) {
    const klass = await makeClass(db, {
      schoolId: s.school.id,
      gradeId: 8,
      schoolYearId: s.year.id,
      name: `八年级(${n})班`,
    });
    classes.push(klass);
    for (let i = 1; i <= (options.perClass ?? 3); i++) {
      students.push(
        await makeStudent(db, {
          schoolId: s.school.id,
          classId: klass.id,
          name: `学生${n}-${i}`,
          studentNo: `20240${n}${String(i).padStart(2, '0')}`,
        }),
      );
    }
  }
  const teacherA = await makeTeacher(db, { schoolId: s.school.id, name: '数学甲' });
  await makeClassTeacher(db, {
    schoolId: s.school.id,
    termId: term.id,
    classId: classes[0]!.id,
    teacherId: teacherA.id,
    courseId: 2,
  });
  const exam = await makeExam(db, {
    schoolId: s.school.id,
    schoolYearId: s.year.id,
    termId: term.id,
    status: options.status,
    subjects: options.subjects,
    students: students.map((st) => ({ id: st.id, classId: st.classId })),
  });
  const otherStudent = await makeStudent(db, {
    schoolId: s.other.school.id,
    classId: s.other.class.id,
    name: '外校学生',
  });
  const otherTerm = s.other.terms[0]!;
  const otherExam = await makeExam(db, {
    schoolId: s.other.school.id,
    schoolYearId: s.other.year.id,
    termId: otherTerm.id,
    name: '外校月考',
    students: [{ id: otherStudent.id, classId: otherStudent.classId }],
  });
  const teacherASession = await login(s.t.app, teacherA.phone, teacherA.user.password);
  const studentSession = await login(s.t.app, students[0]!.user.loginName, students[0]!.user.password);
  const math = exam.subjects[0]!;
  return {
    ...s,
    term,
    classes,
    students,
    teacherA,
    exam,
    math,
    chinese: exam.subjects[1],
    otherExam,
    otherStudent,
    sessions: { ...s.sessions, teacherA: teacherASession, student1: studentSession },
    meId: String(exam.multi.id),
    mathId: String(math.single.id),
    /** Question id by 题号 of 数学. */
    q: (no: string) => String(math.byNo.get(no)!.id),
  };
}

export type ScoresSetup = Awaited<ReturnType<typeof setUpScores>>;

/** Calls an encrypted endpoint that answers with a file; `json` is set when it answered with the envelope. */
export async function callFile(app: FastifyInstance, endpoint: Endpoint, params: unknown, session: StoredUser) {
  const request = buildEncryptedRequest(params, session.token, {
    loginName: session.loginName,
    guid: randomUUID(),
    timestamp: Date.now(),
    jwtToken: session.jwtToken,
  });
  const response = await app.inject({
    method: 'POST',
    url: endpoint.path,
    headers: { ...request.headers, 'content-type': request.contentType },
    payload: request.body,
  });
  const isFile = !String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    http: response.statusCode,
    headers: response.headers,
    buffer: response.rawPayload,
    json: isFile ? null : (response.json() as { status: number; message: string; data: unknown }),
  };
}
