import { z } from 'zod';

// zod 4 reports a missing key of a `z.coerce.*` schema as "expected nonoptional" and ignores the
// schema's own message, so required ids and numbers are unions instead: the field's Chinese
// message shows for a missing value too.

/** Ids travel as strings; numbers are accepted and turned into strings for old clients. */
export const idSchema = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field}不能为空` })
    .transform(String)
    .pipe(z.string().trim().min(1, `${field}不能为空`).max(64, `${field}过长`));

/** A number sent as a number or as numeric text (query parameters are text); `message` names the field. */
export const numberSchema = (message: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ],
    { error: message },
  );

/** A calendar date as YYYY-MM-DD, read in the school's time zone (Asia/Shanghai). */
export const dateSchema = (field: string) =>
  z.string({ error: `${field}不能为空` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${field}格式应为 YYYY-MM-DD`);

/** User types of spec §6: 1 teacher, 5 school administrator, 2 student, 4 school or district manager. */
export const USER_TYPES = [1, 2, 4, 5] as const;
export type UserType = (typeof USER_TYPES)[number];
export const userTypeSchema = numberSchema('用户类型必须是数字').refine(
  (t): t is UserType => (USER_TYPES as readonly number[]).includes(t),
  '用户类型只能是 1、2、4 或 5',
);

export const USER_TYPE_NAMES: Record<UserType, string> = {
  1: '任课教师',
  2: '学生',
  4: '学校/区域管理者',
  5: '教务管理员',
};

// Unknown keys are dropped rather than refused, so older clients that send extra fields still work.
export const emptyParams = z.object({});
