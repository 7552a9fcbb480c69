// npm run school:create / backup / restore: runs a server command (a path under apps/server/src,
// without extension) from the compiled server when it is up to date or the sources are absent (the
// container image), else from the TypeScript sources through tsx, as in development.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name] = process.argv.splice(2, 1);
if (!name) {
  console.error('用法：node scripts/command.mjs <apps/server/src 下的命令路径> [参数…]');
  process.exit(1);
}
const source = path.join(root, 'apps/server/src', `${name}.ts`);
const compiled = path.join(root, 'apps/server/dist', `${name}.js`);
let useCompiled = existsSync(compiled);
if (useCompiled && existsSync(source)) {
  const { serverBuildIsStale } = await import('./server-build.mjs');
  useCompiled = !serverBuildIsStale();
}
if (useCompiled) {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
}
