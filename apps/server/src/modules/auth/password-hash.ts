import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with the OWASP baseline (19 MiB, 2 passes): memory-hard,
// as roles-and-permissions.md asks.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A password the platform issues (the initial password of new and reset accounts, the demo password)
// is a published constant: no work factor protects it, and the account must change it before any
// other call (endpoints.ts). So each account gets its own salt, and no two share a hash, at a cost
// an import of 10,000 accounts can pay (about 0.3 ms each, against 15–40 ms at OPTIONS). The
// password the user then chooses is hashed with OPTIONS.
const ISSUED_OPTIONS = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
/** Two at a time, one per core: the rest of libuv's pool stays free for logins and files meanwhile. */
const ISSUED_CONCURRENCY = 2;

/** `count` hashes of one issued password, each with its own salt. */
export async function hashIssuedPasswords(password: string, count: number): Promise<string[]> {
  const hashes = new Array<string>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      hashes[index] = await hash(password, ISSUED_OPTIONS);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ISSUED_CONCURRENCY, count) }, worker));
  return hashes;
}
