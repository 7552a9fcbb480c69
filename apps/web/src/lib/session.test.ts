import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from './app-store.ts';
import {
  clearSession,
  currentHomePath,
  hasSessionCookie,
  RENEW_COOKIE_MS,
  readStoredUser,
  renewSessionCookie,
  SESSION_COOKIE,
  STORED_USER_KEY,
  startSession,
} from './session.ts';
import { aStoredUser } from './test-fakes.ts';

afterEach(() => {
  vi.restoreAllMocks();
  Cookies.remove(SESSION_COOKIE, { path: '/' });
  localStorage.clear();
});

describe('session', () => {
  it('login sets the jwtToken cookie for 1 day and the stored user', () => {
    const set = vi.spyOn(Cookies, 'set');
    const user = aStoredUser({ type: 4 });
    startSession(user);
    expect(set).toHaveBeenCalledWith(SESSION_COOKIE, user.jwtToken, expect.objectContaining({ path: '/', expires: 1 }));
    expect(Cookies.get(SESSION_COOKIE)).toBe(user.jwtToken);
    expect(JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? 'null')).toEqual(user);
    expect(readStoredUser()).toEqual(user);
    expect(currentHomePath()).toBe('/school');
  });

  it('renewal keeps the cookie value and sets it to expire 2 hours from now', () => {
    startSession(aStoredUser());
    const set = vi.spyOn(Cookies, 'set');
    renewSessionCookie(1_800_000_000_000);
    expect(set).toHaveBeenCalledWith(
      SESSION_COOKIE,
      'header.payload.signature',
      expect.objectContaining({ path: '/', expires: new Date(1_800_000_000_000 + RENEW_COOKIE_MS) }),
    );
    expect(RENEW_COOKIE_MS).toBe(7_200_000);
  });

  it('renewal does not bring back a removed cookie', () => {
    renewSessionCookie();
    expect(hasSessionCookie()).toBe(false);
  });

  it('a stored user of the wrong shape counts as missing', () => {
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ loginName: 'x' }));
    expect(readStoredUser()).toBeNull();
    localStorage.setItem(STORED_USER_KEY, '{broken');
    expect(readStoredUser()).toBeNull();
  });

  it('clearSession removes the cookie and the stored user and resets the store', () => {
    startSession(aStoredUser());
    useAppStore.getState().openChangePassword(true);
    useAppStore.getState().setSiderCollapsed(true);
    clearSession();
    expect(hasSessionCookie()).toBe(false);
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
    expect(useAppStore.getState().changePassword).toEqual({ open: false, forced: false });
    expect(useAppStore.getState().siderCollapsed).toBe(false);
    expect(currentHomePath()).toBe('/login');
  });
});
