import type { StudentExam, StudentPaper } from '@huikao/contracts';
import { roundHalfUp, sumScores } from '@huikao/stats';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { type CallParams, idOf, ownSingleExam, type SingleWithMulti, schoolOf } from '../access.ts';
import { courseKey, examReadScope, readableClasses } from '../score-scope.ts';
import { multiTotals, totalOf } from '../scores/score-book.ts';
import { isChoiceQuestion } from '../scores/score-input.ts';
import { questionsOf } from '../scores/score-write-repo.ts';
import { courseName, examStudentScores, singleExamsOfMulti, studentById } from '../scores/scores-repo.ts';
import { type Entry, studentFigures } from './student-figures.ts';
import { groupNames, publishedExamsOfStudent, studentOfUser } from './student-repo.ts';

// Students' own exams (only published to students, only what hiddenStudentOrder shows) and one
// student's paper, which students (their own, published) and teachers (type 5 any student of the
// school, others the classes they may read in the subject: score-scope.ts) read through the same
// function.

export function createStudentService(db: Db) {
  async function me(actor: Actor, schoolId: string) {
    const school = schoolOf(actor, schoolId);
    const student = await studentOfUser(db, actor.userId, school);
    if (!student) throw forbidden('当前账号不是本校学生');
    return { ...student, schoolId: school };
  }

  return {
    async getUserMultiExamByStudentIdAndSchoolId(
      actor: Actor,
      p: CallParams<'getUserMultiExamByStudentIdAndSchoolId'>,
    ): Promise<StudentExam[]> {
      const student = await me(actor, p.schoolId);
      const exams: StudentExam[] = [];
      for (const { exam, gradeName } of await publishedExamsOfStudent(db, student.schoolId, student.id)) {
        const hidden = exam.hiddenStudentOrder;
        const rates = exam.settings.rates;
        const subjects: { seId: number; rows: Awaited<ReturnType<typeof examStudentScores>> }[] = [];
        const views: StudentExam['subjects'] = [];
        const fullMarks: number[] = [];
        for (const single of await singleExamsOfMulti(db, exam.id)) {
          const rows = await examStudentScores(db, single.id);
          subjects.push({ seId: single.id, rows });
          const entries: Entry[] = rows.map((r) => ({
            studentId: r.studentId,
            classId: r.classId,
            total: totalOf(r),
            absent: r.absent,
          }));
          const figures = studentFigures(entries, student.id, single.fullMark, rates, hidden);
          if (!figures) continue;
          fullMarks.push(single.fullMark);
          views.push({ seId: String(single.id), courseName: single.courseName, ...figures });
        }
        const totals = multiTotals(subjects).map((t) => ({
          studentId: t.studentId,
          classId: t.classId,
          total: t.total,
          absent: t.total === null && [...t.subjects.values()].every((v) => v === 'absent'),
        }));
        exams.push({
          meId: String(exam.id),
          name: exam.name,
          examType: exam.examType,
          startDate: exam.startDate,
          gradeName,
          hiddenStudentOrder: hidden,
          subjects: views,
          total: studentFigures(totals, student.id, sumScores(fullMarks), rates, hidden),
        });
      }
      return exams;
    },

    async getStuExamDetailInfo(actor: Actor, p: CallParams<'getStuExamDetailInfo'>): Promise<StudentPaper> {
      return (await readStudentPaper(db, actor, p.schoolId, p.seId)).paper;
    },

    async findStudentDetailPaper(actor: Actor, p: CallParams<'findStudentDetailPaper'>): Promise<StudentPaper> {
      return (await readStudentPaper(db, actor, p.schoolId, p.seId, p.studentId)).paper;
    },
  };
}

/**
 * One student's paper of a single exam, by the rules of the paper calls: a student (type 2) reads
 * their own (`studentId` ignored) once the exam is published to students, with its hidden options
 * applied; a teacher a student of a class they may read in the subject (score-scope.ts). Marking's
 * scanned-sheet call reads through this too, so a sheet is shown exactly where the paper is.
 */
export async function readStudentPaper(
  ex: Executor,
  actor: Actor,
  schoolId: string,
  seId: string,
  studentId?: string,
): Promise<{ paper: StudentPaper; examStudentId: number }> {
  if (actor.type === 2) {
    const school = schoolOf(actor, schoolId);
    const me = await studentOfUser(ex, actor.userId, school);
    if (!me) throw forbidden('当前账号不是本校学生');
    const single = await ownSingleExam(ex, actor, schoolId, seId);
    if (single.multi.status !== 4 || !single.multi.publishedToStudents) throw forbidden('该考试的成绩尚未发布');
    return studentPaper(ex, single, me.id, true);
  }
  if (actor.type !== 1 && actor.type !== 5) throw forbidden('无权查看学生试卷');
  const single = await ownSingleExam(ex, actor, schoolId, seId);
  const student = await studentById(ex, idOf(studentId ?? '', '学生'));
  if (!student) throw notFound('学生不存在');
  if (student.schoolId !== single.schoolId) throw forbidden('无权访问其他学校的数据');
  const [row] = await examStudentScores(ex, single.id, [student.id]);
  const classId = row?.classId ?? student.classId;
  const scope = await examReadScope(ex, actor, single.multi, [classId], [single.courseId]);
  readableClasses(scope, courseKey(single.courseId), classId);
  return studentPaper(ex, single, student.id, false);
}

/** One student's paper of a single exam; `forStudent` applies the exam's hidden options. */
async function studentPaper(ex: Executor, single: SingleWithMulti, studentId: number, forStudent: boolean) {
  const rows = await examStudentScores(ex, single.id);
  const row = rows.find((r) => r.studentId === studentId);
  if (!row) throw forStudent ? forbidden('你没有参加该科目考试') : notFound('该学生不是本科目的考生');
  const questions = await questionsOf(ex, single.id);
  const groups = await groupNames(ex, [...new Set(questions.flatMap((q) => (q.groupId === null ? [] : [q.groupId])))]);
  const hidden = single.multi.hiddenStudentOrder;
  const hideScore = forStudent && hidden[1] === '0';
  const hideStats = forStudent && hidden[2] === '0';
  const present = rows.filter((r) => !r.absent && r.score);
  const score = row.absent ? null : row.score;
  const paper: StudentPaper = {
    meId: String(single.multi.id),
    examName: single.multi.name,
    seId: String(single.id),
    courseName: await courseName(ex, single.courseId),
    fullMark: single.fullMark,
    student: { studentId: String(row.studentId), name: row.name, studentNo: row.studentNo, className: row.className },
    absent: row.absent,
    totalScore: hideScore ? null : totalOf(row),
    hiddenStudentOrder: hidden,
    questions: questions.map((q) => {
      const id = String(q.id);
      const scored = present.map((r) => r.score!.scores[id]).filter((v): v is number => v !== undefined);
      return {
        questionId: id,
        questionNo: q.questionNo,
        groupName: q.groupId === null ? null : (groups.get(q.groupId) ?? null),
        kind: q.kind,
        objectiveType: q.objectiveType,
        fullMark: q.fullMark,
        answer: q.answer,
        choice: isChoiceQuestion(q) ? (score?.choices[id] ?? null) : null,
        score: hideScore ? null : (score?.scores[id] ?? null),
        gradeAverage: hideStats || scored.length === 0 ? null : roundHalfUp(sumScores(scored) / scored.length),
        knowledgePoints: q.knowledgePoints,
      };
    }),
  };
  return { paper, examStudentId: row.esId };
}
