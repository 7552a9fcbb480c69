import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SSO_CALLBACK_PATH } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../apps/server/src/app.ts';
import { schools, users } from '../../apps/server/src/db/schema.ts';
import { DEMO_SCHOOL, seedDemoSchool } from '../../apps/server/src/db/seed/demo-school.ts';
import { ensureUser, hashPassword } from '../../apps/server/src/modules/auth/index.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openFileStorage } from '../../apps/server/src/platform/storage-routes.ts';
import { startTestOidcProvider } from '../../apps/server/src/test/oidc-provider.ts';
// @ts-expect-error: a plain .mjs script without types
import { ensureWebBuilt } from '../../scripts/web-build.mjs';
import { DEMO_PASSWORD, FIXTURE_ACCOUNTS, SSO_ACCOUNTS, SSO_PROVIDER_NAME } from './accounts.ts';
import { seedDeskBlocks } from './marking-desk-seed.ts';
import { seedMonitorBlock } from './marking-monitor-seed.ts';
import { seedQualityBlock } from './marking-quality-seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Builds the web app if needed and serves the whole platform on a fresh embedded database. */
export default async function setup(project: TestProject) {
  ensureWebBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huikao-e2e-'));
  // A real OpenID Connect provider for the single sign-on flow (e2e/auth/sso.spec.ts), configured
  // into the server by its SSO_* settings as a deployment would be.
  const idp = await startTestOidcProvider(SSO_ACCOUNTS);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    SSO_PROVIDERS: 'campus',
    SSO_CAMPUS_NAME: SSO_PROVIDER_NAME,
    SSO_CAMPUS_ISSUER: idp.issuer,
    SSO_CAMPUS_CLIENT_ID: idp.clientId,
    SSO_CAMPUS_CLIENT_SECRET: idp.clientSecret,
    SSO_CAMPUS_SCOPE: 'openid profile phone employee',
  });
  // The report worker computes the demo exams' analysis reports in the background, as in production.
  // Scanned pages are recognised in the background too, as in production (the 扫描 flows watch it).
  const app = await buildApp(config, { logger: false, analysisWorker: true, scanWorker: true });
  const db = app.platform.database.db;
  await seedDemoSchool(db);

  const [school] = await db.select().from(schools).where(eq(schools.code, DEMO_SCHOOL.code));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [key, account] of Object.entries(FIXTURE_ACCOUNTS)) {
    await ensureUser(db, {
      ...account,
      schoolId: school!.id,
      passwordHash,
      userCode: `E2E-${key}`,
      name: `测试${key}`,
    });
  }
  await db
    .update(users)
    .set({ mustChangePassword: true })
    .where(eq(users.loginName, FIXTURE_ACCOUNTS.forcedChange.loginName));
  await seedMonitorBlock(db, school!.id);
  await seedQualityBlock(db, school!.id);
  const files = await openFileStorage(config);
  await seedDeskBlocks(db, school!.id, files.storage);
  files.close();

  // teacher01 is known to the provider by their 工号.
  const [teacher01] = await db.select().from(users).where(eq(users.loginName, 'teacher01'));
  SSO_ACCOUNTS['sso-teacher01']!.employee_number = teacher01!.userCode;

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  idp.start(`http://127.0.0.1:${port}${SSO_CALLBACK_PATH}`);

  return async () => {
    await app.close();
    await idp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
