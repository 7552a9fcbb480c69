import { hashPassword } from '../../auth/index.ts';

/**
 * The password of accounts the school creates (students, teachers) and of administrator resets
 * without a chosen password. It is the same for everyone, which is why every such account must
 * change it at its first login (mustChangePassword); the reset calls return it so the administrator
 * can tell the person. A constant rather than a setting: services read no environment.
 */
export const INITIAL_PASSWORD = 'Huikao@2026';

let initialHash: Promise<string> | undefined;

/** argon2 is slow on purpose: the initial password is hashed once per process and the hash reused. */
export function initialPasswordHash(): Promise<string> {
  initialHash ??= hashPassword(INITIAL_PASSWORD).catch((error: unknown) => {
    initialHash = undefined;
    throw error;
  });
  return initialHash;
}
