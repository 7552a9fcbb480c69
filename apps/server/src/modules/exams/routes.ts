import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';

// Exam set-up calls: multi and single exams, exam students, questions and groups, standard papers,
// exam documents, SSC and ELA (issue #4). Thin: permission, then one service call.
export function registerExamRoutes(_app: FastifyInstance, _db: Db, _storage: FileStorage): void {}
