import { authApi } from '@huikao/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { SchoolDirectory } from './school-directory.ts';
import type { AuthService, RequestMeta } from './service.ts';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300),
});

export interface LoginLimits {
  /** Logins per address per minute, userLogin and autoLogin counted together. */
  loginsPerMinute: number;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  schools: SchoolDirectory,
  limits: LoginLimits,
): void {
  // One limiter (one count per address) shared by both ways of logging in.
  const rateLimit = app.rateLimit({ max: limits.loginsPerMinute, timeWindow: 60_000 });
  registerEndpoint(app, authApi.userLogin, {
    permission: 'public',
    onRequest: rateLimit,
    handler: (p, { request }) => auth.login(p.loginName, p.password, meta(request)),
  });
  registerEndpoint(app, authApi.autoLogin, {
    permission: 'public',
    onRequest: rateLimit,
    handler: (p, { request }) => auth.autoLogin(p.ticket, meta(request)),
  });
  registerEndpoint(app, authApi.findUserInfo, {
    permission: 'signed-in',
    beforePasswordChange: true,
    temporaryMarker: true,
    handler: (_p, { actor }) => auth.userInfo(actor),
  });
  registerEndpoint(app, authApi.findSGTByDate, {
    permission: 'signed-in',
    handler: (p, { actor }) => schools.yearAndTermOn(actor, p.schoolId, p.date),
  });
  registerEndpoint(app, authApi.updatePsw, {
    permission: 'signed-in',
    beforePasswordChange: true,
    temporaryMarker: true,
    handler: (p, { actor, request }) => auth.updatePassword(actor, p, meta(request)),
  });
  registerEndpoint(app, authApi.logout, {
    permission: 'signed-in',
    beforePasswordChange: true,
    temporaryMarker: true,
    handler: (_p, { actor, request }) => auth.logout(actor, meta(request)),
  });
  registerEndpoint(app, authApi.issueLoginTicket, {
    permission: 'school-admin',
    handler: (p, { actor }) => auth.issueTicket(actor, p.loginName),
  });
}
