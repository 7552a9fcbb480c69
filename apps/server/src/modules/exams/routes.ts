import { examsApi as api, scanningCardsApi as markDoor } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createPapersService, EXAM_DOC_UPLOAD } from './papers/papers-service.ts';
import { createMultiExamsService } from './setup/multi-exams-service.ts';
import { createQuestionsService } from './setup/questions-service.ts';
import { createSettingsService } from './setup/settings-service.ts';
import { createSingleExamsService } from './setup/single-exams-service.ts';
import { createExamStudentsService } from './students/exam-students-service.ts';

// Exam set-up calls: multi and single exams, exam students, questions and groups, standard papers,
// exam documents, SSC and ELA (issue #4). Thin: permission, then one service call. Reads are for
// teachers (types 1 and 5), writes for the school administrator (type 5); services check every id.
export function registerExamRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  const read = 'teacher' as const;
  const write = 'school-admin' as const;
  const multi = createMultiExamsService(db, storage);
  const single = createSingleExamsService(db, storage);
  const students = createExamStudentsService(db);
  const questions = createQuestionsService(db);
  const papers = createPapersService(db, storage);
  const settings = createSettingsService(db);

  registerEndpoint(app, api.saveMultiExam, {
    permission: write,
    handler: (p, { actor }) => multi.saveMultiExam(actor, p),
  });
  registerEndpoint(app, api.updateMultiExam, {
    permission: write,
    handler: (p, { actor }) => multi.updateMultiExam(actor, p),
  });
  registerEndpoint(app, api.updateMultiExamStatus, {
    permission: write,
    handler: (p, { actor }) => multi.updateMultiExamStatus(actor, p),
  });
  registerEndpoint(app, api.deleteMultiExam, {
    permission: write,
    handler: (p, { actor }) => multi.deleteMultiExam(actor, p),
  });
  registerEndpoint(app, api.getMultiExamByMeId, {
    permission: read,
    handler: (p, { actor }) => multi.getMultiExamByMeId(actor, p),
  });
  registerEndpoint(app, api.findMultiExamBySchoolIdYear, {
    permission: read,
    handler: (p, { actor }) => multi.findMultiExamBySchoolIdYear(actor, p),
  });
  registerEndpoint(app, api.findMyMultiExam, {
    permission: read,
    handler: (p, { actor }) => multi.findMyMultiExam(actor, p),
  });

  registerEndpoint(app, api.saveSingleExam, {
    permission: write,
    handler: (p, { actor }) => single.saveSingleExam(actor, p),
  });
  registerEndpoint(app, api.updateSingleExam, {
    permission: write,
    handler: (p, { actor }) => single.updateSingleExam(actor, p),
  });
  registerEndpoint(app, api.deleteSingleExam, {
    permission: write,
    handler: (p, { actor }) => single.deleteSingleExam(actor, p),
  });
  registerEndpoint(app, api.findSingleExamBySeId, {
    permission: read,
    handler: (p, { actor }) => single.findSingleExamBySeId(actor, p),
  });
  registerEndpoint(app, api.findSingleByQiqSeId, {
    permission: read,
    handler: (p, { actor }) => single.findSingleByQiqSeId(actor, p),
  });

  registerEndpoint(app, api.findExamStudentsBySeId, {
    permission: read,
    handler: (p, { actor }) => students.findExamStudentsBySeId(actor, p),
  });
  registerEndpoint(app, api.addExamStudentsByClassIds, {
    permission: write,
    handler: (p, { actor }) => students.addExamStudentsByClassIds(actor, p),
  });
  registerEndpoint(app, api.updateBatchExamStudent, {
    permission: write,
    handler: (p, { actor }) => students.updateBatchExamStudent(actor, p),
  });
  registerEndpoint(app, api.deleteExamStudentByStuIds, {
    permission: write,
    handler: (p, { actor }) => students.deleteExamStudentByStuIds(actor, p),
  });

  registerEndpoint(app, api.findExamQuestionsBySeId, {
    permission: read,
    handler: (p, { actor }) => questions.findExamQuestionsBySeId(actor, p),
  });
  registerEndpoint(app, api.findExamQuestionAndGroup, {
    permission: read,
    handler: (p, { actor }) => questions.findExamQuestionAndGroup(actor, p),
  });
  registerEndpoint(app, api.saveOrUpdateExamQuestionAndGroup, {
    permission: write,
    handler: (p, { actor }) => questions.saveOrUpdateExamQuestionAndGroup(actor, p),
  });
  registerEndpoint(app, api.updateBatchExamQuestion, {
    permission: write,
    handler: (p, { actor }) => questions.updateBatchExamQuestion(actor, p),
  });
  registerEndpoint(app, api.deleteExamQuestionsAndScore, {
    permission: write,
    handler: (p, { actor }) => questions.deleteExamQuestionsAndScore(actor, p),
  });

  // Standard papers: the analysis service's teacher/examStandardPaper calls and the marking
  // service's examStandardPaper calls are two doors onto the same handlers (spec §7, issue #15).
  for (const door of [api, markDoor]) {
    registerEndpoint(app, door.findStandardPaperBySeId, {
      permission: read,
      handler: (p, { actor }) => papers.findStandardPaperBySeId(actor, p),
    });
    registerEndpoint(app, door.findStandardPaperByTeacherId, {
      permission: read,
      handler: (p, { actor }) => papers.findStandardPaperByTeacherId(actor, p),
    });
    registerEndpoint(app, door.findStandardPaperByMark, {
      permission: read,
      handler: (p, { actor }) => papers.findStandardPaperByMark(actor, p),
    });
    registerEndpoint(app, door.saveStandardPaper, {
      permission: write,
      handler: (p, { actor }) => papers.saveStandardPaper(actor, p),
    });
    registerEndpoint(app, door.updateStandardPaper, {
      permission: write,
      handler: (p, { actor }) => papers.updateStandardPaper(actor, p),
    });
    registerEndpoint(app, door.deleteStandardPaper, {
      permission: write,
      handler: (p, { actor }) => papers.deleteStandardPaper(actor, p),
    });
  }
  registerEndpoint(app, api.getExamDocListBySchoolId, {
    permission: read,
    handler: (p, { actor }) => papers.getExamDocListBySchoolId(actor, p),
  });
  registerEndpoint(app, api.uploadExamDoc, {
    permission: write,
    upload: EXAM_DOC_UPLOAD,
    handler: (p, { actor, upload }) => papers.uploadExamDoc(actor, p, upload!),
  });
  registerEndpoint(app, api.downloadExamDoc, {
    permission: read,
    handler: (p, { actor }) => papers.downloadExamDoc(actor, p),
  });
  registerEndpoint(app, api.deleteExamDoc, {
    permission: write,
    handler: (p, { actor }) => papers.deleteExamDoc(actor, p),
  });

  registerEndpoint(app, api.getSSCBySchoolId, {
    permission: read,
    handler: (p, { actor }) => settings.getSSCBySchoolId(actor, p),
  });
  registerEndpoint(app, api.saveOrUpdateSSC, {
    permission: write,
    handler: (p, { actor }) => settings.saveOrUpdateSSC(actor, p),
  });
  registerEndpoint(app, api.getELABySchoolId, {
    permission: read,
    handler: (p, { actor }) => settings.getELABySchoolId(actor, p),
  });
  registerEndpoint(app, api.saveOrUpdateELA, {
    permission: write,
    handler: (p, { actor }) => settings.saveOrUpdateELA(actor, p),
  });
  registerEndpoint(app, api.deleteELA, { permission: write, handler: (p, { actor }) => settings.deleteELA(actor, p) });
  registerEndpoint(app, api.getExamLevelByAreaId, {
    permission: 'signed-in',
    handler: (p, { actor }) => settings.getExamLevelByAreaId(actor, p),
  });
  registerEndpoint(app, api.findSchoolRelationBySchoolIds, {
    permission: 'signed-in',
    handler: (p, { actor }) => settings.findSchoolRelationBySchoolIds(actor, p),
  });
}
