import { buildApp } from './app.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoSchool } from './db/seed/demo-school.ts';
import { hasSchool } from './modules/school-base/index.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirBusyError } from './platform/data-dir-lock.ts';
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: `http://localhost:${config.port}`, database: app.platform.database.kind },
    '慧考云 is serving the platform',
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error('启动失败：', error);
  }
  process.exit(1);
});
