import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime, NO_DATE } from './date-format.ts';

describe('the one date formatter', () => {
  it('writes a day as YYYY-MM-DD and a moment as YYYY-MM-DD HH:mm', () => {
    expect(formatDate('2026-03-09')).toBe('2026-03-09');
    expect(formatDateTime('2026-03-09T06:05:00.000Z')).toBe('2026-03-09 14:05');
    expect(formatDate(new Date('2026-03-09T06:05:00.000Z'))).toBe('2026-03-09');
    expect(formatDateTime(dayjs('2026-03-09T06:05:00.000Z'))).toBe('2026-03-09 14:05');
  });

  it('counts days in Asia/Shanghai: 17:30 UTC is already the next day at school', () => {
    expect(formatDate('2026-03-09T17:30:00Z')).toBe('2026-03-10');
    expect(formatDateTime('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00');
  });

  it('never moves a day the server sent as a day, and shows a dash for nothing', () => {
    expect(formatDateTime('2026-09-01')).toBe('2026-09-01 00:00');
    for (const empty of [null, undefined, '', 'not a date']) expect(formatDate(empty)).toBe(NO_DATE);
  });

  it('writes a range once when both ends are the same day', () => {
    expect(formatDateRange('2026-03-09', '2026-03-10')).toBe('2026-03-09 至 2026-03-10');
    expect(formatDateRange('2026-03-09', '2026-03-09T08:00:00+08:00')).toBe('2026-03-09');
  });
});

describe('every date on screen goes through lib/date-format.ts', () => {
  // Any other way of writing a date (toLocaleString, a dayjs pattern, Intl, cutting an ISO string)
  // would bring back the mix of formats #22 removed; this test finds one wherever it is added.
  const WAYS = [
    /\.toLocale(Date|Time)?String\(/,
    /Intl\.DateTimeFormat/,
    /\.format\(\s*['"`]Y/,
    /(Date|At|Time)\??\.slice\(0, (10|16|19)\)/,
  ];
  it('finds no date written any other way in apps/web/src', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join, relative } = await import('node:path');
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      if (relative(root, path) === join('lib', 'date-format.ts')) continue;
      const lines = (await readFile(path, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (WAYS.some((way) => way.test(line))) offenders.push(`${relative(root, path)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
