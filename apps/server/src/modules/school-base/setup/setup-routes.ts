import { schoolSetupApi as api, schoolSetupParams } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { badInput } from '../../../platform/errors.ts';
import { registerLocalAdminRoute } from '../../../platform/local-admin.ts';
import { createSchool, hasSchool } from './school-setup.ts';

// The first-run page's two calls: public, and setup only while the platform has no school.
// And school:create's call through the running server.
export function registerSetupRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, api.setupStatus, {
    permission: 'public',
    handler: async () => ({ hasSchool: await hasSchool(db) }),
  });
  registerEndpoint(app, api.setupSchool, {
    permission: 'public',
    handler: (p) => createSchool(db, p, { onlyFirst: true }),
  });
  // npm run school:create while the server owns the data folder (school-create-cli.ts): any school,
  // as the command makes on a stopped server.
  registerLocalAdminRoute(app, 'school-base/create-school', async (body) => {
    const parsed = schoolSetupParams.safeParse(body);
    if (!parsed.success) throw badInput(parsed.error.issues.map((issue) => issue.message).join('；'));
    return createSchool(db, parsed.data, { onlyFirst: false });
  });
}
