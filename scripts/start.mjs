// npm start: build the web app and compile the server when missing or stale, then run the compiled
// server (apps/server/dist, no TypeScript loader) in this one process. In the container image both
// are built already and the sources are not there: it just runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const compiled = path.join(root, 'apps/server/dist/main.js');
if (existsSync(path.join(root, 'apps/server/src'))) {
  const { ensureWebBuilt } = await import('./web-build.mjs');
  const { ensureServerBuilt } = await import('./server-build.mjs');
  ensureWebBuilt();
  await ensureServerBuilt();
}
await import(pathToFileURL(compiled).href);
