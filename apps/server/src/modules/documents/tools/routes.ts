import { documentsToolsApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { schoolOf } from '../../../platform/tenancy.ts';
import { locateTestScan } from '../../scanning/index.ts';
import { recognizeQuestionPhoto } from './ocr.ts';
import { checkedType, TOOL_UPLOADS } from './tool-files.ts';
import type { createToolsService } from './tools-service.ts';

// The file tool service's file calls (/tool/api, issue #19 part 1). Every call is a teacher's
// (types 1 and 5) and names the school; the services refuse another school's id or file (403).

export function registerToolRoutes(app: FastifyInstance, db: Db, tools: ReturnType<typeof createToolsService>) {
  const permission = 'teacher' as const;
  const { files } = tools;
  registerEndpoint(app, api.fileUploaded, {
    permission,
    upload: TOOL_UPLOADS.file,
    handler: (p, { actor, upload }) => files.store(actor, p.schoolId, 'file', upload!),
  });
  registerEndpoint(app, api.imgStreamUploaded, {
    permission,
    upload: TOOL_UPLOADS.image,
    handler: (p, { actor, upload }) => files.store(actor, p.schoolId, 'image', upload!),
  });
  registerEndpoint(app, api.getHttpURI, {
    permission,
    handler: (p, { actor }) => files.uri(actor, p.schoolId, p.fileKey),
  });
  registerEndpoint(app, api.wordUpload, {
    permission,
    upload: TOOL_UPLOADS.word,
    handler: (p, { actor, upload }) => files.store(actor, p.schoolId, 'word', upload!),
  });
  registerEndpoint(app, api.getWordSegTopics, {
    permission,
    handler: (p, { actor }) => tools.wordSegTopics(actor, p),
  });
  registerEndpoint(app, api.wordPreview, { permission, handler: (p, { actor }) => tools.wordPreview(actor, p) });
  registerEndpoint(app, api.wordToPDFAndJPG, {
    permission,
    handler: (p, { actor }) => tools.wordToPdfAndJpg(actor, p),
  });
  registerEndpoint(app, api.wordPrint, { permission, handler: (p, { actor }) => tools.wordPrint(actor, p) });
  registerEndpoint(app, api.excelPrint, { permission, handler: (p, { actor }) => tools.excelPrint(actor, p) });
  registerEndpoint(app, api.excelPrint2, { permission, handler: (p, { actor }) => tools.excelPrint2(actor, p) });
  registerEndpoint(app, api.locateImage, {
    permission,
    upload: TOOL_UPLOADS.scan,
    handler: (p, { actor, upload }) => locateTestScan(db, actor, p, upload!.buffer),
  });
  registerEndpoint(app, api.iiilookOCR, {
    permission,
    upload: TOOL_UPLOADS.photo,
    handler: async (p, { actor, upload }) => {
      // The photo is read, not kept: only the school and the picture's real type are checked.
      schoolOf(actor, p.schoolId);
      await checkedType('photo', upload!);
      return recognizeQuestionPhoto(upload!.buffer);
    },
  });
}
