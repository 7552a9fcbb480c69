// npm run build: the web app (Vite, then brotli and gzip copies of its assets) and the compiled
// server (apps/server/dist), as the container image and npm start use them.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './server-build.mjs';
import { precompressAssets } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execSync('npm run build -w @huikao/web', { cwd: root, stdio: 'inherit' });
precompressAssets();
await buildServer();
