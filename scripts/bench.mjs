// npm run bench: runs every bench/*.ts in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
const scripts = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n== bench/${script}`);
  const result = spawnSync('npx', ['tsx', `bench/${script}`], {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'Asia/Shanghai' },
  });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
