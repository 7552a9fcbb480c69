import { inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db.ts';
import { markBlockSettings } from '../schema.ts';

// A 题块's distribution settings and set-up version (setup-schema.ts).

export type BlockSettings = typeof markBlockSettings.$inferSelect;

const DEFAULTS = { distribution: 'free' as const, dailyCap: null, version: 0 };

export async function settingsOf(db: Executor, blockIds: number[]): Promise<Map<number, BlockSettings>> {
  if (blockIds.length === 0) return new Map();
  const rows = await db.select().from(markBlockSettings).where(inArray(markBlockSettings.blockId, blockIds));
  const found = new Map(rows.map((r) => [r.blockId, r]));
  return new Map(blockIds.map((id) => [id, found.get(id) ?? { blockId: id, ...DEFAULTS }]));
}

/** Writes the settings and raises the version by one. */
export async function saveSettings(
  tx: Tx,
  blockId: number,
  values: { distribution: BlockSettings['distribution']; dailyCap: number | null },
): Promise<void> {
  await tx
    .insert(markBlockSettings)
    .values({ blockId, ...values, version: 1 })
    .onConflictDoUpdate({
      target: markBlockSettings.blockId,
      set: { ...values, version: sql`${markBlockSettings.version} + 1` },
    });
}

/** Raises the version alone (markers or status changed). */
export async function bumpVersion(tx: Tx, blockId: number): Promise<void> {
  await tx
    .insert(markBlockSettings)
    .values({ blockId, version: 1 })
    .onConflictDoUpdate({ target: markBlockSettings.blockId, set: { version: sql`${markBlockSettings.version} + 1` } });
}
