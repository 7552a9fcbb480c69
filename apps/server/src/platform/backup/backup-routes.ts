import type { FastifyInstance } from 'fastify';
import type { Database } from '../db.ts';
import { ruleBroken } from '../errors.ts';
import { registerLocalAdminRoute } from '../local-admin.ts';

// npm run backup while the server runs (backup-cli.ts): the server, which owns the embedded
// database, dumps it between two statements; the command copies the file store itself.
export function registerBackupRoutes(app: FastifyInstance, database: Database): void {
  registerLocalAdminRoute(app, 'backup/database', async () => {
    if (!database.dump) throw ruleBroken('使用 PostgreSQL 时请用 pg_dump 备份数据库（见 docs/deployment.md）');
    return database.dump();
  });
  registerLocalAdminRoute(app, 'backup/migrations', async () => {
    const { level, latest } = await database.migrationLevel();
    return { level, latest };
  });
}
