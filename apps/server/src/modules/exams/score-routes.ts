import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';

// Score calls: entry, import, finalise, publish, exports, score records and students' own views
// (issue #4). Thin: permission, then one service call.
export function registerScoreRoutes(_app: FastifyInstance, _db: Db): void {}
