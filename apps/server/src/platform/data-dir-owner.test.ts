import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runCommand, startServer, tempDataDir } from '../test/commands.ts';
import { DATA_DIR_BUSY, lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './db.ts';

// Issue #20: README's import run while the server ran corrupted the embedded database for good.
// Real processes here: the server holds the data folder; a second opener is refused untouched, and
// a command holding it leaves no channel, so another command is refused too. (Commands that must
// work while the server runs go through it: local-admin.test.ts.)
describe('one process owns the data folder', () => {
  it('refuses a second process while the server runs, and the database opens fine afterwards', {
    timeout: 180_000,
  }, async () => {
    const dataDir = tempDataDir();
    const heldByCommand = lockDataDir(dataDir);
    try {
      const importRun = await runCommand('apps/server/src/modules/question-bank/import/import-cli.ts', [dataDir], {
        dataDir,
      });
      expect(importRun.stderr.trim()).toBe(DATA_DIR_BUSY);
      expect(importRun.code).toBe(1);
    } finally {
      heldByCommand.release();
    }

    const server = await startServer({ dataDir });
    try {
      const secondServer = await runCommand('apps/server/src/main.ts', [], {
        dataDir,
        env: { PORT: '0', SEED_DEMO: '0', WEB_DIST: '/nonexistent-web-dist' },
      });
      expect(secondServer.stderr.trim()).toBe(DATA_DIR_BUSY);
      expect(secondServer.code).toBe(1);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const database = await openDatabase({ dataDir });
    try {
      const result = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as {
        rows: { n: number }[];
      };
      expect(result.rows[0]!.n).toBe((await database.migrationLevel()).expected);
    } finally {
      await database.close();
    }
  });
});
