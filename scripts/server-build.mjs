// Compiles the server for production (npm start, the container image): every TypeScript file of
// apps/server/src and of the workspace packages it uses, one JavaScript file each, to
// apps/server/dist. One file per source keeps the layout the server relies on at run time: the
// parse workers import a parser module by its own URL, db.ts finds ../db/migrations, fonts.ts
// ../../fonts.conf and config.ts ../../../web/dist, all at the same depth under dist/ as under src/.
// The workspace packages go to dist/node_modules/@huikao/*, where Node finds them first.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(root, 'apps/server/src');
const dist = path.join(root, 'apps/server/dist');
const packagesDir = path.join(root, 'packages');
const thisScript = fileURLToPath(import.meta.url);

/** Source files whose change means a rebuild (tests and test helpers are not compiled). */
function sourcesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && folder === serverSrc ? [] : sourcesUnder(full);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [full];
  });
}

function packageSources() {
  return readdirSync(packagesDir)
    .filter((name) => existsSync(path.join(packagesDir, name, 'package.json')))
    .map((name) => ({
      name,
      dir: path.join(packagesDir, name),
      files: sourcesUnder(path.join(packagesDir, name, 'src')),
    }));
}

function newest(files) {
  return files.reduce((max, file) => Math.max(max, statSync(file).mtimeMs), 0);
}

const BUILT_MARK = path.join(dist, '.built');

/** True when apps/server/dist is older than a source, the migrations or this script. */
export function serverBuildIsStale() {
  if (!existsSync(BUILT_MARK)) return true;
  const files = [
    ...sourcesUnder(serverSrc),
    ...packageSources().flatMap((p) => [...p.files, path.join(p.dir, 'package.json')]),
    thisScript,
  ];
  return newest(files) > statSync(BUILT_MARK).mtimeMs;
}

// Every import stays an import: relative .ts paths become .js, package names stay as they are.
const keepImports = {
  name: 'keep-imports',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path.replace(/\.tsx?$/, '.js'), external: true };
    });
  },
};

async function compile(entryPoints, outbase, outdir) {
  await build({
    entryPoints,
    outbase,
    outdir,
    bundle: true,
    plugins: [keepImports],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Chinese messages stay readable in the compiled files.
    charset: 'utf8',
  });
}

export async function buildServer() {
  const started = performance.now();
  // Built aside and swapped in, so a running server never sees a half-written dist.
  const next = `${dist}.next`;
  rmSync(next, { recursive: true, force: true });
  const serverFiles = sourcesUnder(serverSrc);
  await compile(
    serverFiles.filter((f) => f.endsWith('.ts')),
    serverSrc,
    next,
  );
  for (const file of serverFiles.filter((f) => !f.endsWith('.ts'))) {
    const target = path.join(next, path.relative(serverSrc, file));
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(file, target);
  }
  for (const pkg of packageSources()) {
    const manifest = JSON.parse(readFileSync(path.join(pkg.dir, 'package.json'), 'utf8'));
    const out = path.join(next, 'node_modules', manifest.name);
    await compile(
      pkg.files.filter((f) => f.endsWith('.ts')),
      pkg.dir,
      out,
    );
    const exportsJs = JSON.parse(JSON.stringify(manifest.exports ?? {}).replace(/\.tsx?"/g, '.js"'));
    writeFileSync(
      path.join(out, 'package.json'),
      `${JSON.stringify({ name: manifest.name, private: true, type: 'module', exports: exportsJs }, null, 2)}\n`,
    );
  }
  writeFileSync(path.join(next, '.built'), new Date().toISOString());
  rmSync(dist, { recursive: true, force: true });
  renameSync(next, dist);
  console.log(`server compiled to apps/server/dist in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Builds apps/server/dist when it is missing or stale; true when it built. */
export async function ensureServerBuilt() {
  if (!serverBuildIsStale()) return false;
  console.log(
    existsSync(BUILT_MARK) ? 'server sources changed: recompiling the server…' : 'compiling the server (first start)…',
  );
  await buildServer();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
