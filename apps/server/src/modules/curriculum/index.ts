// The curriculum module's only public door (issue #19 part 3): the school's courses, majors by
// enter year, each major's teaching plan and lessons, the majors setting, and their Excel files.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerCurriculumRoutes } from './routes.ts';

export function createCurriculumModule(db: Db) {
  return {
    routes(app: FastifyInstance) {
      registerCurriculumRoutes(app, db);
    },
  };
}
