import { describe, expect, it } from 'vitest';
import { currentOf, isCalendarDate, overlaps } from './calendar.ts';

describe('calendar', () => {
  it('knows real calendar days', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-9-1')).toBe(false);
  });

  it('counts a shared day as an overlap', () => {
    const autumn = { startDate: '2026-09-01', endDate: '2027-01-31' };
    expect(overlaps(autumn, { startDate: '2027-01-31', endDate: '2027-07-01' })).toBe(true);
    expect(overlaps(autumn, { startDate: '2027-02-01', endDate: '2027-07-01' })).toBe(false);
  });

  it('picks the span covering today, else the latest started, else the first ahead', () => {
    const spans = [
      { id: 1, startDate: '2025-09-01', endDate: '2026-01-31' },
      { id: 2, startDate: '2026-02-10', endDate: '2026-07-10' },
      { id: 3, startDate: '2026-09-01', endDate: '2027-01-31' },
    ];
    expect(currentOf(spans, '2026-03-01')?.id).toBe(2);
    expect(currentOf(spans, '2026-08-01')?.id).toBe(2);
    expect(currentOf(spans, '2020-01-01')?.id).toBe(1);
    expect(currentOf(spans, '2030-01-01')?.id).toBe(3);
    expect(currentOf([], '2026-01-01')).toBeNull();
  });
});
