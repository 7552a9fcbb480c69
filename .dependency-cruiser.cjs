// The dependency rules of the house style, checked by dependency-cruiser in `npm run lint`
// (docs/how-to-add-a-module.md explains them; docs/decisions.md 2026-11-26 says why this tool).
// Paths are matched from the repository root; module rules use `([^/]+)` and `$1` so they hold at any
// depth of a module's stage sub-folders (modules/analysis/load/…, modules/school-base/students/…).

const MODULES = '^apps/server/src/modules/';
const FEATURES = '^apps/web/src/features/';
const TESTS = ['\\.test\\.tsx?$', '^apps/server/src/test/'];
// A module's table definitions (`schema.ts`, `user-schema.ts`, `load/schema.ts` …).
const SCHEMA_FILE = `${MODULES}.*[/-]schema\\.ts$`;

/**
 * The server modules bottom to top (docs/architecture.md draws it): a module uses only modules on a
 * lower line, never one on its own line or above it, so the module graph has no cycle. curriculum has
 * its place before it is built. A new module (scanning, marking, online-exam …) fails lint
 * (`module-in-order`) until it is given its place here, which is a decision to make, not a default.
 */
const MODULE_ORDER = [
  ['auth'],
  ['school-base'],
  ['curriculum'],
  ['question-bank'],
  ['exams'],
  ['scanning'],
  ['marking'],
  ['online-exam'],
  ['analysis', 'documents'],
];

const oneOf = (names) => `(${names.join('|')})`;

const moduleOrderRules = MODULE_ORDER.flatMap((line, level) => {
  const notBelow = MODULE_ORDER.slice(level).flat();
  return line.map((name) => ({
    name: `module-order-${name}`,
    severity: 'error',
    comment: `${name} may use only modules below it in MODULE_ORDER (.dependency-cruiser.cjs), never ${notBelow.filter((n) => n !== name).join(', ')}.`,
    from: { path: `${MODULES}${name}/`, pathNot: TESTS },
    to: { path: `${MODULES}${oneOf(notBelow.filter((n) => n !== name))}/` },
  }));
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two files that import each other, directly or around a loop (type-only imports count too). Move what both need into one direction.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'module-door',
      severity: 'error',
      comment:
        "From outside a server module only its index.ts: that file is the module's one door. (Schema files follow schema-files-are-tables.)",
      from: { path: `${MODULES}([^/]+)/`, pathNot: SCHEMA_FILE },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'module-door-outside',
      severity: 'error',
      comment:
        "Outside the modules (app.ts, db/seed, test helpers) a module is used through its index.ts; only db/schema.ts re-exports the modules' schema files.",
      from: { path: '^apps/server/src/', pathNot: [MODULES, '^apps/server/src/db/schema\\.ts$'] },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'module-door-db-schema',
      severity: 'error',
      comment: "db/schema.ts gathers the modules' tables for Drizzle and drizzle-kit: it imports schema files only.",
      from: { path: '^apps/server/src/db/schema\\.ts$' },
      to: { path: MODULES, pathNot: SCHEMA_FILE },
    },
    {
      name: 'schema-files-are-tables',
      severity: 'error',
      comment:
        "A schema file defines tables: it never imports a module's code (so db/schema.ts, which platform/db.ts reads, pulls in tables only).",
      from: { path: SCHEMA_FILE },
      to: { path: MODULES, pathNot: SCHEMA_FILE },
    },
    {
      name: 'module-in-order',
      severity: 'error',
      comment: 'Every server module has its place in MODULE_ORDER (.dependency-cruiser.cjs): add the new module there.',
      from: { path: MODULES, pathNot: `${MODULES}${oneOf(MODULE_ORDER.flat())}/` },
      to: {},
    },
    ...moduleOrderRules,
    {
      name: 'platform-below-modules',
      severity: 'error',
      comment:
        'platform/ is below every module: cross-cutting needs (config, db, errors, the audit log) never import a module.',
      from: { path: '^apps/server/src/platform/' },
      to: { path: MODULES },
    },
    {
      name: 'modules-below-app',
      severity: 'error',
      comment: 'app.ts assembles the modules and main.ts starts the process; no module or platform file imports them.',
      from: { path: '^apps/server/src/(modules|platform)/', pathNot: TESTS },
      to: { path: '^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'packages/* are pure libraries shared by the apps: they never import apps/*.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-share-only-packages',
      severity: 'error',
      comment: 'The server and the web share code only through packages/* (contracts, protocol, stats …).',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-feature-isolation',
      severity: 'error',
      comment:
        "A web feature never imports another feature's files; router.tsx assembles the features, and what two features share goes to components/ or lib/.",
      from: { path: `${FEATURES}([^/]+)/` },
      to: { path: FEATURES, pathNot: `${FEATURES}$1/` },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'lib/, components/ and layout/ are shared by every feature and never import one.',
      from: { path: '^apps/web/src/(lib|components|layout)/' },
      to: { path: `${FEATURES}|^apps/web/src/(router|app|main)\\.tsx$` },
    },
    {
      name: 'web-lib-at-the-bottom',
      severity: 'error',
      comment: 'lib/ (api-client, session, route-kit …) is the bottom of the web: it imports no component or layout.',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/(components|layout)/' },
    },
    {
      name: 'web-components-below-layout',
      severity: 'error',
      comment: 'Shared components render from props; the layout uses them, never the other way round.',
      from: { path: '^apps/web/src/components/' },
      to: { path: '^apps/web/src/layout/' },
    },
  ],
  options: {
    // Only our own code is cruised: a dependency stops at node_modules, and built output is skipped.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data)/' },
    // Type-only imports count: a cycle through `import type` is still a cycle between two files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    moduleSystems: ['es6'],
    // Workspace packages resolve through their package.json `exports` (`@huikao/contracts` → src/index.ts).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    skipAnalysisNotInRules: true,
  },
};
