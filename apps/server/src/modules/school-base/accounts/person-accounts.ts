import { meetsPasswordPolicy, PASSWORD_MESSAGES } from '@huikao/contracts';
import type { Executor } from '../../../platform/db.ts';
import { badInput, conflict } from '../../../platform/errors.ts';
import { hashPassword, loginNamesTaken, restoreAccount, updateAccount, upsertAccounts } from '../../auth/index.ts';
import { INITIAL_PASSWORD, initialPasswordHash } from './initial-password.ts';
import { accountHolder } from './repo.ts';

// The accounts of the people school-base owns: a student's type-2 account, a teacher's type-1 or
// type-5 account. Auth owns the users table; this file only calls auth's index.ts.

export interface PersonAccount {
  loginName: string;
  type: 1 | 2 | 5;
  schoolId: number;
  userCode: string;
  name: string;
}

/** A student logs in as the school's code (lower case) followed by the 学号, e.g. hksy20240801. */
export const studentLoginName = (schoolCode: string, studentNo: string) => `${schoolCode.toLowerCase()}${studentNo}`;

/**
 * Opens the account with the initial password, to be changed at first login. A login name left
 * by a removed person of the same school (a disabled account) is given back, with a fresh initial
 * password; one that another person or another school holds is a conflict. `passwordHash` is
 * initialPasswordHash(), awaited by the caller before its transaction.
 */
export async function openAccount(
  tx: Executor,
  account: PersonAccount,
  subject: string,
  passwordHash: string,
): Promise<number> {
  const existed = (await loginNamesTaken(tx, [account.loginName])).size > 0;
  const { ids, taken } = await upsertAccounts(tx, [{ ...account, passwordHash, mustChangePassword: true }]);
  const userId = ids.get(account.loginName);
  if (taken.length > 0 || userId === undefined) {
    throw conflict(`${subject}的登录账号 ${account.loginName} 已被其他学校使用`);
  }
  if (existed) {
    const holder = await accountHolder(tx, userId);
    if (holder) throw conflict(`${subject}的登录账号 ${account.loginName} 已被${holder}使用`);
    await restoreAccount(tx, userId, passwordHash);
    await updateAccount(tx, userId, { name: account.name, userCode: account.userCode, type: account.type });
  }
  return userId;
}

/** Moves the account along with the person's record (name, 学号 or phone, administrator flag). */
export async function followAccount(
  tx: Executor,
  userId: number,
  currentLoginName: string,
  account: PersonAccount,
  subject: string,
): Promise<void> {
  if (account.loginName !== currentLoginName && (await loginNamesTaken(tx, [account.loginName])).size > 0) {
    throw conflict(`${subject}的登录账号 ${account.loginName} 已被其他账号使用`);
  }
  await updateAccount(tx, userId, {
    loginName: account.loginName,
    name: account.name,
    userCode: account.userCode,
    type: account.type,
  });
}

/**
 * The password an administrator's reset sets: the one given (it must meet spec §5's policy) or,
 * when none is given, the initial password. Hashing happens here, before any transaction.
 */
export async function resetPasswordOf(
  newPsw: string | undefined,
): Promise<{ password: string; hash: string; chosen: boolean }> {
  if (!newPsw?.trim()) return { password: INITIAL_PASSWORD, hash: await initialPasswordHash(), chosen: false };
  if (!meetsPasswordPolicy(newPsw))
    throw badInput(`新密码不符合要求：${PASSWORD_MESSAGES.policy}`, { field: 'newPsw' });
  return { password: newPsw, hash: await hashPassword(newPsw), chosen: true };
}
