import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** Both drivers expose the same Drizzle PostgreSQL API, so modules see one type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repo function takes either the database or the transaction it runs inside. */
export type Executor = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgresql';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrationLevel(): Promise<{ level: number; latest: string | null; expected: number }>;
  /**
   * The embedded database's folder as a gzipped tar, taken between two statements (PGlite runs one
   * at a time), so crash-consistent: a restore replays the log to the last commit. PGlite only;
   * PostgreSQL is backed up with pg_dump (docs/deployment.md).
   */
  dump?(): Promise<Buffer>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

interface JournalEntry {
  idx: number;
  tag: string;
}

function journal(): JournalEntry[] {
  const text = readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir
 * (`memory://` keeps it in memory), and applies the committed migrations.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  let db: Db;
  let kind: DatabaseKind;
  let closeDriver: () => Promise<void>;
  let dump: (() => Promise<Buffer>) | undefined;

  if (options.databaseUrl && !options.databaseUrl.startsWith('memory://')) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server terminates (restart, failover) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (error) => console.warn(`PostgreSQL idle connection closed: ${error.message}`));
    const pgDb = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migrateOnce(pool, () => migratePg(pgDb, { migrationsFolder }));
    db = pgDb as unknown as Db;
    kind = 'postgresql';
    closeDriver = () => pool.end();
  } else {
    let location: string | undefined;
    // The folder is this process's before PGlite touches it (data-dir-lock.ts says why).
    const lock = options.databaseUrl ? undefined : lockDataDir(options.dataDir);
    let client: PGlite;
    try {
      if (!options.databaseUrl) {
        location = path.join(options.dataDir, 'pglite');
        mkdirSync(location, { recursive: true });
      }
      // btree_gin: the question search index holds course_id beside the words (migration 0010); a
      // PostgreSQL server has it among its contrib extensions, PGlite ships it in its package.
      client = await PGlite.create(location, { extensions: { btree_gin } });
    } catch (error) {
      lock?.release();
      throw error;
    }
    const liteDb = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(liteDb, { migrationsFolder });
    db = liteDb as unknown as Db;
    kind = 'pglite';
    dump = async () => {
      await client.exec('checkpoint');
      return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    };
    closeDriver = async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    };
  }

  const expected = journal();
  return {
    db,
    kind,
    async migrationLevel() {
      const result = (await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as {
        rows: { count: number }[];
      };
      const level = Number(result.rows[0]?.count ?? 0);
      return { level, latest: expected[level - 1]?.tag ?? null, expected: expected.length };
    },
    dump,
    close: closeDriver,
  };
}

/** Any number 64-bit: the advisory lock every app process takes around its migrations. */
const MIGRATION_LOCK = 727_001_020;

/**
 * Several app processes on one PostgreSQL start together after an upgrade: the first to take the
 * lock applies the migrations, the others wait for it and then find nothing left to apply.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * `Promise.all` for queries that may run on a transaction: one at a time, in order. A transaction
 * is one connection, and node-postgres (deprecated now, refused in pg@9) does not take a query
 * while another is running on it. Each query is given as a function that starts it, so none starts
 * before the one ahead has finished: a promise started early and awaited late would fail unobserved
 * (an unhandled rejection stops the process) when an earlier one throws.
 */
export async function inTurn<T extends readonly (() => unknown)[]>(
  queries: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const start of queries) results.push(await start());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/**
 * Rows in slices for multi-row statements: PostgreSQL takes at most 65,535 parameters per
 * statement, and one statement per row is far too slow. Every bulk write and long IN list uses this.
 */
export function chunksOf<T>(rows: readonly T[], size = 500): T[][] {
  const slices: T[][] = [];
  for (let i = 0; i < rows.length; i += size) slices.push(rows.slice(i, i + size));
  return slices;
}
