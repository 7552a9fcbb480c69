// Builds the web app when apps/web/dist is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/protocol/src',
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

export function ensureWebBuilt() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (builtAt > changedAt) return false;
  console.log(builtAt ? 'web sources changed: rebuilding the web app…' : 'building the web app (first start)…');
  execSync('npm run build -w @huikao/web', { cwd: root, stdio: 'inherit' });
  precompressAssets();
  return true;
}

/**
 * Brotli (best) and gzip copies of the hashed assets beside them, once per build, so the server
 * sends them compressed without spending CPU per request (@fastify/static preCompressed).
 */
export function precompressAssets(dist = path.join(root, 'apps/web/dist')) {
  const assets = path.join(dist, 'assets');
  if (!existsSync(assets)) return;
  for (const name of readdirSync(assets)) {
    if (!/\.(js|css|svg|json|html|txt|map)$/.test(name)) continue;
    const file = path.join(assets, name);
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuilt();
