import { buildApp } from './app.ts';
import { runDemoScans } from './db/seed/demo-scans.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SCHOOL, seedDemoSchool } from './db/seed/demo-school.ts';
import { hasSchool } from './modules/school-base/index.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirBusyError } from './platform/data-dir-lock.ts';
import { publishLocalAdmin } from './platform/local-admin.ts';
import { guardProcess } from './platform/process-guards.ts';

// Starts the process: config, app, seed, listen, graceful close. Nothing else lives here.
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config, { analysisWorker: true, scanWorker: true });
  guardProcess(app.log);

  if (config.seedDemo) {
    const { created } = await seedDemoSchool(app.platform.database.db);
    app.log.info({ created }, created.length > 0 ? 'demo school seeded' : 'demo school already present');
    app.log.info(
      {
        school: '慧考实验中学',
        password: DEMO_PASSWORD,
        accounts: DEMO_ACCOUNTS.map((a) => `${a.loginName} (type ${a.type}, ${a.role})`),
      },
      'demo accounts',
    );
  } else if (!(await hasSchool(app.platform.database.db))) {
    app.log.warn('数据库中还没有学校：在浏览器中打开本服务完成初始化，或停止服务后运行 npm run school:create');
  }

  let unpublish = () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    unpublish();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (!config.databaseUrl) {
    // Commands run while this server owns the data folder reach it here (platform/local-admin.ts).
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const wildcard = ['0.0.0.0', '::', 'localhost', ''].includes(config.host);
    const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
    unpublish = publishLocalAdmin(config.dataDir, {
      pid: process.pid,
      url: `http://${host}:${port}`,
      token: app.platform.localAdminToken,
    });
    process.on('exit', unpublish);
  }
  app.log.info(
    { url: `http://localhost:${config.port}`, database: app.platform.database.kind },
    '慧考云 is serving the platform',
  );
  // The demo's scanned and half-marked 数学 is made after start, in the background (once).
  if (config.seedDemo) void runDemoScans(app, DEMO_SCHOOL.code);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error('启动失败：', error);
  }
  process.exit(1);
});
