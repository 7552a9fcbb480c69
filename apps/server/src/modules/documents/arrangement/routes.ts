import { fileServiceApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { FileResult } from '../../../platform/files.ts';
import { ownMultiExam } from '../../exams/index.ts';
import { examArrangementOf } from '../../scanning/index.ts';
import { arrangementDocx } from './arrangement-docx.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// /cg_exam_szy/pk/wordExportInfo: the exam (the caller's school's, else 403) read through exams'
// door, its rooms through scanning's, written as Word here. Teachers read the school's exams.
export function registerArrangementRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, api.wordExportInfo, {
    permission: 'teacher',
    handler: async (p, { actor }) => {
      const exam = await ownMultiExam(db, actor, p.schoolId, p.meId);
      const arrangement = await examArrangementOf(db, exam.schoolId, exam.id);
      const buffer = await arrangementDocx({ ...arrangement, examName: exam.name, startDate: exam.startDate });
      return new FileResult(`${exam.name}考务安排.docx`, DOCX, buffer);
    },
  });
}
