import type { FormRule } from 'antd';

/** The part of a zod schema a form rule needs; keeps the web free of a direct zod dependency. */
interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * An antd rule that checks a field with the same zod schema the server uses (house style), so the
 * form shows exactly the contract's Chinese message.
 */
export function zodRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
    },
  };
}
