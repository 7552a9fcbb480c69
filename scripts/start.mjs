// npm start: build the web app if it is missing or stale, then serve everything in this one process.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { ensureWebBuilt } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
ensureWebBuilt();
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
