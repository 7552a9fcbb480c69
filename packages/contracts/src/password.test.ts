import { describe, expect, it } from 'vitest';
import { meetsPasswordPolicy, newPasswordProblem, PASSWORD_MESSAGES, updatePswParams } from './index.ts';

describe('password policy (spec §5)', () => {
  it('keeps the exact messages of the spec', () => {
    expect(PASSWORD_MESSAGES).toEqual({
      oldRequired: '请输入原始密码',
      newRequired: '请输入新密码',
      policy: '密码长度为8 - 16位,包含大小写字母,数字,特殊字符中的至少3种',
      sameAsOld: '新密码与原始密码一致',
      confirmRequired: '请再次输入密码',
      confirmMismatch: '两次输入密码不一致!',
    });
  });

  it.each([
    ['Abcdef1', false, '7 characters'],
    ['Abcdef12', true, '8 characters'],
    ['Abcdefgh12345678', true, '16 characters'],
    ['Abcdefgh123456789', false, '17 characters'],
  ])('length boundary %s → %s (%s)', (password, ok) => {
    expect(meetsPasswordPolicy(password)).toBe(ok);
  });

  it.each([
    ['abcdefgh', false, 'one class'],
    ['abcd1234', false, 'two classes'],
    ['ABCD!@#$', false, 'two classes with special'],
    ['abcD1234', true, 'upper, lower, digit'],
    ['abcd123!', true, 'lower, digit, special'],
    ['ABCD123!', true, 'upper, digit, special'],
    ['abcdEFG!', true, 'upper, lower, special'],
    ['aB1!aB1!', true, 'all four'],
  ])('classes %s → %s (%s)', (password, ok) => {
    expect(meetsPasswordPolicy(password)).toBe(ok);
  });

  it('names the first broken rule in the form order', () => {
    expect(newPasswordProblem('Old@2026x', '')).toBe(PASSWORD_MESSAGES.newRequired);
    expect(newPasswordProblem('Old@2026x', 'short')).toBe(PASSWORD_MESSAGES.policy);
    expect(newPasswordProblem('Old@2026x', 'Old@2026x')).toBe(PASSWORD_MESSAGES.sameAsOld);
    expect(newPasswordProblem('Old@2026x', 'New@2026x')).toBeNull();
  });

  it('validates the updatePsw payload with the same messages', () => {
    const base = { schoolId: '1', userCode: 'T1', type: 1 };
    const first = (params: object) => updatePswParams.safeParse({ ...base, ...params }).error?.issues[0]?.message;
    expect(first({ oldPsw: '', newPsw: 'New@2026x' })).toBe(PASSWORD_MESSAGES.oldRequired);
    expect(first({ oldPsw: 'Old@2026x', newPsw: '' })).toBe(PASSWORD_MESSAGES.newRequired);
    expect(first({ oldPsw: 'Old@2026x', newPsw: 'abcdefgh' })).toBe(PASSWORD_MESSAGES.policy);
    expect(first({ oldPsw: 'Old@2026x', newPsw: 'Old@2026x' })).toBe(PASSWORD_MESSAGES.sameAsOld);
    expect(first({ oldPsw: 'Old@2026x', newPsw: 'New@2026x' })).toBeUndefined();
  });
});
