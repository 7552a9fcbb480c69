import { formatDateTime } from '../../../../lib/date-format.ts';

// How the monitors show figures: shares as percentages, points to two decimals, '—' for none.

export const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
export const points = (value: number | null, digits = 2) =>
  value === null ? '—' : String(Math.round(value * 10 ** digits) / 10 ** digits);
export const finishText = (iso: string | null, remaining: number) =>
  remaining === 0 ? '已评完' : iso === null ? '近一小时无进度' : formatDateTime(iso);
