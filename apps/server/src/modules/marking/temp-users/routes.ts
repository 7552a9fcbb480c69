import { markingTempUsersApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { createTempUsersService } from './temp-users-service.ts';

// 临时阅卷账号 for the school administrator (type 5), who sets up the 联考's marking.
export function registerTempUserRoutes(app: FastifyInstance, db: Db): void {
  const temp = createTempUsersService(db);
  const admin = 'school-admin' as const;
  registerEndpoint(app, api.createTempUsers, { permission: admin, handler: (p, { actor }) => temp.create(actor, p) });
  registerEndpoint(app, api.tempLoginUsers, { permission: admin, handler: (p, { actor }) => temp.list(actor, p) });
  registerEndpoint(app, api.disableTempUser, { permission: admin, handler: (p, { actor }) => temp.disable(actor, p) });
  registerEndpoint(app, api.deleteTempUser, {
    permission: admin,
    handler: (p, { actor }) => temp.disable(actor, p, true),
  });
}
