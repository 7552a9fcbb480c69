// The analysis module's only public door (issue #5): report computation (runs) and the report calls.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { registerAnalysisRoutes } from './routes.ts';
import { createReportRuns, type ReportRuns, type RunsOptions } from './runs/service.ts';
import { registerSchoolCardRoutes } from './school-card/routes.ts';

export { type ReportRuns, type RunsOptions, schoolRunKey, unionRunKey } from './runs/service.ts';

export interface AnalysisDeps {
  storage: FileStorage;
  runs?: RunsOptions;
}

export function createAnalysisModule(db: Db, deps: AnalysisDeps) {
  const runs: ReportRuns = createReportRuns(db, deps.runs);
  return {
    runs,
    routes(app: FastifyInstance) {
      registerAnalysisRoutes(app, db, runs);
      registerSchoolCardRoutes(app, db, runs);
    },
  };
}
