// The rules of .dependency-cruiser.cjs (what `npm run lint` enforces), each broken once on a small tree
// laid out like the repository, next to the imports they allow. A pattern that stops matching (a
// renamed folder, a regex slip) fails here instead of letting lint pass in silence.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const depcruise = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const S = 'apps/server/src';
const W = 'apps/web/src';

/** file → its source; every import is relative, as in the repository. */
const TREE = {
  [`${S}/app.ts`]: `import { exams } from './modules/exams/index.ts';\nexport const app = exams;`,
  [`${S}/platform/errors.ts`]: 'export const badInput = 1;',
  // Refused: platform is below every module (an audit log written with auth's table).
  [`${S}/platform/audit.ts`]: `import { users } from '../modules/auth/schema.ts';\nexport const audit = users;`,
  // Refused: platform never imports app.ts or main.ts.
  [`${S}/platform/shutdown.ts`]: `import { app } from '../app.ts';\nexport const stop = app;`,
  [`${S}/db/schema.ts`]: [
    `export * from '../modules/auth/schema.ts';`,
    `export * from '../modules/question-bank/user-resources/user-schema.ts';`,
    // Refused: db/schema.ts gathers schema files only.
    `export * from '../modules/exams/index.ts';`,
  ].join('\n'),
  [`${S}/db/seed/demo.ts`]: [
    `import { exams } from '../../modules/exams/index.ts';`,
    // Refused: past the exams module's door.
    `import { saveExam } from '../../modules/exams/setup/exam-service.ts';`,
    'export const demo = [exams, saveExam];',
  ].join('\n'),

  [`${S}/modules/auth/index.ts`]: 'export const hashPassword = 1;',
  [`${S}/modules/auth/schema.ts`]: 'export const users = 1;',
  // Refused: auth is at the bottom of the module order.
  [`${S}/modules/auth/service.ts`]: `import { sb } from '../school-base/index.ts';\nexport const login = sb;`,
  // Allowed: a test beside a module may use a module above it (nothing imports a test).
  [`${S}/modules/auth/routes.test.ts`]: `import { sb } from '../school-base/index.ts';\nexport const t = sb;`,

  [`${S}/modules/school-base/index.ts`]: `import { hashPassword } from '../auth/index.ts';\nexport const sb = hashPassword;`,
  [`${S}/modules/school-base/schema.ts`]: `import { users } from '../auth/schema.ts';\nexport const schools = users;`,
  [`${S}/modules/school-base/students/students-service.ts`]: 'export const addStudent = 1;',

  [`${S}/modules/question-bank/user-resources/user-schema.ts`]: [
    // Allowed: a schema file in a sub-folder names other modules' tables.
    `import { users } from '../../auth/schema.ts';`,
    `import { schools } from '../../school-base/schema.ts';`,
    'export const baskets = [users, schools];',
  ].join('\n'),

  [`${S}/modules/exams/index.ts`]: `import { saveExam } from './setup/exam-service.ts';\nexport const exams = saveExam;`,
  [`${S}/modules/exams/schema.ts`]: [
    `import { schools } from '../school-base/schema.ts';`,
    // Refused: a schema file imports tables only.
    `import { addStudent } from '../school-base/students/students-service.ts';`,
    'export const multiExams = [schools, addStudent];',
  ].join('\n'),
  // Refused: past school-base's door, from a sub-folder into a sub-folder.
  [`${S}/modules/exams/setup/exam-service.ts`]: `import { addStudent } from '../../school-base/students/students-service.ts';\nexport const saveExam = addStudent;`,
  // Allowed: a module's own files at any depth.
  [`${S}/modules/exams/scores/score-service.ts`]: `import { saveExam } from '../setup/exam-service.ts';\nexport const score = saveExam;`,
  // Refused: question-bank is below exams.
  [`${S}/modules/question-bank/index.ts`]: `import { exams } from '../exams/index.ts';\nexport const qb = exams;`,
  // Refused: a module with no place in the order.
  [`${S}/modules/timetable/index.ts`]: `import { sb } from '../school-base/index.ts';\nexport const timetable = sb;`,

  [`${W}/lib/areas.ts`]: `import type { RouteHandle } from './route-kit.ts';\nexport type Area = RouteHandle['name'];`,
  [`${W}/lib/route-kit.ts`]: [
    // Refused: a cycle through type-only imports.
    `import type { Area } from './areas.ts';`,
    'export interface RouteHandle { name: string; area?: Area }',
    // Refused: lib imports no component, even lazily.
    `export const load = () => import('../components/coming-soon.tsx');`,
  ].join('\n'),
  // Refused: the server and the web share code only through packages.
  [`${W}/lib/api-client.ts`]: `import { badInput } from '../../../server/src/platform/errors.ts';\nexport const call = badInput;`,
  [`${W}/components/coming-soon.tsx`]: 'export const ComingSoon = 1;',
  // Refused: components are below the layout and the features.
  [`${W}/components/menu.tsx`]: [
    `import { Header } from '../layout/header.tsx';`,
    `import { landing } from '../features/auth/landing.ts';`,
    'export const Menu = [Header, landing];',
  ].join('\n'),
  [`${W}/layout/header.tsx`]: `import { ComingSoon } from '../components/coming-soon.tsx';\nexport const Header = ComingSoon;`,
  [`${W}/features/auth/landing.ts`]: `import { Header } from '../../layout/header.tsx';\nexport const landing = Header;`,
  [`${W}/features/exams/components/exam-list.tsx`]: 'export const ExamList = 1;',
  [`${W}/features/exams/pages/exams-page.tsx`]: [
    `import { ExamList } from '../components/exam-list.tsx';`,
    // Refused: a feature never imports another.
    `import { landing } from '../../auth/landing.ts';`,
    'export const ExamsPage = [ExamList, landing];',
  ].join('\n'),

  // Refused: packages never import apps.
  'packages/stats/src/index.ts': `import type { Area } from '../../../apps/web/src/lib/areas.ts';\nexport type Scope = Area;`,
};

const REFUSED = [
  `module-door: ${S}/modules/exams/setup/exam-service.ts → ${S}/modules/school-base/students/students-service.ts`,
  `schema-files-are-tables: ${S}/modules/exams/schema.ts → ${S}/modules/school-base/students/students-service.ts`,
  `module-door-outside: ${S}/db/seed/demo.ts → ${S}/modules/exams/setup/exam-service.ts`,
  `module-door-db-schema: ${S}/db/schema.ts → ${S}/modules/exams/index.ts`,
  `module-order-auth: ${S}/modules/auth/service.ts → ${S}/modules/school-base/index.ts`,
  `module-order-question-bank: ${S}/modules/question-bank/index.ts → ${S}/modules/exams/index.ts`,
  `module-in-order: ${S}/modules/timetable/index.ts → ${S}/modules/school-base/index.ts`,
  `platform-below-modules: ${S}/platform/audit.ts → ${S}/modules/auth/schema.ts`,
  `module-door-outside: ${S}/platform/audit.ts → ${S}/modules/auth/schema.ts`,
  `modules-below-app: ${S}/platform/shutdown.ts → ${S}/app.ts`,
  `packages-below-apps: packages/stats/src/index.ts → ${W}/lib/areas.ts`,
  `apps-share-only-packages: ${W}/lib/api-client.ts → ${S}/platform/errors.ts`,
  `web-feature-isolation: ${W}/features/exams/pages/exams-page.tsx → ${W}/features/auth/landing.ts`,
  `web-shared-below-features: ${W}/components/menu.tsx → ${W}/features/auth/landing.ts`,
  `web-lib-at-the-bottom: ${W}/lib/route-kit.ts → ${W}/components/coming-soon.tsx`,
  `web-components-below-layout: ${W}/components/menu.tsx → ${W}/layout/header.tsx`,
];

let dir = '';
let violations = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'));
  for (const [file, source] of Object.entries(TREE)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${source}\n`);
  }
  copyFileSync(path.join(repo, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  const run = spawnSync(
    process.execPath,
    [depcruise, 'apps', 'packages', '--config', path.join(repo, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing (exit ${run.status}): ${run.stderr}`);
  violations = JSON.parse(run.stdout).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the dependency rules of npm run lint', () => {
  it('refuse each broken rule, and only those imports', () => {
    const found = violations
      .filter((violation) => violation.rule.name !== 'no-circular')
      .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
    expect(found.sort()).toEqual([...REFUSED].sort());
  });

  it('refuse a cycle, type-only imports included', () => {
    const cycles = violations
      .filter((violation) => violation.rule.name === 'no-circular')
      .map((violation) => [violation.from, ...violation.cycle.map((step) => step.name)].join(' → '));
    expect(cycles).toEqual([`${W}/lib/areas.ts → ${W}/lib/route-kit.ts → ${W}/lib/areas.ts`]);
  });
});
