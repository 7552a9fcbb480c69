import { schoolCardApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { createReadReportsService } from '../read/reports-service.ts';
import { createStoredReports, type ReportRunsView } from '../read/stored.ts';
import { createSchoolCardService } from './service.ts';

// The older school service's GETs under /schoolcard/api: open to every signed-in reader like the
// report finders (the scope inside decides; students and another school's ids are refused 403),
// answered with an ETag so displays poll cheaply.

export function registerSchoolCardRoutes(app: FastifyInstance, db: Db, runs: ReportRunsView): void {
  const stored = createStoredReports(db, runs);
  const cards = createSchoolCardService(db, stored, createReadReportsService(db, stored));
  registerEndpoint(app, api.summaryCard, {
    permission: 'signed-in',
    etag: true,
    handler: (p, { actor }) => cards.summaryCard(actor, p),
  });
  registerEndpoint(app, api.studentScoreCard, {
    permission: 'signed-in',
    etag: true,
    handler: (p, { actor }) => cards.studentScoreCard(actor, p),
  });
  registerEndpoint(app, api.classScoreList, {
    permission: 'signed-in',
    etag: true,
    handler: (p, { actor }) => cards.classScoreList(actor, p),
  });
}
