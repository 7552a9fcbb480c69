// The exams module's only public door: exams, exam students, questions, scores and exam settings
// (spec §3, §7; issue #4).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { registerExamImportRoutes } from './imports/exam-import-routes.ts';
import { registerExamRoutes } from './routes.ts';
import { registerScoreRoutes } from './score-routes.ts';

export { ownMultiExam, ownSingleExam, type SingleWithMulti } from './access.ts';
export { taughtClassIds } from './lookup-repo.ts';
// For the documents module's previews and prints of exam documents (issue #19).
export { examDocFile } from './papers/exam-doc-file.ts';
export { type MarkedPaper, type MarkedWrite, writeMarkedScores } from './scores/marked-scores.ts';
export { type OnlinePaper, type OnlineWrite, onlinePaperScores, writeOnlineAnswers } from './scores/online-answers.ts';
export { type ScannedPaper, type ScannedWrite, writeScannedAnswers } from './scores/scanned-answers.ts';
export { derivePaper } from './scores/score-paper.ts';
export { createExamFromPaper, type PaperExamInput } from './setup/exam-from-paper.ts';
export { examStructureOf } from './setup/questions-service.ts';
// For the scanning module's 考场编排 (issue #16): rooms and seats written to exam_students, and the
// exam-student calls it offers on the scanning screens (the exams rules and audit, unchanged).
export { createExamStudentsService } from './students/exam-students-service.ts';
export { clearRoomSeating, renameRoomSeating, type StudentSeating, writeSeating } from './students/seating-repo.ts';
// For marking's scanned-sheet call: a sheet is shown to whoever may read the paper (issue #17).
export { readStudentPaper } from './students/student-service.ts';

export function createExamsModule(db: Db, storage: FileStorage) {
  return {
    routes(app: FastifyInstance) {
      registerExamRoutes(app, db, storage);
      registerScoreRoutes(app, db);
      registerExamImportRoutes(app, db);
    },
  };
}
