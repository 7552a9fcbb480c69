import type { Dayjs } from 'dayjs';

// The one way a date or a time is written on screen (#22): YYYY-MM-DD and YYYY-MM-DD HH:mm, in the
// schools' time zone (Asia/Shanghai) whatever the browser's, so a teacher abroad and the printed
// workbook say the same day. A date the server sends as a day (YYYY-MM-DD) is that day, never moved.

export const SCHOOL_TIME_ZONE = 'Asia/Shanghai';
/** The DatePickers' format, the same as formatDate's. */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** What an absent or unreadable date shows. */
export const NO_DATE = '—';

type DateInput = string | number | Date | Dayjs | null | undefined;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function fields(value: DateInput): Record<string, string> | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && DAY_ONLY.test(value)) {
    const [year, month, day] = value.split('-') as [string, string, string];
    return { year, month, day, hour: '00', minute: '00' };
  }
  const date = value instanceof Date ? value : typeof value === 'object' ? value.toDate() : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
}

/** 2026-03-09. */
export function formatDate(value: DateInput): string {
  const f = fields(value);
  return f ? `${f.year}-${f.month}-${f.day}` : NO_DATE;
}

/** 2026-03-09 14:05. */
export function formatDateTime(value: DateInput): string {
  const f = fields(value);
  return f ? `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}` : NO_DATE;
}

/** 2026-03-09 至 2026-03-10, or the one day when both are the same. */
export function formatDateRange(start: DateInput, end: DateInput): string {
  const from = formatDate(start);
  const to = formatDate(end);
  return from === to ? from : `${from} 至 ${to}`;
}
