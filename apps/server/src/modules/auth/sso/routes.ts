import { SSO_CALLBACK_PATH, SSO_START_PATH, ssoApi } from '@huikao/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import type { createSsoService } from './service.ts';

type Sso = ReturnType<typeof createSsoService>;

/** What the user reads on the login page: our own Chinese messages; anything else said plainly. */
function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return '统一身份认证失败，请稍后重试或使用账号密码登录';
}
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function registerSsoRoutes(app: FastifyInstance, sso: Sso): void {
  registerEndpoint(app, ssoApi.providers, { permission: 'public', handler: async () => sso.providers() });
  registerEndpoint(app, ssoApi.oauthUserInfo57, {
    permission: 'signed-in',
    handler: (p, { actor }) => sso.bindings(actor, p.loginName),
  });
  registerEndpoint(app, ssoApi.oauthBind, {
    permission: 'school-admin',
    handler: (p, { actor }) => sso.setBinding(actor, p),
  });

  // Browser navigations: every failure goes back to the login page with its reason.
  app.get(SSO_START_PATH, async (request, reply) => {
    const query = request.query as { provider?: string; redirect?: string };
    try {
      return reply.redirect(await sso.start(String(query.provider ?? ''), query.redirect, originOf(request)));
    } catch (error) {
      request.log.warn({ err: error }, 'sso start failed');
      return reply.redirect(`/login?ssoError=${encodeURIComponent(reasonOf(error))}`);
    }
  });
  app.get(SSO_CALLBACK_PATH, async (request, reply) => {
    try {
      const url = new URL(request.url, originOf(request));
      return reply.redirect(await sso.callback(url, originOf(request), request.ip));
    } catch (error) {
      request.log.warn({ err: error }, 'sso callback failed');
      return reply.redirect(`/login?ssoError=${encodeURIComponent(reasonOf(error))}`);
    }
  });
}
