import { scanningScansApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import type { UploadRule } from '../../../platform/files.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { createExceptionsService } from '../exceptions/exceptions-service.ts';
import { createStudentCardsService } from '../exceptions/student-cards.ts';
import type { PageQueue } from '../recognition/recognition-runner.ts';
import { createProcedureService } from '../reconcile/procedure-service.ts';
import { createReconcileService } from '../reconcile/reconcile-service.ts';
import { createPagesService } from './pages-service.ts';
import { createScansService } from './scans-service.ts';

// Scanning's calls (issue #16): HTTP only. Scanning is the school administrator's (type 5) work,
// and so are the page images (roles-and-permissions.md); every id is checked against the school.

/** One upload: an image, a multi-page TIFF or PDF, or a zip of them (a room's stack fits well under it). */
export const SCAN_UPLOAD: UploadRule = {
  maxBytes: 200 * 1024 * 1024,
  extensions: ['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.pdf', '.zip'],
  typeMessage: '只能上传扫描图像：JPEG、PNG、TIFF、PDF，或包含它们的 zip 压缩包',
};

export interface ScanRouteDeps {
  db: Db;
  storage: FileStorage;
  pages: PageQueue;
}

export function registerScanRoutes(app: FastifyInstance, { db, storage, pages }: ScanRouteDeps): void {
  const scans = createScansService(db, storage, pages);
  const pageViews = createPagesService(db, storage);
  const exceptions = createExceptionsService(db);
  const cards = createStudentCardsService(db);
  const reconcile = createReconcileService(db);
  const procedure = createProcedureService(db);
  const admin = 'school-admin' as const;

  registerEndpoint(app, api.createBatch, { permission: admin, handler: (p, { actor }) => scans.createBatch(actor, p) });
  registerEndpoint(app, api.uploadScanFile, {
    permission: admin,
    upload: SCAN_UPLOAD,
    handler: (p, { actor, upload }) => scans.uploadScanFile(actor, p, upload!),
  });
  registerEndpoint(app, api.findBatches, { permission: admin, handler: (p, { actor }) => scans.findBatches(actor, p) });
  registerEndpoint(app, api.batchStatus, { permission: admin, handler: (p, { actor }) => scans.batchStatus(actor, p) });
  registerEndpoint(app, api.deleteBatch, { permission: admin, handler: (p, { actor }) => scans.deleteBatch(actor, p) });
  registerEndpoint(app, api.batchHistory, {
    permission: admin,
    handler: (p, { actor }) => scans.batchHistory(actor, p),
  });
  registerEndpoint(app, api.recognizeAgain, {
    permission: admin,
    handler: (p, { actor }) => scans.recognizeAgain(actor, p),
  });
  registerEndpoint(app, api.findPages, { permission: admin, handler: (p, { actor }) => pageViews.findPages(actor, p) });
  registerEndpoint(app, api.findPage, { permission: admin, handler: (p, { actor }) => pageViews.findPage(actor, p) });
  registerEndpoint(app, api.pageImage, { permission: admin, handler: (p, { actor }) => pageViews.pageImage(actor, p) });
  registerEndpoint(app, api.cropImage, { permission: admin, handler: (p, { actor }) => pageViews.cropImage(actor, p) });
  registerEndpoint(app, api.findRoomErrors, {
    permission: admin,
    handler: (p, { actor }) => reconcile.findRoomErrors(actor, p),
  });
  registerEndpoint(app, api.syncExamRoomScanInfo, {
    permission: admin,
    handler: (p, { actor }) => reconcile.syncExamRoomScanInfo(actor, p),
  });

  registerEndpoint(app, api.findExceptionsBySeId, {
    permission: admin,
    handler: (p, { actor }) => exceptions.findBySeId(actor, p),
  });
  registerEndpoint(app, api.findExceptionsByEpId, {
    permission: admin,
    handler: (p, { actor }) => exceptions.findByEpId(actor, p),
  });
  registerEndpoint(app, api.findExceptionsByStatus, {
    permission: admin,
    handler: (p, { actor }) => exceptions.findByStatus(actor, p),
  });
  registerEndpoint(app, api.exceptionCardCount, {
    permission: admin,
    handler: (p, { actor }) => exceptions.cardCount(actor, p),
  });
  registerEndpoint(app, api.exceptionSummary, {
    permission: admin,
    handler: (p, { actor }) => exceptions.summary(actor, p),
  });
  registerEndpoint(app, api.saveException, { permission: admin, handler: (p, { actor }) => exceptions.save(actor, p) });
  registerEndpoint(app, api.updateException, {
    permission: admin,
    handler: (p, { actor }) => exceptions.update(actor, p),
  });

  registerEndpoint(app, api.findExamStudentCard, {
    permission: admin,
    handler: (p, { actor }) => cards.findExamStudentCard(actor, p),
  });
  registerEndpoint(app, api.saveOrUpdateExamStudentCard, {
    permission: admin,
    handler: (p, { actor }) => cards.saveOrUpdateExamStudentCard(actor, p),
  });
  registerEndpoint(app, api.updateExamScoreByHwscore, {
    permission: admin,
    handler: (p, { actor }) => cards.updateExamScoreByHwscore(actor, p),
  });
  registerEndpoint(app, api.getSingleProcedure, {
    permission: admin,
    handler: (p, { actor }) => procedure.get(actor, p),
  });
  registerEndpoint(app, api.updateSingleProcedure, {
    permission: admin,
    handler: (p, { actor }) => procedure.update(actor, p),
  });
}
