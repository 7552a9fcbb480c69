import { markingDeskApi as api, markingAnswersApi } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import type { Clock } from '../dispatch/dispatch-service.ts';
import { createDeskService } from './desk-service.ts';
import { createPaperImageService } from './paper-image.ts';
import { createStandardAnswerService } from './standard-answer.ts';

// The desk's calls for teachers (types 1 and 5) who sit on the 题块; the service checks the seat
// (and the 题组长 flag for the problem queue). Students are refused by the permission.
export function registerDeskRoutes(app: FastifyInstance, db: Db, clock?: Clock, storage?: FileStorage): void {
  const desk = createDeskService(db, clock);
  const images = createPaperImageService(db, storage, clock);
  const marker = 'teacher' as const;
  registerEndpoint(app, api.flagProblem, {
    permission: marker,
    temporaryMarker: true,
    handler: (p, { actor }) =>
      desk.flagProblem(actor, {
        blockId: Number(p.blockId),
        paperId: Number(p.paperId),
        token: Number(p.token),
        reason: p.reason,
        note: p.note,
      }),
  });
  registerEndpoint(app, api.problems, {
    permission: marker,
    handler: (p, { actor }) => desk.problems(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.resolveProblem, {
    permission: marker,
    handler: (p, { actor }) =>
      desk.resolveProblem(actor, {
        blockId: Number(p.blockId),
        problemId: Number(p.problemId),
        action: p.action,
        scores: p.scores,
      }),
  });
  registerEndpoint(app, api.reviewList, {
    permission: marker,
    temporaryMarker: true,
    handler: (p, { actor }) => desk.reviewList(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.remark, {
    permission: marker,
    temporaryMarker: true,
    handler: (p, { actor }) =>
      desk.remark(actor, {
        blockId: Number(p.blockId),
        paperId: Number(p.paperId),
        scores: p.scores,
        seconds: p.seconds,
      }),
  });
  registerEndpoint(app, api.paperImage, {
    permission: marker,
    temporaryMarker: true,
    handler: (p, { actor }) =>
      images.paperImage(actor, {
        blockId: Number(p.blockId),
        paperId: Number(p.paperId),
        token: p.token === undefined ? undefined : Number(p.token),
      }),
  });
  const answers = createStandardAnswerService(db);
  registerEndpoint(app, markingAnswersApi.standardAnswer, {
    permission: marker,
    temporaryMarker: true,
    handler: (p, { actor }) => answers.forDesk(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.progress, {
    permission: marker,
    temporaryMarker: true,
    handler: (p, { actor }) => desk.progress(actor, Number(p.blockId)),
  });
}
