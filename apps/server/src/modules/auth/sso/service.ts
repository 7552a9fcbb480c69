import * as oidc from 'openid-client';
import { appendAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, conflict, forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import { insertTicket } from '../repo.ts';
import type { createTokenSigner } from '../tokens.ts';
import type { SsoConfig, SsoProvider } from './config.ts';
import * as repo from './repo.ts';

// OAuth 2.0 / OpenID Connect login (#19 part 4) with openid-client: authorization code + PKCE (S256),
// state and nonce checked on the way back, the ID token verified against the provider's keys. The
// external account (provider, sub) is looked up in sso_bindings; unbound, it is bound on first login
// when the provider's phone (a teacher's login name) or 工号 names exactly one platform account.
// The browser then gets a one-time login ticket for /autoLogin, which issues the session exactly as a
// password login does (auth.autologin in the audit log, plus auth.sso.login here).

/** A pending authorization: kept in memory for 10 minutes (one process serves the callback). */
interface Pending {
  provider: string;
  verifier: string;
  nonce: string;
  redirect: string;
  expires: number;
}
const PENDING_MS = 10 * 60_000;
const MAX_PENDING = 10_000;
export const CALLBACK_PATH = '/analysis/api/teacher/exam/oauthToken57';

type Signer = ReturnType<typeof createTokenSigner>;

/** Only a path of this site: never an absolute URL (no open redirect). */
export function safeRedirect(value: string | undefined): string {
  return value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : '';
}

export function createSsoService(db: Db, signer: Signer, config: SsoConfig) {
  const pending = new Map<string, Pending>();
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function providerOf(id: string): SsoProvider {
    const provider = config.providers.find((p) => p.id === id);
    if (!provider) throw badInput(`未配置统一身份认证：${id.slice(0, 20)}`);
    return provider;
  }
  function configurationOf(provider: SsoProvider): Promise<oidc.Configuration> {
    let found = discovered.get(provider.id);
    if (!found) {
      const insecure = !config.production && provider.issuer.startsWith('http://');
      found = oidc
        .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret || undefined, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
        })
        .catch((error) => {
          discovered.delete(provider.id);
          throw error;
        });
      discovered.set(provider.id, found);
    }
    return found;
  }
  const callbackUrl = (origin: string) => `${config.redirectBase ?? origin}${CALLBACK_PATH}`;

  async function matchUser(provider: SsoProvider, claims: Record<string, unknown>) {
    const phone = typeof claims.phone_number === 'string' ? claims.phone_number.replace(/^\+86/, '') : '';
    const code = typeof claims[provider.codeClaim] === 'string' ? (claims[provider.codeClaim] as string) : '';
    const candidates = [
      ...(phone ? await repo.usersByLoginName(db, phone) : []),
      ...(code ? await repo.usersByCode(db, code) : []),
    ];
    const unique = [...new Map(candidates.map((u) => [u.id, u])).values()];
    return unique.length === 1 ? unique[0]! : null;
  }

  return {
    providers: () => config.providers.map((p) => ({ id: p.id, name: p.name })),

    /** oauthXF: the provider's authorization URL for this browser. */
    async start(providerId: string, redirect: string | undefined, origin: string): Promise<string> {
      const provider = providerOf(providerId);
      const configuration = await configurationOf(provider);
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const now = Date.now();
      for (const [key, p] of pending) if (p.expires < now) pending.delete(key);
      if (pending.size >= MAX_PENDING) throw ruleBroken('登录请求过多，请稍后再试');
      pending.set(state, {
        provider: provider.id,
        verifier,
        nonce,
        redirect: safeRedirect(redirect),
        expires: now + PENDING_MS,
      });
      return oidc
        .buildAuthorizationUrl(configuration, {
          redirect_uri: callbackUrl(origin),
          scope: provider.scope,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    /** oauthToken57: the code exchanged, the account found or bound, a one-time ticket for /autoLogin. */
    async callback(currentUrl: URL, origin: string, ip: string): Promise<string> {
      const state = currentUrl.searchParams.get('state') ?? '';
      const waiting = pending.get(state);
      pending.delete(state);
      if (!waiting || waiting.expires < Date.now()) throw ruleBroken('统一身份认证已超时或无效，请重新登录');
      if (currentUrl.searchParams.get('error')) throw ruleBroken('统一身份认证未通过，请重新登录');
      const provider = providerOf(waiting.provider);
      const configuration = await configurationOf(provider);
      // openid-client reads the code from the URL the provider redirected to.
      const back = new URL(callbackUrl(origin));
      back.search = currentUrl.search;
      const tokens = await oidc.authorizationCodeGrant(configuration, back, {
        pkceCodeVerifier: waiting.verifier,
        expectedState: state,
        expectedNonce: waiting.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      const claims = { ...idClaims, ...info } as Record<string, unknown>;
      let user = await repo.boundUser(db, provider.id, idClaims.sub);
      if (!user) {
        const matched = await matchUser(provider, claims);
        if (!matched) throw ruleBroken(`该${provider.name}账号尚未绑定本平台账号，请联系教务管理员绑定`);
        await repo
          .bind(db, { provider: provider.id, subject: idClaims.sub, userId: matched.id, boundBy: 'first-login' })
          .catch(() => {
            throw conflict('该账号已绑定其他统一身份认证账号，请联系教务管理员');
          });
        user = matched;
      }
      if (user.disabled) throw ruleBroken('账号已停用，请联系教务管理员');
      const { ticket, jti, expiresAt } = await signer.signTicket(user.id);
      await db.transaction(async (tx) => {
        await insertTicket(tx, { jti, userId: user.id, issuedBy: `sso:${provider.id}`, expiresAt });
        await appendAudit(tx, {
          actorUserId: user.id,
          actorLoginName: user.loginName,
          schoolId: user.schoolId,
          action: 'auth.sso.login',
          target: `sso:${provider.id}`,
          ip,
        });
      });
      const redirect = waiting.redirect ? `&redirect=${encodeURIComponent(waiting.redirect)}` : '';
      return `/autoLogin?ticket=${encodeURIComponent(ticket)}${redirect}`;
    },

    /** oauthUserInfo57: an account's bindings — one's own, or (administrator) any of the school's. */
    async bindings(actor: Actor, loginName: string | undefined) {
      const user = loginName ? await repo.userByLoginName(db, loginName) : await repo.userById(db, actor.userId);
      if (!user) throw notFound(`账号 ${loginName} 不存在`);
      if (user.id !== actor.userId && (actor.type !== 5 || user.schoolId !== actor.schoolId)) {
        throw forbidden('只能查看本校账号的统一身份认证绑定');
      }
      const rows = await repo.bindingsOf(db, user.id);
      return rows.map((r) => ({
        provider: r.provider,
        providerName: config.providers.find((p) => p.id === r.provider)?.name ?? r.provider,
        subject: r.subject,
        boundAt: r.createdAt.toISOString(),
      }));
    },

    /** Administrator: binds (or unbinds, subject null) an external account to a user of the school. */
    async setBinding(actor: Actor, p: { loginName: string; provider: string; subject: string | null }) {
      const provider = providerOf(p.provider);
      const user = await repo.userByLoginName(db, p.loginName);
      if (!user) throw notFound(`账号 ${p.loginName} 不存在`);
      if (user.schoolId !== actor.schoolId) throw forbidden('只能绑定本校账号');
      await db.transaction(async (tx) => {
        await repo.unbind(tx, provider.id, user.id);
        if (p.subject !== null) {
          const taken = await repo.boundUser(tx, provider.id, p.subject);
          if (taken) throw conflict(`该${provider.name}账号已绑定账号 ${taken.loginName}`);
          await repo.bind(tx, { provider: provider.id, subject: p.subject, userId: user.id, boundBy: actor.loginName });
        }
        await appendAudit(tx, {
          actorUserId: actor.userId,
          actorLoginName: actor.loginName,
          schoolId: actor.schoolId,
          action: p.subject === null ? 'auth.sso.unbind' : 'auth.sso.bind',
          target: `user:${user.id}`,
          after: { provider: provider.id, subject: p.subject },
        });
      });
      return null;
    },
  };
}
