// npm run test:e2e: the browser flows. Installs nothing; .ci/run makes sure Chromium is there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `浏览器测试需要 Chromium：${chromium} 不存在。请先运行 apt-get install -y chromium（.ci/run 会自动安装）。`,
  );
  process.exit(1);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
