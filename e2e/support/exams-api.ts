import {
  authApi,
  type Endpoint,
  type ExamStudent,
  examsApi,
  type MultiExam,
  type QuestionInput,
  type SchoolClass,
  type SchoolGrade,
  type SchoolYearTerm,
  type StoredUser,
  schoolBaseApi,
} from '@huikao/contracts';
import { DEMO_PASSWORD } from './accounts.ts';
import { callApi } from './api.ts';
import { baseURL } from './browser.ts';

// Exams set up from the test process through the real calls, as a second device of admin01 would:
// the browser flows then start from an exam in the state they need.

/** An encrypted call that must succeed; its data, typed by the caller. */
export async function ok<T>(endpoint: Endpoint, params: unknown, session: StoredUser): Promise<T> {
  const answer = await callApi(endpoint, params, session);
  if (answer.http !== 200 || answer.status !== 200) {
    throw new Error(`${endpoint.path}: HTTP ${answer.http}, status ${answer.status}, ${answer.message}`);
  }
  return answer.data as T;
}

export async function loginAs(loginName: string): Promise<StoredUser> {
  const login = await callApi(authApi.userLogin, { loginName, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`login ${loginName}: ${login.message}`);
  return login.data as StoredUser;
}

/** A school-base query call (query parameters, the session in headers). */
async function schoolBase<T>(endpoint: Endpoint, params: Record<string, string>, session: StoredUser): Promise<T> {
  const response = await fetch(`${baseURL()}${endpoint.path}?${new URLSearchParams(params)}`, {
    method: 'POST',
    headers: { loginName: session.loginName, jwtToken: session.jwtToken },
  });
  const answer = (await response.json()) as { status: number; message: string; data: T };
  if (answer.status !== 200) throw new Error(`${endpoint.path}: ${answer.message}`);
  return answer.data;
}

export interface FinalisedExam {
  exam: MultiExam;
  /** The classes sitting it, in the order of the school's class list. */
  classes: SchoolClass[];
}

const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** One subject of an exam made here: its course by name, full mark, and questions (none = scored by total). */
export interface SubjectPlan {
  course: string;
  fullMark: number;
  questions?: QuestionInput[];
}

/** The school year and term of today, the grade by name, and that term's classes of the grade. */
export async function gradeInTerm(admin: StoredUser, gradeName: string) {
  const schoolId = admin.schoolId;
  const sgt = await ok<SchoolYearTerm>(authApi.findSGTByDate, { schoolId }, admin);
  const grades = await schoolBase<SchoolGrade[]>(schoolBaseApi.gradeCourses, { schoolId }, admin);
  const grade = grades.find((candidate) => candidate.gradeName === gradeName);
  if (!grade) throw new Error(`the demo school has no ${gradeName}`);
  const termClasses = await schoolBase<SchoolClass[]>(
    schoolBaseApi.classes,
    { schoolId, termId: sgt.term.termId },
    admin,
  );
  const classes = termClasses.filter((candidate) => candidate.gradeId === grade.gradeId && !candidate.graduated);
  return { sgt, grade, classes };
}

/** An exam of the grade in today's term (草稿), sat by the given classes, with each subject's questions. */
export async function createExam(
  admin: StoredUser,
  name: string,
  plan: { gradeName: string; subjects: SubjectPlan[]; classes: SchoolClass[] },
): Promise<MultiExam> {
  const schoolId = admin.schoolId;
  const { sgt, grade } = await gradeInTerm(admin, plan.gradeName);
  const courseId = (course: string) => {
    const found = grade.schoolGradeCourses.find((c) => c.courseName === course);
    if (!found) throw new Error(`${plan.gradeName} has no ${course}`);
    return found.courseId;
  };
  const exam = await ok<MultiExam>(
    examsApi.saveMultiExam,
    {
      schoolId,
      name,
      schyId: sgt.schoolYear.schyId,
      termId: sgt.term.termId,
      gradeId: grade.gradeId,
      examType: 1,
      startDate: today(),
      endDate: today(),
      subjects: plan.subjects.map((subject) => ({ courseId: courseId(subject.course), fullMark: subject.fullMark })),
      classIds: plan.classes.map((schoolClass) => schoolClass.classId),
    },
    admin,
  );
  for (const [index, subject] of plan.subjects.entries()) {
    if (!subject.questions) continue;
    await ok(
      examsApi.saveOrUpdateExamQuestionAndGroup,
      { schoolId, seId: exam.singleExams[index]!.seId, groups: [], questions: subject.questions },
      admin,
    );
  }
  return exam;
}

/**
 * A one-subject exam of the grade in today's term (the term the browser selects by default), sat
 * by two classes, every student given a total score, then finalised (已完成).
 */
export async function createFinalisedExam(
  admin: StoredUser,
  name: string,
  gradeName = '八年级',
): Promise<FinalisedExam> {
  const schoolId = admin.schoolId;
  const { grade, classes: termClasses } = await gradeInTerm(admin, gradeName);
  const course = grade.schoolGradeCourses[0];
  if (!course) throw new Error(`the demo school has no ${gradeName} with a course`);
  const classes = termClasses.filter((candidate) => candidate.studentCount > 0).slice(0, 2);
  if (classes.length < 2) throw new Error(`${gradeName} needs two classes with students`);
  const created = await createExam(admin, name, {
    gradeName,
    subjects: [{ course: course.courseName, fullMark: 100 }],
    classes,
  });
  const meId = created.meId;
  const seId = created.singleExams[0]?.seId;
  if (!seId) throw new Error('saveMultiExam answered without its single exam');
  if (created.status === 1) await ok(examsApi.updateMultiExamStatus, { schoolId, meId, status: 2 }, admin);

  const students: ExamStudent[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const page = await ok<{ list: ExamStudent[]; total: number }>(
      examsApi.findExamStudentsBySeId,
      { schoolId, seId, currentPage, pageSize: 500 },
      admin,
    );
    students.push(...page.list);
    if (students.length >= page.total || page.list.length === 0) break;
  }
  if (students.length === 0) throw new Error('the exam has no students');
  await ok(
    examsApi.updateSingleStudentsAndScores,
    {
      schoolId,
      seId,
      // Spread over the range so ranks and segments have something to show.
      scores: students.map((student, index) => ({ studentId: student.studentId, totalScore: 40 + ((index * 7) % 61) })),
    },
    admin,
  );
  const finalised = await ok<{ exam: MultiExam; problems: string[] }>(
    examsApi.summaryQiqExamToScExam,
    { schoolId, meId },
    admin,
  );
  if (finalised.exam.status !== 3) {
    throw new Error(`finalising left the exam at status ${finalised.exam.status}: ${finalised.problems.join('；')}`);
  }
  return { exam: finalised.exam, classes };
}
