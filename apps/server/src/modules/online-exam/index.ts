// The online-exam module's only public door (issue #18): online exams made from question-bank
// papers, sat on screen, closed by the server at their deadline, marked by the marking desk.
import type { UserPaperDetail } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createOnlineExamMaking } from './create-service.ts';
import { createManageService } from './manage-service.ts';
import { createPhotoService } from './photo-service.ts';
import { registerOnlineExamRoutes } from './routes.ts';
import { type Clock, createSittingService, systemClock } from './sitting-service.ts';

export type { Clock } from './sitting-service.ts';

/** The demo seed's door: an online exam from a paper it assembled (the rules of saveOnlineExam). */
export function createOnlineExamFromPaper(
  db: Db,
  actor: Parameters<ReturnType<typeof createOnlineExamMaking>['fromPaper']>[0],
  paper: UserPaperDetail,
  params: Parameters<ReturnType<typeof createOnlineExamMaking>['fromPaper']>[2],
) {
  return createOnlineExamMaking(db).fromPaper(actor, paper, params);
}
export { makerActor } from './closing.ts';

export interface OnlineExamOptions {
  clock?: Clock;
  /** How often this process closes sittings past their deadline (ms); 0: never (tests call sweep). */
  sweepMs?: number;
  onSweepError?: (error: unknown) => void;
  /** Where answer photos are kept; without it the photo calls are not served. */
  storage?: FileStorage;
}

export function createOnlineExamModule(db: Db, options: OnlineExamOptions = {}) {
  const clock = options.clock ?? systemClock;
  const sitting = createSittingService(db, clock);
  const manage = createManageService(db, clock);
  const photos = options.storage ? createPhotoService(db, options.storage, clock) : null;
  let timer: NodeJS.Timeout | null = null;
  return {
    /** Closes every sitting past its deadline now; returns how many. */
    sweep: () => manage.sweep(),
    routes(app: FastifyInstance) {
      registerOnlineExamRoutes(app, db, sitting, manage, photos);
    },
    /** Starts the periodic sweep: sittings close at their deadline whether a browser is there or not. */
    start() {
      if (timer || !options.sweepMs) return;
      timer = setInterval(() => {
        manage.sweep().catch((error) => options.onSweepError?.(error));
      }, options.sweepMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
