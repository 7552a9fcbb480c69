import { markingQualityApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { createQualityLeaderService } from './leader-service.ts';

// The 题组长's quality calls for teachers (types 1 and 5); the service admits the 题块's 题组长 (and
// the school's 阅卷管理员 for 标准卷 and figures). Temporary markers never reach them.
export function registerQualityRoutes(app: FastifyInstance, db: Db): void {
  const leader = createQualityLeaderService(db);
  const teacher = 'teacher' as const;
  registerEndpoint(app, api.seededPapers, {
    permission: teacher,
    handler: (p, { actor }) => leader.seededPapers(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.setSeeded, {
    permission: teacher,
    handler: (p, { actor }) =>
      leader.setSeeded(actor, { blockId: Number(p.blockId), paperId: Number(p.paperId), scores: p.scores }),
  });
  registerEndpoint(app, api.unsetSeeded, {
    permission: teacher,
    handler: (p, { actor }) => leader.unsetSeeded(actor, { blockId: Number(p.blockId), paperId: Number(p.paperId) }),
  });
  registerEndpoint(app, api.markerQuality, {
    permission: teacher,
    handler: (p, { actor }) => leader.markerQuality(actor, Number(p.blockId)),
  });
  registerEndpoint(app, api.revealIdentity, {
    permission: teacher,
    handler: (p, { actor }) =>
      leader.revealIdentity(actor, { blockId: Number(p.blockId), problemId: Number(p.problemId) }),
  });
}
