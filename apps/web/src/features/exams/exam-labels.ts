import { EXAM_STATUS, EXAM_TYPES, OBJECTIVE_TYPES } from '@huikao/contracts';
import { formatDateRange } from '../../lib/date-format.ts';

// Names and colours of the exams' codes, shared by the list, the editor and the student pages.

export const examTypeName = (type: number) => EXAM_TYPES[type as keyof typeof EXAM_TYPES] ?? `类型${type}`;
export const examStatusName = (status: number) => EXAM_STATUS[status as keyof typeof EXAM_STATUS] ?? `状态${status}`;
export const objectiveTypeName = (type: number | null) =>
  type === null ? '' : (OBJECTIVE_TYPES[type as keyof typeof OBJECTIVE_TYPES] ?? '');

/** antd Tag colours: draft grey, in progress blue, finished green, published purple. */
export const EXAM_STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'purple' };

export const EXAM_TYPE_OPTIONS = Object.entries(EXAM_TYPES).map(([value, label]) => ({ value: Number(value), label }));
export const EXAM_STATUS_OPTIONS = Object.entries(EXAM_STATUS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** A date range as one text: 2026-11-20 ~ 2026-11-21, or one date. */
/** An exam's days, through the one date formatter. */
export const dateRange = (start: string, end: string) => formatDateRange(start, end);

/** A figure the server left out (hidden from students, or absent): a dash. */
export const orDash = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);
