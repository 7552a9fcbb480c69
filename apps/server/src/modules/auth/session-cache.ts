import { createHash } from 'node:crypto';
import type { Actor } from '../../platform/auth-context.ts';

// A short in-process memory of resolved sessions (issue #17 speed, decisions 2026-11-26): the
// session check was one database round trip on every signed-in call, a third of a marker's
// claim+submit. An entry is used only while all of these hold:
// - younger than SESSION_CACHE_MS, so a change made by another app process, or written without
//   the auth module's repo, is seen within that long;
// - no account or session was changed through the auth repo (logout, password change or reset,
//   disable, edit) in this process since it was read: any such write forgets every entry;
// - the session and a temporary account are not past their expiry (checked on every call).

export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  actor: Actor;
  /** The earlier of the session's expiry and a temporary account's. */
  validUntil: number;
  readAt: number;
  generation: number;
}

let generation = 0;

/** Called by every auth repo write that can end or change a session: forgets every entry. */
export function accountsChanged(): void {
  generation++;
}

export function createSessionCache(ttlMs = SESSION_CACHE_MS) {
  const entries = new Map<string, Entry>();
  const keyOf = (jwtToken: string) => createHash('sha256').update(jwtToken).digest('base64url');

  return {
    /** The generation to pass to `remember`, taken before the database read. */
    generation: () => generation,

    get(jwtToken: string, now = Date.now()): Actor | undefined {
      const key = keyOf(jwtToken);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation !== generation || now - entry.readAt >= ttlMs || now >= entry.validUntil) {
        entries.delete(key);
        return undefined;
      }
      return entry.actor;
    },

    /** Keeps a resolved actor, unless an account changed while it was being read. */
    remember(jwtToken: string, actor: Actor, validUntil: number, readGeneration: number, now = Date.now()) {
      if (readGeneration !== generation) return;
      if (entries.size >= MAX_ENTRIES) {
        // Oldest first (a Map keeps insertion order): an evicted caller just reads the database.
        for (const [key, entry] of entries) {
          if (entries.size < MAX_ENTRIES && now - entry.readAt < ttlMs) break;
          entries.delete(key);
        }
      }
      entries.set(keyOf(jwtToken), { actor, validUntil, readAt: now, generation });
    },
  };
}
