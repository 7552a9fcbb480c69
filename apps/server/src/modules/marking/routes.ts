import { markingApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { registerDeskRoutes } from './desk/routes.ts';
import { type Clock, createDispatchService } from './dispatch/dispatch-service.ts';
import { registerMonitorRoutes } from './monitor/routes.ts';
import { registerQualityRoutes } from './quality/routes.ts';
import { registerSetupRoutes } from './setup/routes.ts';
import { createSetupService } from './setup/setup-service.ts';
import { registerTempUserRoutes } from './temp-users/routes.ts';

// Marking calls: set-up for the school administrator (type 5), dispatch for teachers (types 1
// and 5) who are markers of the 题块 (the services check the seat). Students are refused.
export function registerMarkingRoutes(app: FastifyInstance, db: Db, clock?: Clock, storage?: FileStorage): void {
  const setup = createSetupService(db);
  const dispatch = createDispatchService(db, clock);
  const admin = 'school-admin' as const;
  const marker = 'teacher' as const;
  const lease = (p: { blockId: string; paperId: string; token: string }) => ({
    blockId: Number(p.blockId),
    paperId: Number(p.paperId),
    token: Number(p.token),
  });

  registerEndpoint(app, api.findBlocks, {
    permission: admin,
    handler: (p, { actor }) => setup.findBlocks(actor, Number(p.seId)),
  });
  registerEndpoint(app, api.saveBlocks, { permission: admin, handler: (p, { actor }) => setup.saveBlocks(actor, p) });
  registerEndpoint(app, api.getExamTasks, {
    permission: admin,
    handler: (p, { actor }) => setup.getTasks(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.saveTasks, { permission: admin, handler: (p, { actor }) => setup.saveTasks(actor, p) });
  registerEndpoint(app, api.deleteTasks, { permission: admin, handler: (p, { actor }) => setup.deleteTasks(actor, p) });
  registerSetupRoutes(app, db, storage);
  registerEndpoint(app, api.myTasks, {
    permission: marker,
    temporaryMarker: true,
    handler: (_p, { actor }) => setup.myTasks(actor),
  });
  registerEndpoint(app, api.claim, {
    permission: marker,
    temporaryMarker: true,
    sessionMemory: true,
    handler: (p, { actor }) => dispatch.claim(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.claimQueue, {
    permission: marker,
    temporaryMarker: true,
    sessionMemory: true,
    handler: (p, { actor }) => dispatch.claimQueue(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.renew, {
    permission: marker,
    temporaryMarker: true,
    sessionMemory: true,
    handler: (p, { actor }) => dispatch.renew(actor, lease(p)),
  });
  registerEndpoint(app, api.release, {
    permission: marker,
    temporaryMarker: true,
    sessionMemory: true,
    handler: (p, { actor }) => dispatch.release(actor, lease(p)),
  });
  registerEndpoint(app, api.submit, {
    permission: marker,
    temporaryMarker: true,
    sessionMemory: true,
    handler: (p, { actor }) => dispatch.submit(actor, { ...lease(p), scores: p.scores, seconds: p.seconds }),
  });
  registerDeskRoutes(app, db, clock, storage);
  registerMonitorRoutes(app, db, clock, storage);
  registerQualityRoutes(app, db);
  registerTempUserRoutes(app, db);
}
