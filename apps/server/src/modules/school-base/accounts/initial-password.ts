import { hashIssuedPasswords } from '../../auth/index.ts';

/**
 * The password of accounts the school creates (students, teachers) and of administrator resets
 * without a chosen password. It is the same for everyone, which is why every such account must
 * change it at its first login (mustChangePassword); the reset calls return it so the administrator
 * can tell the person. A constant rather than a setting: services read no environment.
 */
export const INITIAL_PASSWORD = 'Huikao@2026';

/** One account's hash of the initial password, with its own salt (no two accounts share a hash). */
export async function initialPasswordHash(): Promise<string> {
  const [hash] = await hashIssuedPasswords(INITIAL_PASSWORD, 1);
  return hash!;
}

/** The hashes for a batch of new accounts, one each. */
export function initialPasswordHashes(count: number): Promise<string[]> {
  return hashIssuedPasswords(INITIAL_PASSWORD, count);
}
