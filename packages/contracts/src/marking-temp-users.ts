import { z } from 'zod';
import { idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// 临时阅卷账号 (tempUsers, marking.md "Roles in an exam's marking"): outside markers of a 联考,
// scoped to the 题块 they are given and expiring with the exam.

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response });

export const tempUserRow = z.object({
  userId: z.string(),
  loginName: z.string(),
  name: z.string(),
  expiresAt: z.string(),
  status: z.enum(['active', 'disabled', 'expired']),
  blockIds: z.array(z.string()),
});
export type TempUserRow = z.infer<typeof tempUserRow>;

export const markingTempUsersApi = {
  /** Creates `count` accounts (≤ 500) named prefix + number; the initial passwords are returned only here. */
  createTempUsers: j(
    'tempUsers/create',
    {
      meId: idSchema('联考'),
      count: z.coerce.number().int('人数须为整数').min(1, '人数至少为 1').max(500, '一次最多创建 500 个临时账号'),
      prefix: z
        .string()
        .trim()
        .regex(/^[A-Za-z][A-Za-z0-9_]{1,15}$/, '账号前缀须以字母开头，由 2–16 位字母、数字或下划线组成'),
      /** yyyy-MM-dd, the last day the accounts may log in; default the 联考's end date. */
      expiresOn: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '有效期格式应为 yyyy-MM-dd')
        .optional(),
      blockIds: z.array(idSchema('题块')).min(1, '请至少选择一个题块'),
    },
    z.object({
      accounts: z.array(z.object({ userId: z.string(), loginName: z.string(), password: z.string() })),
      expiresAt: z.string(),
    }),
  ),
  /** tempLoginUsers: the 联考's temporary accounts with their status. */
  tempLoginUsers: j('tempUsers/tempLoginUsers', { meId: idSchema('联考') }, z.array(tempUserRow)),
  disableTempUser: j('tempUsers/disable', { userId: idSchema('临时账号') }, z.object({ ok: z.literal(true) })),
  /** Removes the account from its 题块 and disables it for good (accounts are never deleted: the audit log names them). */
  deleteTempUser: j('tempUsers/delete', { userId: idSchema('临时账号') }, z.object({ ok: z.literal(true) })),
};
