import { afterEach, describe, expect, it } from 'vitest';
import { APP_STATE_KEY, useAppStore } from './app-store.ts';

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

const saved = () => JSON.parse(sessionStorage.getItem(APP_STATE_KEY) ?? 'null');

/** The next page load: what sessionStorage holds comes back into the store. */
async function reload(raw: string) {
  useAppStore.setState({ loadingCount: 0 });
  useAppStore.getState().reset();
  sessionStorage.setItem(APP_STATE_KEY, raw);
  await useAppStore.persist.rehydrate();
}

afterEach(() => {
  useAppStore.setState({ loadingCount: 0 });
  useAppStore.getState().reset();
  sessionStorage.clear();
});

describe('application state across a reload (spec §4)', () => {
  it("is kept by zustand's persist middleware in sessionStorage", () => {
    const options = useAppStore.persist.getOptions();
    expect(options.name).toBe(APP_STATE_KEY);
    useAppStore.getState().setSiderCollapsed(true);
    // Written as it changes, so it is there whenever the page unloads.
    expect(saved()).toMatchObject({ version: 2, state: { siderCollapsed: true } });
    expect(localStorage.getItem(APP_STATE_KEY)).toBeNull();
  });

  it('saves the whole application state but the count of running calls', () => {
    useAppStore.getState().setSchoolYearTerm(selection);
    useAppStore.getState().setSiderCollapsed(true);
    useAppStore.getState().openChangePassword(false);
    useAppStore.getState().beginLoading();
    expect(saved()).toEqual({
      version: 2,
      state: { schoolYearTerm: selection, siderCollapsed: true, changePassword: { open: true, forced: false } },
    });
  });

  it('restores it on the next load, with no call running', async () => {
    useAppStore.getState().setSchoolYearTerm(selection);
    useAppStore.getState().setSiderCollapsed(true);
    useAppStore.getState().beginLoading();
    const raw = sessionStorage.getItem(APP_STATE_KEY)!;
    await reload(raw);
    const state = useAppStore.getState();
    expect(state.schoolYearTerm).toEqual(selection);
    expect(state.siderCollapsed).toBe(true);
    expect(state.loadingCount).toBe(0);
  });

  it('reads the state saved before persist (version 1) with the dialog closed', async () => {
    await reload(JSON.stringify({ version: 1, state: { schoolYearTerm: selection, siderCollapsed: true } }));
    expect(useAppStore.getState()).toMatchObject({
      schoolYearTerm: selection,
      siderCollapsed: true,
      changePassword: { open: false, forced: false },
    });
  });

  it('ignores saved state that is unreadable or of another shape, rather than half-applying it', async () => {
    for (const raw of [
      '{not json',
      JSON.stringify({ version: 99, state: { schoolYearTerm: null, siderCollapsed: true } }),
      JSON.stringify({ version: 1, state: { schoolYearTerm: { term: 'x' }, siderCollapsed: true } }),
      JSON.stringify({ version: 2, state: { schoolYearTerm: null, siderCollapsed: 'yes' } }),
      JSON.stringify({
        version: 2,
        state: { schoolYearTerm: null, siderCollapsed: true, changePassword: { open: 'yes', forced: false } },
      }),
    ]) {
      await reload(raw);
      expect(useAppStore.getState().siderCollapsed, raw).toBe(false);
      expect(useAppStore.getState().schoolYearTerm, raw).toBeNull();
    }
  });
});
