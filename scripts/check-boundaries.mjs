// House style: a module is entered only through its index.ts. This refuses imports into another
// server module's internals, and web features importing each other (router.tsx assembles them).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const problems = [];

function files(dir) {
  let out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(files(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((m) => m[1] ?? m[2])
    .filter((s) => s.startsWith('.'));
}

function check(base, kind, allowed) {
  const dir = path.join(root, base);
  for (const file of files(dir)) {
    const own = path.relative(dir, file).split(path.sep);
    for (const spec of importsOf(file)) {
      const target = path.relative(dir, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (target[0] === '..' || (own[0] === target[0] && own.length > 1)) continue;
      if (!allowed(file, target)) problems.push(`${path.relative(root, file)} imports ${spec} (${kind} internals)`);
    }
  }
}

// Server: from outside module X only modules/X/index.ts, and db/schema.ts may re-export modules/X/schema.ts.
// A module's schema.ts may name another module's table for a foreign key.
check(
  'apps/server/src/modules',
  'another module',
  (file, target) => target[1] === 'index.ts' || (target[1] === 'schema.ts' && file.endsWith('schema.ts')),
);
for (const file of files(path.join(root, 'apps/server/src')).filter(
  (f) => !f.includes(`${path.sep}modules${path.sep}`),
)) {
  for (const spec of importsOf(file)) {
    const target = path.relative(path.join(root, 'apps/server/src/modules'), path.resolve(path.dirname(file), spec));
    const parts = target.split(path.sep);
    if (parts[0] === '..' || parts.length < 2) continue;
    const ok = parts[1] === 'index.ts' || (parts[1] === 'schema.ts' && file.endsWith(path.join('db', 'schema.ts')));
    if (!ok) problems.push(`${path.relative(root, file)} imports ${spec} (module internals)`);
  }
}
// Web: a feature never imports another feature.
check('apps/web/src/features', 'another feature', () => false);

if (problems.length > 0) {
  console.error(`Module boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('module boundaries: ok');
