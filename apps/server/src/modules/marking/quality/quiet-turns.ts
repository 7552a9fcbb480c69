import { hash53 } from '@huikao/marking';

// Which markers cannot be due a quality item yet (issue #17 speed, decisions 2026-11-26). The
// quality turn was one database round trip before every claim, a fifth of a claim+submit, though
// at 2 % it serves an item about once in fifty papers. After a turn that served nothing, this
// process remembers the blind count at which the next item can first be due and skips the turn
// until the marker's submissions here reach it. What it cannot see costs only lateness, never a
// wrong item: a memory is used for at most QUIET_MS (submissions through another process, a
// 标准卷 or a share set by another process), and a 标准卷 or share changed here forgets the 题块.

export const QUIET_MS = 60_000;
const MAX_ENTRIES = 50_000;

/**
 * Whether the next item of a kind is due: after `done` blind papers, floor((done + offset) × p %)
 * items should have been served. The offset (per 题块 and marker, below 100 / p) staggers markers
 * so they are not all served at the same count, and keeps the long-run share exactly p %.
 */
export function due(done: number, served: number, percent: number, seed: string): boolean {
  if (percent <= 0) return false;
  return served < Math.floor(((done + offsetOf(percent, seed)) * percent) / 100);
}

const offsetOf = (percent: number, seed: string) => hash53(seed) % Math.ceil(100 / percent);

/** The smallest blind count from `done` on at which `due` holds (Infinity for a share of 0). */
export function nextDue(done: number, served: number, percent: number, seed: string): number {
  if (percent <= 0) return Number.POSITIVE_INFINITY;
  // (d + offset) × p / 100 ≥ served + 1, then stepped to guard against rounding of a fractional p.
  let d = Math.max(done, Math.ceil(((served + 1) * 100) / percent) - offsetOf(percent, seed) - 1);
  while (!due(d, served, percent, seed)) d += 1;
  return d;
}

interface Quiet {
  /** The marker's blind count as this process knows it. */
  done: number;
  /** The turn runs again once `done` reaches this. */
  until: number;
  at: number;
}

function createQuietTurns() {
  const entries = new Map<string, Quiet>();
  const keyOf = (blockId: number, me: number) => `${blockId}:${me}`;
  return {
    /** True while the marker's turn cannot serve anything. */
    quiet(blockId: number, me: number, now: number): boolean {
      const key = keyOf(blockId, me);
      const entry = entries.get(key);
      if (!entry) return false;
      if (entry.done < entry.until && now - entry.at < QUIET_MS) return true;
      entries.delete(key);
      return false;
    },
    remember(blockId: number, me: number, done: number, until: number, now: number) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(keyOf(blockId, me), { done, until, at: now });
    },
    /** A blind mark the marker submitted through this process. */
    marked(blockId: number, me: number) {
      const entry = entries.get(keyOf(blockId, me));
      if (entry) entry.done += 1;
    },
    /** A 标准卷 or a share of the 题块 changed. */
    forgetBlock(blockId: number) {
      for (const key of entries.keys()) if (key.startsWith(`${blockId}:`)) entries.delete(key);
    },
  };
}

export type QuietTurns = ReturnType<typeof createQuietTurns>;

// One memory per database handle: several apps in one process (the tests) never share one.
const byDatabase = new WeakMap<object, QuietTurns>();

export function quietTurnsOf(db: object): QuietTurns {
  let found = byDatabase.get(db);
  if (!found) {
    found = createQuietTurns();
    byDatabase.set(db, found);
  }
  return found;
}
