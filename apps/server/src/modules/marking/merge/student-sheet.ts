import { and, asc, eq } from 'drizzle-orm';
import { examQuestions, examStudents, multiExams, singleExams, studentScores, students } from '../../../db/schema.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { assertSchool } from '../../../platform/permissions.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { taughtClassIds } from '../../exams/index.ts';
import { sheetPagesOf } from '../../scanning/index.ts';

// A student's own scanned sheet with the score per question (marking.md "Into scores", as 智学网
// shows it in /findStudentDetailPaper): a student reads their own; a teacher a student of a class
// they teach in the exam's term; the school administrator any of the school. Images are signed
// links that expire (an hour), never public paths.

const LINK_SECONDS = 3600;

export function createStudentSheetService(db: Db, storage: FileStorage) {
  async function examStudentFor(actor: Actor, seId: number, studentId: number | null) {
    const [single] = await db
      .select({
        id: singleExams.id,
        schoolId: singleExams.schoolId,
        courseId: singleExams.courseId,
        termId: multiExams.termId,
      })
      .from(singleExams)
      .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
      .where(eq(singleExams.id, seId));
    if (!single) throw notFound('科目考试不存在');
    assertSchool(actor, single.schoolId);
    const [row] = await db
      .select({ esId: examStudents.id, classId: examStudents.classId, userId: students.userId, studentId: students.id })
      .from(examStudents)
      .innerJoin(students, eq(students.id, examStudents.studentId))
      .where(
        and(
          eq(examStudents.singleExamId, seId),
          actor.type === 2 ? eq(students.userId, actor.userId) : eq(students.id, studentId ?? 0),
        ),
      );
    if (!row) throw notFound('该学生没有参加这科考试');
    if (actor.type === 1) {
      const classes = await taughtClassIds(db, actor.userId, single.termId, single.courseId);
      if (!classes.includes(row.classId)) throw forbidden('只能查看本人任教班级学生的答题卡');
    } else if (actor.type !== 2 && actor.type !== 5) {
      throw forbidden('无权查看学生答题卡');
    }
    return row;
  }

  return {
    async sheet(actor: Actor, params: { seId: string; studentId?: string }) {
      const seId = Number(params.seId);
      const student = await examStudentFor(actor, seId, params.studentId ? Number(params.studentId) : null);
      const pages = await sheetPagesOf(db, seId, student.esId);
      const questions = await db
        .select({ id: examQuestions.id, questionNo: examQuestions.questionNo, fullMark: examQuestions.fullMark })
        .from(examQuestions)
        .where(eq(examQuestions.singleExamId, seId))
        .orderBy(asc(examQuestions.sortOrder));
      const [score] = await db
        .select({ scores: studentScores.scores, total: studentScores.totalScore })
        .from(studentScores)
        .where(eq(studentScores.examStudentId, student.esId));
      return {
        pages: await Promise.all(
          pages.map(async (p) => ({ pageNo: p.pageNo, url: await storage.signedUrl(p.key, LINK_SECONDS) })),
        ),
        questions: questions.map((q) => ({
          questionId: String(q.id),
          questionNo: q.questionNo,
          fullMark: q.fullMark,
          score: score?.scores[String(q.id)] ?? null,
        })),
        totalScore: score?.total ?? null,
      };
    },
  };
}
