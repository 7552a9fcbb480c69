import { badInput } from '../../../platform/errors.ts';

// Date rules of school years and terms. Dates are YYYY-MM-DD strings in the schools' time zone, so
// string order is date order and no Date object (with its own time zone) is needed.

export interface DateSpan {
  startDate: string;
  endDate: string;
}

/** True for a real calendar day: the contract checks only the YYYY-MM-DD shape, not 2026-02-30. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Refuses impossible dates and an end that is not after the start, naming the field. */
export function checkSpan(span: DateSpan): void {
  if (!isCalendarDate(span.startDate))
    throw badInput(`开始日期 ${span.startDate} 不是有效日期`, { field: 'startDate' });
  if (!isCalendarDate(span.endDate)) throw badInput(`结束日期 ${span.endDate} 不是有效日期`, { field: 'endDate' });
  if (span.endDate <= span.startDate) throw badInput('结束日期必须晚于开始日期', { field: 'endDate' });
}

/** Inclusive spans: sharing a single day counts as overlapping. */
export function overlaps(a: DateSpan, b: DateSpan): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

export function covers(outer: DateSpan, inner: DateSpan): boolean {
  return outer.startDate <= inner.startDate && inner.endDate <= outer.endDate;
}

export const spanText = (span: DateSpan) => `${span.startDate} 至 ${span.endDate}`;

/**
 * The "current" span of a list (school years or terms): the one covering today; otherwise the
 * latest one that has started (a school between terms keeps working in the last one); otherwise,
 * when all lie ahead (a school just set up), the first one.
 */
export function currentOf<T extends DateSpan>(spans: readonly T[], today: string): T | null {
  const covering = spans.find((s) => s.startDate <= today && today <= s.endDate);
  if (covering) return covering;
  const started = spans.filter((s) => s.startDate <= today).sort((a, b) => b.startDate.localeCompare(a.startDate));
  if (started[0]) return started[0];
  return [...spans].sort((a, b) => a.startDate.localeCompare(b.startDate))[0] ?? null;
}
