import { type SchoolYearTerm, sgtSchema } from '@huikao/contracts';
import { create } from 'zustand';

/**
 * UI state only (house style): server data lives in TanStack Query. The persisted part is what
 * spec §4 keeps across a reload of the tab; the rest is transient.
 */
export interface PersistedAppState {
  /** Spec §4: the chosen school year and grade term are kept as the current selection. */
  schoolYearTerm: SchoolYearTerm | null;
  siderCollapsed: boolean;
}

export interface ChangePasswordDialogState {
  open: boolean;
  /** Forced after an administrator reset: the dialog cannot be dismissed. */
  forced: boolean;
}

export interface AppState extends PersistedAppState {
  /** Calls showing the 拼命加载中 overlay that are still running. */
  loadingCount: number;
  changePassword: ChangePasswordDialogState;
  setSchoolYearTerm: (selection: SchoolYearTerm | null) => void;
  setSiderCollapsed: (collapsed: boolean) => void;
  beginLoading: () => void;
  endLoading: () => void;
  openChangePassword: (forced?: boolean) => void;
  closeChangePassword: () => void;
  /** Back to the logged-out state; running calls keep their loading count so the overlay still ends. */
  reset: () => void;
}

const initialPersisted: PersistedAppState = { schoolYearTerm: null, siderCollapsed: false };
const closedDialog: ChangePasswordDialogState = { open: false, forced: false };

export const useAppStore = create<AppState>()((set) => ({
  ...initialPersisted,
  loadingCount: 0,
  changePassword: closedDialog,
  setSchoolYearTerm: (schoolYearTerm) => set({ schoolYearTerm }),
  setSiderCollapsed: (siderCollapsed) => set({ siderCollapsed }),
  beginLoading: () => set((state) => ({ loadingCount: state.loadingCount + 1 })),
  endLoading: () => set((state) => ({ loadingCount: Math.max(0, state.loadingCount - 1) })),
  openChangePassword: (forced = false) => set({ changePassword: { open: true, forced } }),
  closeChangePassword: () => set({ changePassword: closedDialog }),
  reset: () => set({ ...initialPersisted, changePassword: closedDialog }),
}));

/** sessionStorage key of the saved application state (spec §4). */
export const APP_STATE_KEY = 'huikao.app-state';
const APP_STATE_VERSION = 1;

export function pickPersistedState(state: AppState): PersistedAppState {
  return { schoolYearTerm: state.schoolYearTerm, siderCollapsed: state.siderCollapsed };
}

export function saveAppState(storage: Storage = window.sessionStorage): void {
  const saved = { version: APP_STATE_VERSION, state: pickPersistedState(useAppStore.getState()) };
  storage.setItem(APP_STATE_KEY, JSON.stringify(saved));
}

/** Reads the saved state back; anything unreadable or from another version is ignored, never half-applied. */
export function restoreAppState(storage: Storage = window.sessionStorage): boolean {
  const restored = readSavedState(storage.getItem(APP_STATE_KEY));
  if (!restored) return false;
  useAppStore.setState(restored);
  return true;
}

function readSavedState(raw: string | null): PersistedAppState | null {
  if (!raw) return null;
  let saved: unknown;
  try {
    saved = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const { version, state } = saved as { version?: unknown; state?: Record<string, unknown> };
  if (version !== APP_STATE_VERSION || typeof state !== 'object' || state === null) return null;
  const selection = sgtSchema.nullable().safeParse(state.schoolYearTerm ?? null);
  if (!selection.success || typeof state.siderCollapsed !== 'boolean') return null;
  return { schoolYearTerm: selection.data, siderCollapsed: state.siderCollapsed };
}

/**
 * Spec §4: restore on load, save on unload. `pagehide` as well as `beforeunload`, because mobile
 * browsers and the back-forward cache skip `beforeunload`.
 */
export function installAppStatePersistence(target: Window = window): () => void {
  const storage = target.sessionStorage;
  restoreAppState(storage);
  const save = () => saveAppState(storage);
  target.addEventListener('beforeunload', save);
  target.addEventListener('pagehide', save);
  return () => {
    target.removeEventListener('beforeunload', save);
    target.removeEventListener('pagehide', save);
  };
}
