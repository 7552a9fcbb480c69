const SCHOOL_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });

/** Today's date in the schools' time zone, as YYYY-MM-DD. */
export function schoolToday(now = new Date()): string {
  return SCHOOL_DATE.format(now);
}
