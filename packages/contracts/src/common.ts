import { z } from 'zod';

/** Ids travel as strings; numbers are accepted and turned into strings for old clients. */
export const idSchema = (field: string) =>
  z.coerce
    .string({ error: `${field}不能为空` })
    .trim()
    .min(1, `${field}不能为空`)
    .max(64, `${field}过长`);

/** A calendar date as YYYY-MM-DD, read in the school's time zone (Asia/Shanghai). */
export const dateSchema = (field: string) =>
  z.string({ error: `${field}不能为空` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${field}格式应为 YYYY-MM-DD`);

/** User types of spec §6: 1 teacher, 5 school administrator, 2 student, 4 school or district manager. */
export const USER_TYPES = [1, 2, 4, 5] as const;
export type UserType = (typeof USER_TYPES)[number];
export const userTypeSchema = z.coerce
  .number({ error: '用户类型必须是数字' })
  .refine((t): t is UserType => (USER_TYPES as readonly number[]).includes(t), '用户类型只能是 1、2、4 或 5');

export const USER_TYPE_NAMES: Record<UserType, string> = {
  1: '任课教师',
  2: '学生',
  4: '学校/区域管理者',
  5: '教务管理员',
};

// Unknown keys are dropped rather than refused, so older clients that send extra fields still work.
export const emptyParams = z.object({});
