import { examsApi, type StoredUser } from '@huikao/contracts';
import { analysisModule } from './analysis-fixture.ts';
import { login } from './client.ts';
import {
  makeClass,
  makeClassTeacher,
  makeGrade,
  makeOrganLeader,
  makeStudent,
  makeTeacher,
  makeUser,
  relateManager,
} from './factories.ts';
import { expectOk, setUpSchoolBase } from './school-base-fixture.ts';
import { makeExam } from './scores-factories.ts';

// The school of the scope matrix (roles-and-permissions.md): two grades, three classes, two courses.
// 八年级(1)班 and (2)班 sit the grade-8 exam, 七年级(1)班 the grade-7 exam; both exams have 语文 (course 1)
// and 数学 (course 2), total-only, two students a class, scored, finalised, published and computed. One signed-in reader of every role and leader
// kind the roles document names, and a teacher of another school.

export const CHINESE = 1;
export const MATH = 2;

export type Reader =
  | 'admin'
  | 'mathTeacher'
  | 'classHead'
  | 'gradeHead'
  | 'chineseHead'
  | 'principal'
  | 'student'
  | 'manager'
  | 'otherTeacher';

export async function setUpScoreScope() {
  const s = await setUpSchoolBase();
  const { db, school } = s;
  const term = s.terms.find((t) => t.startDate <= today() && today() <= t.endDate) ?? s.terms[0]!;
  await makeGrade(db, school.id, 8, [CHINESE, MATH]);
  await makeGrade(db, school.id, 7, [CHINESE, MATH]);
  const classOf = async (gradeId: number, name: string) => {
    const klass = await makeClass(db, { schoolId: school.id, gradeId, schoolYearId: s.year.id, name });
    const students = [];
    for (const n of [1, 2]) {
      students.push(await makeStudent(db, { schoolId: school.id, classId: klass.id, name: `${name}学生${n}` }));
    }
    return { klass, students };
  };
  const c81 = await classOf(8, '八年级(1)班');
  const c82 = await classOf(8, '八年级(2)班');
  const c71 = await classOf(7, '七年级(1)班');
  const subjects = [
    { courseId: CHINESE, fullMark: 120, questions: [] },
    { courseId: MATH, fullMark: 120, questions: [] },
  ];
  const examOf = (gradeId: number, name: string, sitting: (typeof c81)[]) =>
    makeExam(db, {
      schoolId: school.id,
      schoolYearId: s.year.id,
      termId: term.id,
      gradeId,
      name,
      subjects,
      students: sitting.flatMap((c) => c.students.map((st) => ({ id: st.id, classId: st.classId }))),
    });
  const exam8 = await examOf(8, '八年级月考', [c81, c82]);
  const exam7 = await examOf(7, '七年级月考', [c71]);
  // Scores entered, finalised, published and computed, so the report calls read them too.
  const analysis = analysisModule(db);
  for (const [exam, sitting] of [
    [exam8, [c81, c82]],
    [exam7, [c71]],
  ] as const) {
    for (const subject of exam.subjects) {
      const scores = sitting.flatMap((c) =>
        c.students.map((st, i) => ({ studentId: String(st.id), totalScore: 80 + i })),
      );
      expectOk(
        await s.call(examsApi.updateSingleStudentsAndScores, {
          schoolId: s.sid,
          seId: String(subject.single.id),
          scores,
        }),
      );
    }
    const meId = String(exam.multi.id);
    expectOk(await s.call(examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId }));
    expectOk(await s.call(examsApi.publishMultiExam, { schoolId: s.sid, meId, toStudents: false }));
  }
  await analysis.runs.runPending();

  const teacher = async (name: string, type: 1 | 5 = 1, schoolId = school.id) => {
    const row = await makeTeacher(db, { schoolId, name, type });
    return { row, session: await login(s.t.app, row.phone, row.user.password) };
  };
  const link = (teacherId: number, classId: number, courseId?: number, isHead = false) =>
    makeClassTeacher(db, { schoolId: school.id, termId: term.id, classId, teacherId, courseId, isHead });
  // Like the demo's teacher01: 数学 in 八年级(1)(2), nothing else.
  const mathTeacher = await teacher('数学老师');
  await link(mathTeacher.row.id, c81.klass.id, MATH);
  await link(mathTeacher.row.id, c82.klass.id, MATH);
  const classHead = await teacher('班主任');
  await link(classHead.row.id, c82.klass.id, undefined, true);
  const gradeHead = await teacher('八年级主任');
  await makeOrganLeader(db, { schoolId: school.id, teacherId: gradeHead.row.id, role: 3, gradeId: 8 });
  // 教研组长 of 语文 with no grade: 语文 of every grade.
  const chineseHead = await teacher('语文组长');
  await makeOrganLeader(db, { schoolId: school.id, teacherId: chineseHead.row.id, role: 4, courseId: CHINESE });
  const principal = await teacher('校长');
  await makeOrganLeader(db, { schoolId: school.id, teacherId: principal.row.id, role: 1 });
  const otherTeacher = await teacher('外校教务', 5, s.other.school.id);
  const studentUser = c81.students[0]!.user;
  const managerUser = await makeUser(db, { schoolId: school.id, type: 4 });
  await relateManager(db, managerUser.id, school.id, school.areaId!);

  const readers: Record<Reader, StoredUser> = {
    admin: s.sessions.admin,
    mathTeacher: mathTeacher.session,
    classHead: classHead.session,
    gradeHead: gradeHead.session,
    chineseHead: chineseHead.session,
    principal: principal.session,
    student: await login(s.t.app, studentUser.loginName, studentUser.password),
    manager: await login(s.t.app, managerUser.loginName, managerUser.password),
    otherTeacher: otherTeacher.session,
  };
  return { ...s, term, classes: { c81, c82, c71 }, exams: { exam8, exam7 }, readers };
}

export type ScoreScope = Awaited<ReturnType<typeof setUpScoreScope>>;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
