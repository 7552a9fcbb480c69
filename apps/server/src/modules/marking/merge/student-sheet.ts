import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { readStudentPaper } from '../../exams/index.ts';
import { sheetPagesOf } from '../../scanning/index.ts';

// A student's own scanned sheet with the score per question (marking.md "Into scores", as 智学网
// shows it in /findStudentDetailPaper and 单科成绩详情). Who may see it is exactly who may read the
// paper (the exams' paper rule): a student their own once the exam is published to them (scores
// hidden when the exam hides them); a teacher a student of a class they may read in the subject
// (the reports' scope); the administrator any of the school. Images are signed links that expire
// (an hour), never public paths.

const LINK_SECONDS = 3600;

export function createStudentSheetService(db: Db, storage: FileStorage) {
  return {
    async sheet(actor: Actor, params: { seId: string; studentId?: string }) {
      const { paper, examStudentId } = await readStudentPaper(
        db,
        actor,
        String(actor.schoolId),
        params.seId,
        params.studentId,
      );
      const pages = await sheetPagesOf(db, Number(params.seId), examStudentId);
      return {
        pages: await Promise.all(
          pages.map(async (p) => ({ pageNo: p.pageNo, url: await storage.signedUrl(p.key, LINK_SECONDS) })),
        ),
        questions: paper.questions.map((q) => ({
          questionId: q.questionId,
          questionNo: q.questionNo,
          fullMark: q.fullMark,
          score: q.score,
        })),
        totalScore: paper.totalScore,
      };
    },
  };
}
