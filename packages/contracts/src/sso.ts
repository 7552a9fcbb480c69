import { z } from 'zod';
import { emptyParams, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// Single sign-on (spec §7 oauthToken57, oauthUserInfo57, oauthXF; issue #19 part 4). The login itself
// is two browser navigations, not envelope calls: GET `SSO_START_PATH?provider=&redirect=` (oauthXF)
// sends the browser to the provider; the provider sends it back to `SSO_CALLBACK_PATH` (oauthToken57),
// which forwards to /autoLogin with a one-time ticket, or to /login?ssoError=… with the reason.

export const SSO_START_PATH = '/analysis/api/teacher/exam/oauthXF';
export const SSO_CALLBACK_PATH = '/analysis/api/teacher/exam/oauthToken57';

export const ssoProviderSchema = z.object({ id: z.string(), name: z.string() });
export type SsoProviderInfo = z.infer<typeof ssoProviderSchema>;
export const ssoBindingSchema = z.object({
  provider: z.string(),
  providerName: z.string(),
  subject: z.string(),
  boundAt: z.string(),
});

const loginName = textSchema('账号', { min: 1, max: 50 });
const provider = textSchema('认证方式', { min: 1, max: 20 });

export const ssoApi = {
  /** ★ The configured providers, for the login page's buttons. */
  providers: endpoint('analysis', 'sso/providers', {
    kind: 'get',
    access: 'public',
    params: emptyParams,
    response: z.array(ssoProviderSchema),
  }),
  /** An account's bound external accounts: one's own, or (administrator) a school account's by login name. */
  oauthUserInfo57: endpoint('analysis', 'teacher/exam/oauthUserInfo57', {
    kind: 'encrypted',
    access: 'session',
    params: z.object({ loginName: loginName.optional() }),
    response: z.array(ssoBindingSchema),
  }),
  /** ★ Administrator: bind an external account (the provider's `sub`) to a school account, or unbind (null). */
  oauthBind: endpoint('analysis', 'teacher/exam/oauthBind', {
    kind: 'encrypted',
    access: 'session',
    params: z.object({
      loginName,
      provider,
      subject: textSchema('外部账号标识', { min: 1, max: 200 }).nullable(),
    }),
    response: z.null(),
  }),
};
