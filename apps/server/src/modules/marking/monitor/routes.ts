import { markingMonitorApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { type Clock, systemClock } from '../dispatch/dispatch-service.ts';
import { createSpotCheckService } from '../spot-check/spot-check-service.ts';
import { createMonitorService } from './monitor-service.ts';

// Monitors, pause and 抽查 for teachers (types 1 and 5); the services admit the school's 阅卷管理员
// and the 题块's 题组长 only.
export function registerMonitorRoutes(
  app: FastifyInstance,
  db: Db,
  clock: Clock = systemClock,
  storage?: FileStorage,
): void {
  const monitor = createMonitorService(db, clock);
  // `storage` signs the crop links the spot-check page shows.
  const spot = createSpotCheckService(db, (blockId) => monitor.forget(blockId), clock, storage);
  const teacher = 'teacher' as const;
  registerEndpoint(app, api.exams, { permission: teacher, handler: (_p, { actor }) => monitor.exams(actor) });
  registerEndpoint(app, api.examSummary, {
    permission: teacher,
    handler: (p, { actor }) => monitor.examSummary(actor, Number(p.meId)),
  });
  registerEndpoint(app, api.subjectSummary, {
    permission: teacher,
    handler: (p, { actor }) => monitor.subjectSummary(actor, Number(p.seId)),
  });
  registerEndpoint(app, api.blockDetails, {
    permission: teacher,
    handler: (p, { actor }) => monitor.blockDetails(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.pauseMarker, {
    permission: teacher,
    handler: (p, { actor }) =>
      monitor.pauseMarker(actor, { blockId: Number(p.blockId), userId: Number(p.userId), paused: p.paused }),
  });
  registerEndpoint(app, api.saveSettings, {
    permission: teacher,
    handler: (p, { actor }) => monitor.saveSettings(actor, { ...p, blockId: Number(p.blockId) }),
  });
  registerEndpoint(app, api.censorSample, {
    permission: teacher,
    handler: (p, { actor }) =>
      spot.sample(actor, {
        blockId: Number(p.blockId),
        markerId: p.markerId === undefined ? undefined : Number(p.markerId),
        size: p.size,
      }),
  });
  registerEndpoint(app, api.censorCount, {
    permission: teacher,
    handler: (p, { actor }) => spot.count(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.censorPass, {
    permission: teacher,
    handler: (p, { actor }) => spot.pass(actor, { blockId: Number(p.blockId), paperId: Number(p.paperId) }),
  });
  registerEndpoint(app, api.censorCorrect, {
    permission: teacher,
    handler: (p, { actor }) =>
      spot.correct(actor, {
        blockId: Number(p.blockId),
        paperId: Number(p.paperId),
        scores: p.scores,
        reason: p.reason,
      }),
  });
}
