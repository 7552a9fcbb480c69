import type { SchoolYearTerm, SchoolYearWithTerms } from '@huikao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from './app-store.ts';
import {
  defaultTerm,
  findTerm,
  readSavedSelection,
  resolveSelection,
  SELECTION_KEY_PREFIX,
  saveSelection,
  schoolToday,
  selectionKey,
  useCurrentSelection,
} from './current-selection.ts';
import { startSession } from './session.ts';
import { aStoredUser, envelopeResponse, installFakeNotify } from './test-fakes.ts';

const term = (schyId: string, yearName: string, termId: string, termNo: number, start: string, end: string) => ({
  termId,
  schyId,
  schoolYearName: yearName,
  termNo,
  name: termNo === 1 ? '上学期' : '下学期',
  startDate: start,
  endDate: end,
});

const YEARS: SchoolYearWithTerms[] = [
  {
    schyId: '91',
    name: '2025-2026学年',
    startDate: '2025-09-01',
    endDate: '2026-08-31',
    terms: [
      term('91', '2025-2026学年', '81', 1, '2025-09-01', '2026-01-31'),
      term('91', '2025-2026学年', '82', 2, '2026-02-01', '2026-08-31'),
    ],
  },
  {
    schyId: '92',
    name: '2026-2027学年',
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    terms: [
      term('92', '2026-2027学年', '83', 1, '2026-09-01', '2027-01-31'),
      term('92', '2026-2027学年', '84', 2, '2027-02-01', '2027-08-31'),
    ],
  },
];

const T1 = findTerm(YEARS, '81')!;
const T2 = findTerm(YEARS, '82')!;
const T3 = findTerm(YEARS, '83')!;
const GONE: SchoolYearTerm = { ...T1, term: { ...T1.term, termId: 'deleted' } };

describe('which term is the current selection', () => {
  it('is the shape the store and storage keep (spec §3 school year + term)', () => {
    expect(T2).toEqual({
      schoolYear: { schyId: '91', name: '2025-2026学年', startDate: '2025-09-01', endDate: '2026-08-31' },
      term: { termId: '82', schyId: '91', name: '下学期', termNo: 2, startDate: '2026-02-01', endDate: '2026-08-31' },
    });
  });

  it('keeps what the tab holds, then the saved choice, then the server’s term for today', () => {
    const base = { years: YEARS, date: '2026-10-01' };
    expect(resolveSelection({ ...base, current: T1, saved: T2, today: T3 })).toEqual(T1);
    expect(resolveSelection({ ...base, current: null, saved: T2, today: T3 })).toEqual(T2);
    expect(resolveSelection({ ...base, current: null, saved: null, today: T3 })).toEqual(T3);
  });

  it('drops a term that was deleted, and falls back to the term covering today', () => {
    expect(resolveSelection({ years: YEARS, date: '2026-03-15', current: GONE, saved: GONE, today: null })).toEqual(T2);
  });

  it('trusts what it holds until the terms have loaded', () => {
    expect(resolveSelection({ years: undefined, date: '2026-10-01', current: null, saved: T1, today: T3 })).toEqual(T1);
    expect(resolveSelection({ years: undefined, date: '2026-10-01', current: null, saved: null, today: null })).toBe(
      null,
    );
  });

  it('defaults to the covering term, else the latest started, else the first', () => {
    expect(defaultTerm(YEARS, '2026-12-01')).toEqual(T3);
    expect(defaultTerm(YEARS, '2030-01-01')?.term.termId).toBe('84');
    expect(defaultTerm(YEARS, '2020-01-01')).toEqual(T1);
    expect(defaultTerm([], '2026-12-01')).toBeNull();
  });

  it('knows today in the schools’ time zone', () => {
    // 2026-03-01 02:00 in Shanghai is still the last day of February in UTC.
    expect(schoolToday(new Date('2026-02-28T18:00:00Z'))).toBe('2026-03-01');
  });
});

describe('the saved choice', () => {
  afterEach(() => localStorage.clear());

  it('is kept per user in localStorage', () => {
    saveSelection('teacher01', T2);
    expect(selectionKey('teacher01')).toBe(`${SELECTION_KEY_PREFIX}teacher01`);
    expect(JSON.parse(localStorage.getItem('huikao.selection.teacher01') ?? 'null')).toEqual(T2);
    expect(readSavedSelection('teacher01')).toEqual(T2);
    expect(readSavedSelection('admin01')).toBeNull();
    saveSelection('teacher01', null);
    expect(readSavedSelection('teacher01')).toBeNull();
  });

  it('ignores anything unreadable', () => {
    localStorage.setItem(selectionKey('teacher01'), '{not json');
    expect(readSavedSelection('teacher01')).toBeNull();
    localStorage.setItem(selectionKey('teacher01'), JSON.stringify({ term: { termId: '81' } }));
    expect(readSavedSelection('teacher01')).toBeNull();
  });
});

describe('useCurrentSelection', () => {
  let notify: ReturnType<typeof installFakeNotify>;
  let today: SchoolYearTerm | null;

  beforeEach(() => {
    notify = installFakeNotify();
    today = T3;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/schoolbase/api/school_year/get')) return envelopeResponse(200, '成功', YEARS);
        if (url === '/analysis/api/user/findSGTByDate') {
          return today ? envelopeResponse(200, '成功', today) : envelopeResponse(404, '今天不在任何学期内', null);
        }
        return envelopeResponse(500, 'unexpected', null);
      }),
    );
  });

  afterEach(() => {
    cleanup();
    notify.unregister();
    vi.unstubAllGlobals();
    localStorage.clear();
    useAppStore.getState().reset();
  });

  let chooseTerm: (termId: string) => void = () => undefined;
  function Probe() {
    const current = useCurrentSelection();
    chooseTerm = current.chooseTerm;
    return (
      <output data-testid="selection" data-loaded={String(current.years.length > 0)}>
        {current.selection ? `${current.selection.schoolYear.name} ${current.selection.term.name}` : '无'}
      </output>
    );
  }

  /** A page load: a fresh query cache, the store as the tab restored it. */
  function load() {
    cleanup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Probe />
      </QueryClientProvider>,
    );
  }

  const shown = () => screen.getByTestId('selection');
  const settled = () => waitFor(() => expect(shown().dataset.loaded).toBe('true'));

  it('starts at the term covering today, and a choice survives a reload and a new tab', async () => {
    startSession(aStoredUser({ loginName: 'teacher01', type: 1 }));
    load();
    await settled();
    await waitFor(() => expect(shown().textContent).toBe('2026-2027学年 上学期'));
    expect(useAppStore.getState().schoolYearTerm).toEqual(T3);
    // The default is not a choice: nothing is saved for it.
    expect(readSavedSelection('teacher01')).toBeNull();

    act(() => chooseTerm('82'));
    await waitFor(() => expect(shown().textContent).toBe('2025-2026学年 下学期'));
    expect(useAppStore.getState().schoolYearTerm).toEqual(T2);
    expect(readSavedSelection('teacher01')).toEqual(T2);

    // A new tab: an empty store (no sessionStorage), the same user.
    useAppStore.getState().reset();
    load();
    expect(shown().textContent).toBe('2025-2026学年 下学期');
    await settled();
    expect(shown().textContent).toBe('2025-2026学年 下学期');
    expect(useAppStore.getState().schoolYearTerm).toEqual(T2);
  });

  it('keeps each user’s choice apart', async () => {
    saveSelection('teacher01', T1);
    startSession(aStoredUser({ loginName: 'admin01', type: 5 }));
    load();
    await settled();
    await waitFor(() => expect(shown().textContent).toBe('2026-2027学年 上学期'));
  });

  it('never interrupts the user from the header: an expired session or a failure stays quiet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse(401, '登录已失效', null, 401)),
    );
    startSession(aStoredUser({ type: 1 }));
    load();
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notify.dialogs).toEqual([]);
    expect(notify.notifications).toEqual([]);
    expect(shown().textContent).toBe('无');
  });

  it('works out the term itself, quietly, when no term covers today on the server', async () => {
    today = null;
    startSession(aStoredUser({ type: 1 }));
    load();
    await settled();
    // Today (whatever it is) falls in or after these terms; some term is always chosen.
    await waitFor(() => expect(shown().textContent).not.toBe('无'));
    expect(notify.notifications).toEqual([]);
  });
});
