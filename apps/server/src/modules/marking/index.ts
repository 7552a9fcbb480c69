// The marking module's only public door (issue #17, marking.md): 题块 set-up and dispatch.
// Scanning puts papers on a 题块 through createPapers inside its own transaction.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { Clock } from './dispatch/dispatch-service.ts';
import { registerMarkingRoutes } from './routes.ts';

export type { Clock } from './dispatch/dispatch-service.ts';
export { remergeStudents } from './merge/merge-service.ts';
export { blocksOfExam, createDefaultBlocks, finalScoresOfExam, putOnlinePaper } from './online-door.ts';
export { createPapers, type NewPaper } from './papers.ts';
// For finishing a 题块 (setup): papers still to spot-check before the quota is met.
export { spotCheckOutstanding } from './spot-check/spot-check-service.ts';

/** `storage` signs the links of scanned sheets shown to students and teachers. */
export function createMarkingModule(db: Db, clock?: Clock, storage?: FileStorage) {
  return {
    routes(app: FastifyInstance) {
      registerMarkingRoutes(app, db, clock, storage);
    },
  };
}
// For the demo seed: the scanned subject's 题块 set up and half marked through the services.
export { type DemoMarkingInput, type DemoMarkingResult, markDemoBlocks } from './demo/demo-marking.ts';
