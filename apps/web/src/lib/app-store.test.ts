import { afterEach, describe, expect, it } from 'vitest';
import { APP_STATE_KEY, installAppStatePersistence, restoreAppState, saveAppState, useAppStore } from './app-store.ts';

const selection = {
  schoolYear: { schyId: 'Y2025', name: '2025-2026学年', startDate: '2025-09-01', endDate: '2026-07-31' },
  term: {
    termId: 'T2',
    schyId: 'Y2025',
    name: '第二学期',
    termNo: 2,
    startDate: '2026-02-16',
    endDate: '2026-07-31',
  },
};

afterEach(() => {
  sessionStorage.clear();
  useAppStore.setState({ loadingCount: 0 });
  useAppStore.getState().reset();
});

describe('application state across a reload (spec §4)', () => {
  it('is saved to sessionStorage on unload and restored on the next load', () => {
    const uninstall = installAppStatePersistence(window);
    useAppStore.getState().setSchoolYearTerm(selection);
    useAppStore.getState().setSiderCollapsed(true);
    useAppStore.getState().beginLoading();
    window.dispatchEvent(new Event('beforeunload'));
    uninstall();

    const saved = JSON.parse(sessionStorage.getItem(APP_STATE_KEY) ?? 'null');
    // Transient state (running calls, open dialogs) is not part of what a reload brings back.
    expect(saved).toEqual({ version: 1, state: { schoolYearTerm: selection, siderCollapsed: true } });

    // The "next page load": a fresh store, then the install restores it.
    useAppStore.setState({ loadingCount: 0 });
    useAppStore.getState().reset();
    expect(useAppStore.getState().schoolYearTerm).toBeNull();
    installAppStatePersistence(window)();
    expect(useAppStore.getState().schoolYearTerm).toEqual(selection);
    expect(useAppStore.getState().siderCollapsed).toBe(true);
    expect(useAppStore.getState().loadingCount).toBe(0);
  });

  it('saves on pagehide too (mobile browsers and the back-forward cache skip beforeunload)', () => {
    const uninstall = installAppStatePersistence(window);
    useAppStore.getState().setSiderCollapsed(true);
    window.dispatchEvent(new Event('pagehide'));
    uninstall();
    expect(JSON.parse(sessionStorage.getItem(APP_STATE_KEY) ?? 'null')?.state.siderCollapsed).toBe(true);
  });

  it('ignores saved state that is unreadable or of another shape, rather than half-applying it', () => {
    for (const raw of [
      '{not json',
      JSON.stringify({ version: 99, state: { schoolYearTerm: null, siderCollapsed: true } }),
      JSON.stringify({ version: 1, state: { schoolYearTerm: { term: 'x' }, siderCollapsed: true } }),
      JSON.stringify({ version: 1, state: { schoolYearTerm: null, siderCollapsed: 'yes' } }),
    ]) {
      sessionStorage.setItem(APP_STATE_KEY, raw);
      expect(restoreAppState(sessionStorage), raw).toBe(false);
      expect(useAppStore.getState().siderCollapsed).toBe(false);
    }
  });

  it('round-trips through save and restore', () => {
    useAppStore.getState().setSchoolYearTerm(selection);
    saveAppState(sessionStorage);
    useAppStore.getState().reset();
    expect(restoreAppState(sessionStorage)).toBe(true);
    expect(useAppStore.getState().schoolYearTerm).toEqual(selection);
  });
});
