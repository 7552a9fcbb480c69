import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db.ts';

// docs/deployment.md "Upgrades": several app processes starting together on one new PostgreSQL
// database apply the migrations once between them (an advisory lock), and all of them start.
const serverUrl = process.env.TEST_DATABASE_URL;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  it('are applied once when three processes start together on an empty database', { timeout: 120_000 }, async () => {
    const name = `huikao_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: '' })));
      try {
        for (const database of opened) {
          const { level, expected } = await database.migrationLevel();
          expect(level).toBe(expected);
        }
        const rows = (await opened[0]!.db.execute(
          sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
        )) as { rows: { n: number; distinct_hashes: number }[] };
        expect(rows.rows[0]!.n).toBe(rows.rows[0]!.distinct_hashes);
      } finally {
        for (const database of opened) await database.close();
      }
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
