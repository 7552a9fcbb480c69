import { DEFAULT_SCORE_CONFIG } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import {
  examQuestionGroups,
  examQuestions,
  examStudents,
  multiExams,
  singleExams,
  studentScores,
} from '../db/schema.ts';
import { derivePaper } from '../modules/exams/index.ts';
import { schoolToday } from '../modules/school-base/index.ts';
import type { Db } from '../platform/db.ts';
import { login } from './client.ts';
import { makeClass, makeClassTeacher, makeGrade, makeStudent, makeTeacher } from './factories.ts';
import { setUpSchoolBase } from './school-base-fixture.ts';

// One school with an exam in progress, for every exams test (issue #4). Built with plain inserts,
// not through the exams calls, so a test of one call never depends on another call working.
//
// School: 八年级 (gradeId 8) with 数学 (2), 英语 (3) and 物理 (4); classes 八(1) and 八(2) in the
// current school year; five students (three in 八(1), two in 八(2)); a type-1 teacher who teaches
// 数学 in 八(1) in the current term (`sessions.mathTeacher`).
// Exam: "八年级期中考试", status 2 进行中, with two single exams, 数学 (100, four questions: 单选,
// 多选 with partial mark, 判断, 解答) and 英语 (100, no questions: total-only), every student in both.
// Another school's multi-exam and single exam exist for the 403 cases.

export const MATH = 2;
export const ENGLISH = 3;
export const PHYSICS = 4;

export async function setUpExams(appOptions: Parameters<typeof setUpSchoolBase>[0] = {}) {
  const s = await setUpSchoolBase(appOptions);
  const { db, school } = s;
  const today = schoolToday();
  const term = s.terms.find((t) => t.startDate <= today && today <= t.endDate) ?? s.terms[0]!;
  const grade = await makeGrade(db, school.id, 8, [MATH, ENGLISH, PHYSICS]);
  const class1 = await makeClass(db, { schoolId: school.id, gradeId: 8, schoolYearId: s.year.id, name: '八(1)班' });
  const class2 = await makeClass(db, { schoolId: school.id, gradeId: 8, schoolYearId: s.year.id, name: '八(2)班' });
  const students = [
    await makeStudent(db, { schoolId: school.id, classId: class1.id, name: '张一', examNo: 'K0101' }),
    await makeStudent(db, { schoolId: school.id, classId: class1.id, name: '张二' }),
    await makeStudent(db, { schoolId: school.id, classId: class1.id, name: '张三' }),
    await makeStudent(db, { schoolId: school.id, classId: class2.id, name: '李一' }),
    await makeStudent(db, { schoolId: school.id, classId: class2.id, name: '李二' }),
  ];
  const mathTeacherRow = await makeTeacher(db, { schoolId: school.id, name: '赵数学' });
  await makeClassTeacher(db, {
    schoolId: school.id,
    termId: term.id,
    classId: class1.id,
    teacherId: mathTeacherRow.id,
    courseId: MATH,
  });
  const mathTeacher = await login(s.t.app, mathTeacherRow.phone, mathTeacherRow.user.password);

  const exam = await makeMultiExam(db, {
    schoolId: school.id,
    schoolYearId: s.year.id,
    termId: term.id,
    gradeId: 8,
    name: '八年级期中考试',
    status: 2,
  });
  const math = await makeSingleExam(db, { multi: exam, courseId: MATH, students });
  const english = await makeSingleExam(db, { multi: exam, courseId: ENGLISH, students });
  const groups = await db
    .insert(examQuestionGroups)
    .values([
      { schoolId: school.id, singleExamId: math.id, name: '一、选择题', sortOrder: 1 },
      { schoolId: school.id, singleExamId: math.id, name: '二、解答题', sortOrder: 2 },
    ])
    .returning();
  const q = (values: Partial<typeof examQuestions.$inferInsert> & { questionNo: string; sortOrder: number }) => ({
    schoolId: school.id,
    singleExamId: math.id,
    kind: 1,
    fullMark: 5,
    ...values,
  });
  const questions = await db
    .insert(examQuestions)
    .values([
      q({ questionNo: '1', sortOrder: 1, groupId: groups[0]!.id, objectiveType: 1, optionCount: 4, answer: 'A' }),
      q({
        questionNo: '2',
        sortOrder: 2,
        groupId: groups[0]!.id,
        objectiveType: 2,
        optionCount: 4,
        answer: 'AC',
        partialMark: 2,
      }),
      q({ questionNo: '3', sortOrder: 3, groupId: groups[0]!.id, objectiveType: 3, answer: 'T' }),
      q({ questionNo: '4', sortOrder: 4, groupId: groups[1]!.id, kind: 2, fullMark: 85 }),
    ])
    .returning();

  // Another school's exam, whose ids every call must refuse with HTTP 403.
  const otherExam = await makeMultiExam(db, {
    schoolId: s.other.school.id,
    schoolYearId: s.other.year.id,
    termId: s.other.terms[0]!.id,
    gradeId: 8,
    name: '外校考试',
    status: 2,
  });
  const otherSingle = await makeSingleExam(db, { multi: otherExam, courseId: MATH, students: [] });

  return {
    ...s,
    term,
    grade,
    classes: [class1, class2] as const,
    students,
    mathTeacherRow,
    sessions: { ...s.sessions, mathTeacher },
    exam,
    math,
    english,
    groups,
    questions,
    other: { ...s.other, exam: otherExam, single: otherSingle },
    ids: {
      meId: String(exam.id),
      mathSeId: String(math.id),
      englishSeId: String(english.id),
      otherMeId: String(otherExam.id),
      otherSeId: String(otherSingle.id),
    },
  };
}

export type ExamsSetup = Awaited<ReturnType<typeof setUpExams>>;

export async function makeMultiExam(
  db: Db,
  options: {
    schoolId: number;
    schoolYearId: number;
    termId: number;
    gradeId: number;
    name?: string;
    status?: number;
    examType?: number;
    startDate?: string;
    endDate?: string;
  },
) {
  const today = schoolToday();
  const [row] = await db
    .insert(multiExams)
    .values({
      schoolId: options.schoolId,
      schoolYearId: options.schoolYearId,
      termId: options.termId,
      gradeId: options.gradeId,
      name: options.name ?? '测试考试',
      examType: options.examType ?? 2,
      startDate: options.startDate ?? today,
      endDate: options.endDate ?? today,
      status: options.status ?? 1,
      settings: { ...DEFAULT_SCORE_CONFIG, classIds: [], elaId: null },
    })
    .returning();
  return row!;
}

/** A single exam of the multi-exam with these students sitting it (examNo from the student). */
export async function makeSingleExam(
  db: Db,
  options: {
    multi: typeof multiExams.$inferSelect;
    courseId: number;
    fullMark?: number;
    students: { id: number; classId: number; examNo: string | null; studentNo: string }[];
  },
) {
  const [row] = await db
    .insert(singleExams)
    .values({
      schoolId: options.multi.schoolId,
      multiExamId: options.multi.id,
      courseId: options.courseId,
      fullMark: options.fullMark ?? 100,
      status: options.multi.status >= 2 ? Math.min(options.multi.status, 3) : 1,
    })
    .returning();
  if (options.students.length > 0) {
    await db.insert(examStudents).values(
      options.students.map((st) => ({
        schoolId: options.multi.schoolId,
        singleExamId: row!.id,
        studentId: st.id,
        classId: st.classId,
        examNo: st.examNo ?? st.studentNo,
      })),
    );
  }
  return row!;
}

/**
 * Writes one student's score row directly, derived with the current structure (derivePaper), as
 * the score writers store it. `choices`/`scores` are keyed by question id.
 */
export async function putScore(
  db: Db,
  seId: number,
  studentId: number,
  paper: { choices?: Record<string, string>; scores?: Record<string, number>; totalScore?: number | null },
) {
  const [es] = await db
    .select()
    .from(examStudents)
    .where(and(eq(examStudents.singleExamId, seId), eq(examStudents.studentId, studentId)));
  if (!es) throw new Error(`student ${studentId} does not sit single exam ${seId}`);
  const questions = await db
    .select()
    .from(examQuestions)
    .where(eq(examQuestions.singleExamId, seId))
    .orderBy(examQuestions.sortOrder);
  const derived = derivePaper(questions, {
    scores: paper.scores ?? {},
    choices: paper.choices ?? {},
    totalScore: paper.totalScore ?? null,
    absent: es.absent,
  });
  const [row] = await db
    .insert(studentScores)
    .values({
      schoolId: es.schoolId,
      singleExamId: seId,
      examStudentId: es.id,
      studentId,
      scores: derived.scores,
      choices: derived.choices,
      objectiveScore: derived.objectiveScore,
      subjectiveScore: derived.subjectiveScore,
      totalScore: derived.totalScore,
      totalOnly: derived.totalOnly,
    })
    .returning();
  return row!;
}
