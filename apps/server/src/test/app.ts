import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import type { Database } from '../platform/db.ts';
import { openTestDatabase } from './database.ts';

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database, as tests drive it through app.inject (house style). */
export async function createTestApp(
  settings: Record<string, string> = {},
  options: Omit<BuildOptions, 'database' | 'logger'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    ...settings,
    NODE_ENV: 'test',
    DATA_DIR: tmpdir(),
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: '/nonexistent-web-dist',
    BODY_LIMIT_BYTES: String(64 * 1024),
  });
  const database = await openTestDatabase();
  const app = await buildApp(config, { ...options, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
