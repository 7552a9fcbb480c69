import { type SchoolYearTerm, sgtSchema } from '@huikao/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface ChangePasswordDialogState {
  open: boolean;
  /** Forced after an administrator reset: the dialog cannot be dismissed. */
  forced: boolean;
}

/**
 * UI state only (house style): server data lives in TanStack Query. Spec §4: the whole application
 * state is saved to sessionStorage and restored on load; this is that state (see pickPersistedState).
 */
export interface PersistedAppState {
  /** Spec §4: the chosen school year and grade term are kept as the current selection. */
  schoolYearTerm: SchoolYearTerm | null;
  siderCollapsed: boolean;
  changePassword: ChangePasswordDialogState;
}

export interface AppState extends PersistedAppState {
  /** Calls showing the 拼命加载中 overlay that are still running (not saved: they end with the page). */
  loadingCount: number;
  setSchoolYearTerm: (selection: SchoolYearTerm | null) => void;
  setSiderCollapsed: (collapsed: boolean) => void;
  beginLoading: () => void;
  endLoading: () => void;
  openChangePassword: (forced?: boolean) => void;
  closeChangePassword: () => void;
  /** Back to the logged-out state; running calls keep their loading count so the overlay still ends. */
  reset: () => void;
}

const closedDialog: ChangePasswordDialogState = { open: false, forced: false };
const initialPersisted: PersistedAppState = {
  schoolYearTerm: null,
  siderCollapsed: false,
  changePassword: closedDialog,
};

/** sessionStorage key of the saved application state (spec §4). */
export const APP_STATE_KEY = 'huikao.app-state';
const APP_STATE_VERSION = 2;

/**
 * What is saved: the whole application state (spec §4) but its functions and the count of running
 * calls. Those calls end with the page that made them; restoring their count would leave the
 * 拼命加载中 overlay up for ever.
 */
export function pickPersistedState(state: AppState): PersistedAppState {
  return {
    schoolYearTerm: state.schoolYearTerm,
    siderCollapsed: state.siderCollapsed,
    changePassword: state.changePassword,
  };
}

/**
 * The saved state as it may be used, or null: anything unreadable or of another shape is ignored,
 * never half-applied. Version 1 (before zustand's persist) had no dialog state: it is closed.
 */
export function readPersistedState(saved: unknown, version: number): PersistedAppState | null {
  const withDialog =
    version === 1 && typeof saved === 'object' && saved !== null ? { changePassword: closedDialog, ...saved } : saved;
  if ((version !== 1 && version !== APP_STATE_VERSION) || typeof withDialog !== 'object' || withDialog === null) {
    return null;
  }
  const { schoolYearTerm, siderCollapsed, changePassword } = withDialog as Record<string, unknown>;
  const selection = sgtSchema.nullable().safeParse(schoolYearTerm ?? null);
  const dialog = changePassword as Partial<ChangePasswordDialogState> | null | undefined;
  if (!selection.success || typeof siderCollapsed !== 'boolean') return null;
  if (typeof dialog?.open !== 'boolean' || typeof dialog.forced !== 'boolean') return null;
  return {
    schoolYearTerm: selection.data,
    siderCollapsed,
    changePassword: { open: dialog.open, forced: dialog.forced },
  };
}

/**
 * zustand's persist middleware keeps the store in sessionStorage: written on every change (so it is
 * there whenever the page unloads, even one that never gets its unload event) and read back as the
 * store is created, before the first render.
 */
export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initialPersisted,
      loadingCount: 0,
      setSchoolYearTerm: (schoolYearTerm) => set({ schoolYearTerm }),
      setSiderCollapsed: (siderCollapsed) => set({ siderCollapsed }),
      beginLoading: () => set((state) => ({ loadingCount: state.loadingCount + 1 })),
      endLoading: () => set((state) => ({ loadingCount: Math.max(0, state.loadingCount - 1) })),
      openChangePassword: (forced = false) => set({ changePassword: { open: true, forced } }),
      closeChangePassword: () => set({ changePassword: closedDialog }),
      reset: () => set({ ...initialPersisted }),
    }),
    {
      name: APP_STATE_KEY,
      version: APP_STATE_VERSION,
      storage: createJSONStorage(() => sessionStorage),
      partialize: pickPersistedState,
      migrate: (saved, version) => readPersistedState(saved, version) ?? initialPersisted,
      // A saved state of the right version is still checked: a hand-edited or foreign value is dropped.
      merge: (saved, current) => ({ ...current, ...(readPersistedState(saved, APP_STATE_VERSION) ?? {}) }),
    },
  ),
);
