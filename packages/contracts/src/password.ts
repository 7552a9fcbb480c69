import { z } from 'zod';
import { textRules } from './common.ts';

/** The exact messages of spec §5. */
export const PASSWORD_MESSAGES = {
  oldRequired: '请输入原始密码',
  newRequired: '请输入新密码',
  policy: '密码长度为8 - 16位,包含大小写字母,数字,特殊字符中的至少3种',
  sameAsOld: '新密码与原始密码一致',
  confirmRequired: '请再次输入密码',
  confirmMismatch: '两次输入密码不一致!',
} as const;

const CLASSES = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** 8 to 16 characters with at least 3 of the 4 classes: uppercase, lowercase, digit, special. */
export function meetsPasswordPolicy(password: string): boolean {
  const length = [...password].length;
  if (length < 8 || length > 16) return false;
  return CLASSES.filter((pattern) => pattern.test(password)).length >= 3;
}

/** The first broken rule of the new password, or null: the same order the form checks. */
export function newPasswordProblem(oldPassword: string, newPassword: string): string | null {
  if (newPassword.length === 0) return PASSWORD_MESSAGES.newRequired;
  if (!meetsPasswordPolicy(newPassword)) return PASSWORD_MESSAGES.policy;
  if (newPassword === oldPassword) return PASSWORD_MESSAGES.sameAsOld;
  return null;
}

export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.newRequired })
  .superRefine(textRules('新密码'))
  .min(1, PASSWORD_MESSAGES.newRequired)
  .refine(meetsPasswordPolicy, PASSWORD_MESSAGES.policy);
