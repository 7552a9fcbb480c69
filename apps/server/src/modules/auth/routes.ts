import { authApi } from '@huikao/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { SchoolDirectory } from './school-directory.ts';
import type { AuthService, RequestMeta } from './service.ts';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300),
});

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, schools: SchoolDirectory): void {
  registerEndpoint(app, authApi.userLogin, {
    permission: 'public',
    handler: (p, { request }) => auth.login(p.loginName, p.password, meta(request)),
  });
  registerEndpoint(app, authApi.autoLogin, {
    permission: 'public',
    handler: (p, { request }) => auth.autoLogin(p.ticket, meta(request)),
  });
  registerEndpoint(app, authApi.findUserInfo, {
    permission: 'signed-in',
    handler: (_p, { actor }) => auth.userInfo(actor),
  });
  registerEndpoint(app, authApi.findSGTByDate, {
    permission: 'signed-in',
    handler: (p, { actor }) => schools.yearAndTermOn(actor, p.schoolId, p.date),
  });
  registerEndpoint(app, authApi.updatePsw, {
    permission: 'signed-in',
    handler: (p, { actor, request }) => auth.updatePassword(actor, p, meta(request)),
  });
  registerEndpoint(app, authApi.logout, {
    permission: 'signed-in',
    handler: (_p, { actor, request }) => auth.logout(actor, meta(request)),
  });
  registerEndpoint(app, authApi.issueLoginTicket, {
    permission: 'school-admin',
    handler: (p, { actor }) => auth.issueTicket(actor, p.loginName),
  });
}
