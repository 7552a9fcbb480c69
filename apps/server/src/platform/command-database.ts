import type { Config } from './config.ts';
import { DataDirBusyError } from './data-dir-lock.ts';
import { type Database, openDatabase } from './db.ts';

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
