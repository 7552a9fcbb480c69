import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, formatDate } from '../../lib/date-format.ts';
import { zodRule } from '../../lib/form-rules.ts';

/** The part of a zod schema a rule needs (the web has no zod dependency of its own). */
interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** A field checked with the contract's schema: the message is the server's. */
export const rule = (schema: FieldSchema): FormRule => zodRule(schema);

export { DATE_FORMAT };

export function dateText(value: Dayjs | null | undefined): string | undefined {
  return value ? formatDate(value) : undefined;
}

/** A DatePicker field checked as the YYYY-MM-DD text the contract takes. */
export function dateRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: Dayjs | null | undefined) => {
      const result = schema.safeParse(dateText(value));
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '日期有误');
    },
  };
}
