import { DEFAULT_SCORE_CONFIG } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { badInput, forbidden, notFound } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { auditExam, schoolOf } from '../access.ts';
import { taughtClassIds } from '../lookup-repo.ts';
import { resolveClasses, seatClasses } from '../students/exam-students-service.ts';
import { studentsByIds } from '../students/placement-repo.ts';
import * as repo from './multi-exams-repo.ts';
import { checkCourses, checkPlacement, EXAM_NAMES } from './multi-exams-service.ts';
import { checkQuestion, checkUniqueNumbers, type QuestionDraft } from './question-rules.ts';
import * as questions from './questions-repo.ts';
import { findScoreConfig } from './settings-repo.ts';
import { insertSingleExam } from './single-exams-repo.ts';

// 用此试卷建考试 (issue #15): an exam of one subject made from a question-bank paper, with its
// questions (numbers, types, marks, answers, knowledge points) and its exam students, written in
// the caller's transaction so the answer card is saved with it or not at all. The exam rules are
// the ones saveMultiExam follows (placement, course of the grade, classes of the grade, one name per
// term and grade), plus who may do it: the school administrator for any classes, a teacher only
// for classes they teach the course in that term (decisions.md 2026-11-26).

export interface PaperExamInput {
  schoolId: string;
  name: string;
  schyId: string;
  termId: string;
  gradeId: string;
  courseId: string;
  classIds: string[];
  /** Single students besides the classes (an online exam given to students, not whole classes). */
  studentIds?: string[];
  examDate: string;
  examType: number;
  /** 大题, in paper order; each question names its group by index. */
  groups: string[];
  questions: (QuestionDraft & { groupIndex: number; knowledgePoints: string[] })[];
}

export interface PaperExam {
  meId: number;
  seId: number;
  studentCount: number;
}

/** The chosen single students: each the school's (403 another school's, 404 unknown) and 在读. */
async function chosenStudents(tx: Executor, schoolId: number, ids: string[]) {
  const wanted = [...new Set(ids.map((id) => idOf(id, '学生')))];
  const rows = await studentsByIds(tx, wanted);
  for (const id of wanted) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(`学生不存在或已删除（studentId ${id}）`);
    if (row.schoolId !== schoolId) throw forbidden('无权访问其他学校的数据');
    if (row.status !== 1) throw badInput(`学生“${row.name}”不是在读学生，不能参加考试`, { field: 'studentIds' });
  }
  return rows;
}

export async function createExamFromPaper(tx: Executor, actor: Actor, input: PaperExamInput): Promise<PaperExam> {
  const schoolId = schoolOf(actor, input.schoolId);
  if (actor.type !== 1 && actor.type !== 5) throw forbidden('仅教师可以用试卷建考试');
  if (input.questions.length === 0) throw badInput('试卷没有题目，不能建考试', { field: 'paperId' });
  const drafts = input.questions.map((q) => ({ ...checkQuestion(q), groupIndex: q.groupIndex, kp: q.knowledgePoints }));
  checkUniqueNumbers(drafts.map((d) => d.questionNo));

  await lockKey(tx, EXAM_NAMES, schoolId);
  const placement = await checkPlacement(tx, schoolId, {
    ...input,
    startDate: input.examDate,
    endDate: input.examDate,
  });
  const [courseId] = await checkCourses(tx, schoolId, placement, [input.courseId]);
  const chosen = await chosenStudents(tx, schoolId, input.studentIds ?? []);
  const wholeClassIds = new Set(input.classIds.map((id) => idOf(id, '班级')));
  const classIds = await resolveClasses(tx, schoolId, placement, placement.gradeName, [
    ...new Set([...input.classIds, ...chosen.map((s) => String(s.classId))]),
  ]);
  if (actor.type === 1) {
    const taught = new Set(await taughtClassIds(tx, actor.userId, placement.termId, courseId!));
    if (classIds.some((id) => !taught.has(id))) throw forbidden('只能为本人任教该学科的班级建考试');
  }
  const same = await repo.examsNamed(tx, { schoolId, ...placement, name: input.name });
  if (same.length > 0) {
    throw badInput(`同名考试已存在：本学期${placement.gradeName}已有考试“${input.name}”，请换一个名称`, {
      field: 'name',
    });
  }

  const config = (await findScoreConfig(tx, schoolId)) ?? DEFAULT_SCORE_CONFIG;
  const fullMark = Math.round(drafts.reduce((sum, d) => sum + d.fullMark * 100, 0)) / 100;
  const meId = await repo.insertMultiExam(tx, {
    schoolId,
    name: input.name,
    schoolYearId: placement.schoolYearId,
    termId: placement.termId,
    gradeId: placement.gradeId,
    examType: input.examType,
    startDate: input.examDate,
    endDate: input.examDate,
    status: 1,
    hiddenStudentOrder: '011',
    unionKey: null,
    settings: { ...config, classIds: [], elaId: null },
    createdBy: actor.userId,
  });
  const seId = await insertSingleExam(tx, {
    schoolId,
    multiExamId: meId,
    courseId: courseId!,
    fullMark,
    examDate: input.examDate,
    status: 1,
  });
  const groupIds: number[] = [];
  for (const [i, name] of input.groups.entries()) {
    groupIds.push(await questions.insertGroup(tx, { schoolId, singleExamId: seId, name, sortOrder: i + 1 }));
  }
  for (const [i, d] of drafts.entries()) {
    const { groupIndex, kp, ...values } = d;
    await questions.insertQuestion(tx, {
      ...values,
      schoolId,
      singleExamId: seId,
      groupId: groupIds[groupIndex] ?? null,
      sortOrder: i + 1,
      knowledgePoints: kp,
    });
  }
  // Whole classes seat all their 在读 students; a chosen student's own class seats only them. The
  // teacher check above covered both: a chosen student's class must be one the teacher teaches.
  const studentCount =
    chosen.length === 0
      ? await seatClasses(tx, schoolId, seId, classIds)
      : (await seatClasses(tx, schoolId, seId, [...wholeClassIds])) +
        (await seatClasses(
          tx,
          schoolId,
          seId,
          classIds.filter((id) => !wholeClassIds.has(id)),
          new Set(chosen.map((s) => s.id)),
        ));
  await auditExam(tx, actor, 'multi-exam.from-paper', `multi-exam:${meId}`, {
    after: {
      name: input.name,
      courseId,
      fullMark,
      classIds,
      studentIds: chosen.map((s) => s.id),
      questions: drafts.length,
      studentCount,
    },
  });
  return { meId, seId, studentCount };
}
