import { type StoredUser, storedUserSchema } from '@huikao/contracts';
import Cookies from 'js-cookie';
import { useAppStore } from './app-store.ts';
import { homePathFor } from './areas.ts';
import { queryClient } from './query-client.ts';

/** The session cookie: it holds the jwtToken; its presence is what the route guard checks (spec §2). */
export const SESSION_COOKIE = 'huikao_token';
/** localStorage key of the stored user of spec §3. */
export const STORED_USER_KEY = 'huikao.user';

/** Spec §9: the token cookie is set for 1 day at login. */
const LOGIN_COOKIE_DAYS = 1;
/** Spec §2: every route change renews the cookie for 2 hours. */
export const RENEW_COOKIE_MS = 2 * 60 * 60 * 1000;

function cookieAttributes(expires: number | Date): Cookies.CookieAttributes {
  return { path: '/', expires, sameSite: 'lax', secure: window.location.protocol === 'https:' };
}

export function hasSessionCookie(): boolean {
  return Boolean(Cookies.get(SESSION_COOKIE));
}

/** The stored user, or null when missing or not of the expected shape (e.g. left by an older release). */
export function readStoredUser(): StoredUser | null {
  const raw = window.localStorage.getItem(STORED_USER_KEY);
  if (!raw) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Login (spec §4): sets the cookie for 1 day and the stored user. */
export function startSession(user: StoredUser): void {
  window.localStorage.setItem(STORED_USER_KEY, JSON.stringify(user));
  Cookies.set(SESSION_COOKIE, user.jwtToken, cookieAttributes(LOGIN_COOKIE_DAYS));
}

/** Route guard rule 3: a present cookie lives 2 more hours from now. */
export function renewSessionCookie(now: number = Date.now()): void {
  const value = Cookies.get(SESSION_COOKIE);
  if (!value) return;
  Cookies.set(SESSION_COOKIE, value, cookieAttributes(new Date(now + RENEW_COOKIE_MS)));
}

export function removeSessionCookie(): void {
  Cookies.remove(SESSION_COOKIE, { path: '/' });
}

/**
 * Logout, a failed guard or 重新登录 (spec §4): removes the cookie and the stored user, resets the
 * UI store and drops cached server data so the next user of this tab sees none of it.
 */
export function clearSession(): void {
  removeSessionCookie();
  window.localStorage.removeItem(STORED_USER_KEY);
  useAppStore.getState().reset();
  queryClient.clear();
}

/** Where 返回首页 leads: the signed-in user's area, else /login. */
export function currentHomePath(): string {
  return hasSessionCookie() ? homePathFor(readStoredUser()?.type) : '/login';
}
