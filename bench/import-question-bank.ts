// Measures importing every question of ../shared/data/questions/ (GAOKAO-Bench JSON and TAL-SCQ5K
// JSONL) on the embedded database, after the knowledge trees of ../shared/data/curriculum/, then
// the same files again (idempotent: every question updated, none added). Target: under 30 s.
// Run: npx tsx bench/import-question-bank.ts (SHARED_DATA=/path/to/data; BENCH_DATABASE_URL for PostgreSQL).
// Prints its figures; asserts nothing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { importQuestionBankFiles } from '../apps/server/src/modules/question-bank/index.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';

const data = process.env.SHARED_DATA ?? path.resolve(import.meta.dirname, '../../shared/data');
if (!existsSync(path.join(data, 'questions'))) {
  console.log(`skipped: ${data}/questions is absent`);
  process.exit(0);
}
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL ?? 'memory://', dataDir: '' });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

let t = performance.now();
const trees = await importQuestionBankFiles(database.db, [path.join(data, 'curriculum')]);
console.log(
  `knowledge trees: ${trees.reduce((n, r) => n + (r.nodes ?? 0), 0)} nodes in ${seconds(performance.now() - t)}`,
);

for (const run of ['first import', 're-import']) {
  t = performance.now();
  const results = await importQuestionBankFiles(database.db, [path.join(data, 'questions')]);
  const questions = results.reduce((n, r) => n + (r.summary?.questions ?? 0), 0);
  const links = results.reduce((n, r) => n + (r.summary?.knowledgeLinks ?? 0), 0);
  console.log(
    `${run}: ${questions} questions (${links} knowledge links) from ${results.length} files in ${seconds(performance.now() - t)}`,
  );
}
const count = (await database.db.execute(sql`select count(*)::int as n from qb_questions`)) as unknown as {
  rows: { n: number }[];
};
console.log(`questions stored: ${count.rows[0]?.n} (${database.kind})`);
await database.close();
