import { schoolSetupApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { createSchool, hasSchool } from './school-setup.ts';

// The first-run page's two calls: public, and setup only while the platform has no school.
export function registerSetupRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, api.setupStatus, {
    permission: 'public',
    handler: async () => ({ hasSchool: await hasSchool(db) }),
  });
  registerEndpoint(app, api.setupSchool, {
    permission: 'public',
    handler: (p) => createSchool(db, p, { onlyFirst: true }),
  });
}
