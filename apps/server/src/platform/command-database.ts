import type { Config } from './config.ts';
import { DATA_DIR_BUSY, DataDirBusyError } from './data-dir-lock.ts';
import { type Database, openDatabase } from './db.ts';
import { type LocalAdminEndpoint, readLocalAdmin } from './local-admin.ts';

/**
 * The database of a command-line tool (import, school:create). While the server owns the data
 * folder the tool says so in Chinese and exits 1, having touched nothing (docs/decisions.md).
 */
export async function openCommandDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  try {
    return await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Where a command does its work: on the database itself, or through the server that owns it. */
export type CommandTarget = { database: Database; server?: never } | { server: LocalAdminEndpoint; database?: never };

/**
 * For the commands that must work while the server runs (issue #20 item 1): the database when the
 * data folder is free (or on PostgreSQL, which takes many clients), else the running server's local
 * administration channel (local-admin.ts). When the folder is held by something that published no
 * channel (another command, a server still starting), the busy message as before.
 */
export async function openCommandTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<CommandTarget> {
  try {
    return { database: await openDatabase(config) };
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    const server = readLocalAdmin(config.dataDir, error.holder.pid);
    if (server) return { server };
    console.error(DATA_DIR_BUSY);
    process.exit(1);
  }
}
