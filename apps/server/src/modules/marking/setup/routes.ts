import { markingSetupApi as api, markingAnswersApi, markingApi } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { createStandardAnswerService } from '../desk/standard-answer.ts';
import { createMergeService } from '../merge/merge-service.ts';
import { createStudentSheetService } from '../merge/student-sheet.ts';
import { createBlockStatusService } from './block-status.ts';
import { markerCandidates } from './marker-candidates.ts';

// 阅卷设置 calls of the school administrator (type 5): 开始/暂停/结束, 同步试卷, 标准答案, 合成成绩.
export function registerSetupRoutes(app: FastifyInstance, db: Db, storage?: FileStorage): void {
  const status = createBlockStatusService(db);
  const merge = createMergeService(db);
  const admin = 'school-admin' as const;
  registerEndpoint(app, markingApi.setBlockStatus, {
    permission: admin,
    handler: (p, { actor }) => status.setStatus(actor, p),
  });
  registerEndpoint(app, api.syncPapers, { permission: admin, handler: (p, { actor }) => status.syncPapers(actor, p) });
  registerEndpoint(app, api.markerCandidates, {
    permission: admin,
    handler: (p, { actor }) => markerCandidates(db, actor, Number(p.blockId)),
  });
  const answers = createStandardAnswerService(db);
  registerEndpoint(app, markingAnswersApi.findStandardAnswers, {
    permission: admin,
    handler: (p, { actor }) => answers.forExam(actor, Number(p.seId)),
  });
  registerEndpoint(app, markingAnswersApi.saveStandardAnswer, {
    permission: admin,
    handler: (p, { actor }) => answers.save(actor, p),
  });
  registerEndpoint(app, api.mergeScores, { permission: admin, handler: (p, { actor }) => merge.mergeScores(actor, p) });
  if (storage) {
    const sheets = createStudentSheetService(db, storage);
    // Students (their own), teachers (their classes) and administrators: the service decides.
    registerEndpoint(app, api.studentSheet, {
      permission: 'signed-in',
      handler: (p, { actor }) => sheets.sheet(actor, p),
    });
  }
}
