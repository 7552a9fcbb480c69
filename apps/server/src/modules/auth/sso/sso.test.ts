import { authApi, SSO_CALLBACK_PATH, SSO_START_PATH, type StoredUser, ssoApi } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ssoBindings, users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call, login } from '../../../test/client.ts';
import { makeArea, makeSchool, makeTeacher, makeUser } from '../../../test/factories.ts';
import { startTestOidcProvider, type TestAccount, type TestOidcProvider } from '../../../test/oidc-provider.ts';

// Single sign-on (#19 part 4) against a real OpenID Connect provider running in this process: the
// whole authorization-code + PKCE flow over HTTP (the provider's own login form included), binding on
// first login by phone or 工号, an administrator's binding, refusals, and another school's account.

const BASE = 'http://huikao.test';
let t: TestApp;
let idp: TestOidcProvider;
let teacher: Awaited<ReturnType<typeof makeTeacher>>;
let admin: StoredUser;
let otherAdmin: StoredUser;
let coded: Awaited<ReturnType<typeof makeUser>>;
let schoolIdOf: number;
/** The provider's accounts, read at each login (a test changes a claim between logins). */
const accounts: Record<string, TestAccount> = {
  'idp-teacher': { name: '张老师' },
  'idp-coded': { name: '工号老师', employee_number: 'GH-7788' },
  'idp-stranger': { name: '陌生人', phone_number: '13900000000' },
  'idp-bound': { name: '管理员绑定' },
};

beforeAll(async () => {
  idp = await startTestOidcProvider(accounts);
  idp.start(`${BASE}${SSO_CALLBACK_PATH}`);
  t = await createTestApp({
    SSO_PROVIDERS: 'campus',
    SSO_CAMPUS_NAME: '智慧校园',
    SSO_CAMPUS_ISSUER: idp.issuer,
    SSO_CAMPUS_CLIENT_ID: idp.clientId,
    SSO_CAMPUS_CLIENT_SECRET: idp.clientSecret,
    SSO_CAMPUS_SCOPE: 'openid profile phone employee',
    SSO_REDIRECT_BASE: BASE,
  });
  const db = t.database.db;
  const area = await makeArea(db, '东城区');
  const school = await makeSchool(db, { name: '第一中学', areaId: area.id });
  const other = await makeSchool(db, { name: '第二中学', areaId: area.id });
  teacher = await makeTeacher(db, { schoolId: school.id, name: '张老师' });
  schoolIdOf = school.id;
  coded = await makeUser(db, { schoolId: school.id, type: 1 });
  await db.update(users).set({ userCode: 'GH-7788' }).where(eq(users.id, coded.id));
  const adminUser = await makeUser(db, { schoolId: school.id, type: 5 });
  admin = await login(t.app, adminUser.loginName, adminUser.password);
  const otherUser = await makeUser(db, { schoolId: other.id, type: 5 });
  otherAdmin = await login(t.app, otherUser.loginName, otherUser.password);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** A browser's cookie jar for the provider: name=value pairs from every Set-Cookie. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** The user signs in at the provider as `account`; answers the URL the provider sends the browser back to. */
async function throughProvider(authorizationUrl: string, account: string): Promise<URL> {
  const cookies = jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(BASE)) return new URL(url);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookies.header() } });
    cookies.take(response);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).toString();
      continue;
    }
    // The provider's login form: its action, then our account.
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no login form at ${url}: ${html.slice(0, 200)}`);
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: account, password: 'any' }),
    });
    cookies.take(posted);
    url = new URL(posted.headers.get('location')!, url).toString();
  }
  throw new Error('too many redirects at the provider');
}

async function signIn(account: string, redirect = '/teacher/examMark') {
  const start = await t.app.inject({
    method: 'GET',
    url: `${SSO_START_PATH}?provider=campus&redirect=${encodeURIComponent(redirect)}`,
  });
  expect(start.statusCode).toBe(302);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(idp.issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  const back = await throughProvider(authorization.toString(), account);
  expect(back.searchParams.get('code')).toBeTruthy();
  const callback = await t.app.inject({ method: 'GET', url: `${SSO_CALLBACK_PATH}${back.search}` });
  expect(callback.statusCode).toBe(302);
  return new URL(callback.headers.location as string, BASE);
}

async function ticketLogin(landing: URL) {
  expect(landing.pathname).toBe('/autoLogin');
  return call<StoredUser>(t.app, authApi.autoLogin, { ticket: landing.searchParams.get('ticket') });
}

describe('single sign-on', () => {
  it('lists the configured providers for the login page', async () => {
    const providers = await call(t.app, ssoApi.providers, {});
    expect(providers.data).toEqual([{ id: 'campus', name: '智慧校园' }]);
  });

  it('binds on first login by phone and signs in as with a password; the next login uses the binding', async () => {
    accounts['idp-teacher']!.phone_number = `+86${teacher.phone}`;
    const landing = await signIn('idp-teacher');
    expect(landing.searchParams.get('redirect')).toBe('/teacher/examMark');
    const session = await ticketLogin(landing);
    expect(session.status, session.message).toBe(200);
    expect(session.data).toMatchObject({ loginName: teacher.phone, type: 1 });
    expect(session.data.jwtToken).toBeTruthy();
    const [binding] = await t.database.db.select().from(ssoBindings).where(eq(ssoBindings.subject, 'idp-teacher'));
    expect(binding).toMatchObject({ provider: 'campus', boundBy: 'first-login' });

    // The phone changes at the provider: the binding still finds the account.
    accounts['idp-teacher']!.phone_number = '13000000000';
    const again = await ticketLogin(await signIn('idp-teacher'));
    expect(again.data.loginName).toBe(teacher.phone);
    const logins = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sso.login'));
    expect(logins).toHaveLength(2);
  });

  it('matches by 工号 when there is no phone', async () => {
    const session = await ticketLogin(await signIn('idp-coded'));
    expect(session.data.loginName).toBe(coded.loginName);
  });

  it('refuses an account that matches nobody, with a Chinese reason on the login page', async () => {
    const landing = await signIn('idp-stranger');
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('ssoError')).toBe('该智慧校园账号尚未绑定本平台账号，请联系教务管理员绑定');
  });

  it('refuses a replayed or forged callback and an unknown provider', async () => {
    const forged = await t.app.inject({ method: 'GET', url: `${SSO_CALLBACK_PATH}?code=abc&state=forged` });
    expect(new URL(forged.headers.location as string, BASE).searchParams.get('ssoError')).toBe(
      '统一身份认证已超时或无效，请重新登录',
    );
    const unknown = await t.app.inject({ method: 'GET', url: `${SSO_START_PATH}?provider=nope` });
    expect(new URL(unknown.headers.location as string, BASE).searchParams.get('ssoError')).toBe(
      '未配置统一身份认证：nope',
    );
    // An absolute redirect is dropped (no open redirect).
    const landing = await signIn('idp-teacher', 'https://evil.example/');
    expect(landing.searchParams.get('redirect')).toBeNull();
  });

  it("lets an administrator bind an account of the school, never another school's", async () => {
    const stranger = await makeUser(t.database.db, { schoolId: schoolIdOf, type: 2 });
    const taken = await call(
      t.app,
      ssoApi.oauthBind,
      { loginName: stranger.loginName, provider: 'campus', subject: 'idp-coded' },
      { session: admin },
    );
    expect(taken).toMatchObject({ status: 409, message: `该智慧校园账号已绑定账号 ${coded.loginName}` });
    const ok = await call(
      t.app,
      ssoApi.oauthBind,
      { loginName: stranger.loginName, provider: 'campus', subject: 'idp-bound' },
      { session: admin },
    );
    expect(ok.status, ok.message).toBe(200);
    const session = await ticketLogin(await signIn('idp-bound'));
    expect(session.data.loginName).toBe(stranger.loginName);
    const info = await call<{ provider: string; subject: string }[]>(
      t.app,
      ssoApi.oauthUserInfo57,
      { loginName: stranger.loginName },
      { session: admin },
    );
    expect(info.data).toMatchObject([{ provider: 'campus', providerName: '智慧校园', subject: 'idp-bound' }]);

    const before = await t.database.db.select().from(ssoBindings);
    const refused = await call(
      t.app,
      ssoApi.oauthBind,
      { loginName: stranger.loginName, provider: 'campus', subject: null },
      { session: otherAdmin },
    );
    expect(refused.http).toBe(403);
    const peek = await call(t.app, ssoApi.oauthUserInfo57, { loginName: stranger.loginName }, { session: otherAdmin });
    expect(peek.http).toBe(403);
    expect(await t.database.db.select().from(ssoBindings)).toEqual(before);
    const bad = await call(
      t.app,
      ssoApi.oauthBind,
      { loginName: '', provider: 'campus', subject: 'x' },
      { session: admin },
    );
    expect(bad).toMatchObject({ status: 400, message: '账号不能为空' });
  });
});
