import {
  authApi,
  type SchoolYearTerm,
  type SchoolYearWithTerms,
  schoolBaseApi,
  sgtSchema,
  type Term,
} from '@huikao/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from './api-client.ts';
import { useAppStore } from './app-store.ts';
import { areaOfType } from './areas.ts';
import { formatDate } from './date-format.ts';
import { readStoredUser } from './session.ts';

// Spec §4 "the chosen school year and grade term are kept as the current selection". It lives in the
// zustand store (UI state) for this tab, and an explicit choice is also kept per user in
// localStorage so a reload or a new tab comes back to it. Without a choice, the term that covers
// today (findSGTByDate) is the selection.

/** localStorage key of a user's chosen school year and term. */
export const SELECTION_KEY_PREFIX = 'huikao.selection.';
export const selectionKey = (loginName: string) => `${SELECTION_KEY_PREFIX}${loginName}`;

/** Query key of the school's years with their terms; the school-base feature's key factory reuses it. */
export const schoolYearsKey = (schoolId: string) => ['school-base', schoolId, 'school-years'] as const;

/**
 * The header loads this in the background on every teacher page, so it never interrupts: no
 * notification and no 登录状态已过期 dialog (the user's own next call shows that). A page that
 * lists the years shows the query's error itself.
 */
const QUIET = { silent: true, sessionDialog: false } as const;

export function schoolYearsQuery(schoolId: string) {
  return queryOptions({
    queryKey: schoolYearsKey(schoolId),
    // The contracts' query helper types every response as unknown; this is the response schema's type.
    queryFn: ({ signal }) =>
      call(schoolBaseApi.schoolYears, { schoolId }, { signal, ...QUIET }) as Promise<SchoolYearWithTerms[]>,
  });
}

export function readSavedSelection(loginName: string, storage: Storage = window.localStorage): SchoolYearTerm | null {
  const raw = storage.getItem(selectionKey(loginName));
  if (!raw) return null;
  try {
    const parsed = sgtSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSelection(
  loginName: string,
  selection: SchoolYearTerm | null,
  storage: Storage = window.localStorage,
): void {
  if (selection) storage.setItem(selectionKey(loginName), JSON.stringify(selection));
  else storage.removeItem(selectionKey(loginName));
}

/** A term of the school years list as the selection shape of spec §3 (sgtSchema). */
export function selectionOf(year: SchoolYearWithTerms, term: Term): SchoolYearTerm {
  return {
    schoolYear: { schyId: year.schyId, name: year.name, startDate: year.startDate, endDate: year.endDate },
    term: {
      termId: term.termId,
      schyId: term.schyId,
      name: term.name,
      termNo: term.termNo,
      startDate: term.startDate,
      endDate: term.endDate,
    },
  };
}

export function findTerm(years: readonly SchoolYearWithTerms[], termId: string): SchoolYearTerm | null {
  for (const year of years) {
    const term = year.terms.find((candidate) => candidate.termId === termId);
    if (term) return selectionOf(year, term);
  }
  return null;
}

function allTerms(years: readonly SchoolYearWithTerms[]): SchoolYearTerm[] {
  return years
    .flatMap((year) => year.terms.map((term) => selectionOf(year, term)))
    .sort((a, b) => a.term.startDate.localeCompare(b.term.startDate));
}

/** The term whose dates cover `date` (YYYY-MM-DD); else the latest one already started; else the first. */
export function defaultTerm(years: readonly SchoolYearWithTerms[], date: string): SchoolYearTerm | null {
  const terms = allTerms(years);
  const covering = terms.find((s) => s.term.startDate <= date && date <= s.term.endDate);
  if (covering) return covering;
  const started = terms.filter((s) => s.term.startDate <= date);
  return started.at(-1) ?? terms[0] ?? null;
}

export interface SelectionSources {
  /** What this tab holds (zustand, restored from sessionStorage on reload). */
  current: SchoolYearTerm | null;
  /** The user's explicit choice (localStorage). */
  saved: SchoolYearTerm | null;
  /** The server's term for today (findSGTByDate), when it answered. */
  today: SchoolYearTerm | null;
  /** The school's years and terms, once loaded. */
  years: readonly SchoolYearWithTerms[] | undefined;
  /** Today in the school's time zone. */
  date: string;
}

/**
 * Which term is selected. Before the school's terms are known, whatever is held is trusted; once
 * they are, a held term that no longer exists (deleted) is dropped, and names and dates are taken
 * fresh from the list.
 */
export function resolveSelection({ current, saved, today, years, date }: SelectionSources): SchoolYearTerm | null {
  if (!years) return current ?? saved ?? today;
  const existing = (candidate: SchoolYearTerm | null) => (candidate ? findTerm(years, candidate.term.termId) : null);
  return existing(current) ?? existing(saved) ?? existing(today) ?? defaultTerm(years, date);
}

export function sameSelection(a: SchoolYearTerm | null, b: SchoolYearTerm | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Today's date (YYYY-MM-DD) in Asia/Shanghai, the schools' time zone. */
export function schoolToday(now: Date = new Date()): string {
  return formatDate(now);
}

export interface CurrentSelection {
  selection: SchoolYearTerm | null;
  /** The school's years with their terms (empty until loaded). */
  years: SchoolYearWithTerms[];
  loading: boolean;
  /** Why the terms could not be loaded (shown by pages that list them; the header stays quiet). */
  error: Error | null;
  /** An explicit choice: kept for this tab and saved for the user. */
  choose: (selection: SchoolYearTerm) => void;
  chooseTerm: (termId: string) => void;
}

/**
 * The current school year and term for teacher-area users (types 1 and 5). Every user of the hook
 * sees the same value: it is written to the store, which the header, the personal centre and the
 * pages that need a term all read.
 */
export function useCurrentSelection(): CurrentSelection {
  const user = readStoredUser();
  const schoolId = user?.schoolId ?? '';
  const loginName = user?.loginName ?? '';
  // A temporary marker (tempUsers) has no term to choose and may call only its tasks' calls.
  const enabled = user !== null && areaOfType(user.type) === 'teacher' && user.tempMarker !== true;
  const current = useAppStore((state) => state.schoolYearTerm);
  const setStored = useAppStore((state) => state.setSchoolYearTerm);
  const [savedVersion, setSavedVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedVersion re-reads storage after a choice
  const saved = useMemo(() => (loginName ? readSavedSelection(loginName) : null), [loginName, savedVersion]);
  const date = schoolToday();

  const years = useQuery({ ...schoolYearsQuery(schoolId), enabled });
  const today = useQuery({
    queryKey: ['auth', schoolId, 'sgt-by-date', date],
    // A school without a term for today answers 404: the terms list gives the default instead.
    queryFn: ({ signal }) => call(authApi.findSGTByDate, { schoolId }, { signal, ...QUIET }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const resolved = resolveSelection({ current, saved, today: today.data ?? null, years: years.data, date });

  useEffect(() => {
    if (!sameSelection(resolved, current)) setStored(resolved);
  }, [resolved, current, setStored]);

  const choose = useCallback(
    (selection: SchoolYearTerm) => {
      setStored(selection);
      if (loginName) saveSelection(loginName, selection);
      setSavedVersion((version) => version + 1);
    },
    [loginName, setStored],
  );
  const chooseTerm = useCallback(
    (termId: string) => {
      const found = years.data ? findTerm(years.data, termId) : null;
      if (found) choose(found);
    },
    [years.data, choose],
  );

  return {
    selection: resolved,
    years: years.data ?? [],
    loading: years.isLoading,
    error: years.error,
    choose,
    chooseTerm,
  };
}
