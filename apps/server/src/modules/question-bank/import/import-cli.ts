// Imports question bank data into the configured database (DATABASE_URL, or PGlite under DATA_DIR):
//   npx tsx apps/server/src/modules/question-bank/import/import-cli.ts <file or folder>… [--tree-course 数学]
// Knowledge trees (JSON node arrays) go to the named course (数学 by default); GAOKAO-Bench JSON and
// TAL-SCQ5K JSONL files are recognised by their content. Re-running updates, never duplicates.
import { loadConfig } from '../../../platform/config.ts';
import { openDatabase } from '../../../platform/db.ts';
import { importQuestionBankFiles } from './import-files.ts';

const args = process.argv.slice(2);
const courseFlag = args.indexOf('--tree-course');
const treeCourse = courseFlag >= 0 ? args[courseFlag + 1] : undefined;
const targets = args.filter((_a, i) => i !== courseFlag && i !== courseFlag + 1);
if (targets.length === 0) {
  console.error(
    '用法：npx tsx apps/server/src/modules/question-bank/import/import-cli.ts <文件或目录>… [--tree-course 数学]',
  );
  process.exit(1);
}

const database = await openDatabase(loadConfig());
const started = performance.now();
try {
  const results = await importQuestionBankFiles(database.db, targets, { treeCourse });
  for (const r of results) {
    const what =
      r.kind === 'tree'
        ? `${r.nodes} nodes`
        : `${r.summary!.questions} questions, ${r.summary!.knowledgeLinks} knowledge links`;
    console.log(`${r.kind.padEnd(6)} ${what}  ${r.file}`);
  }
  const questions = results.reduce((n, r) => n + (r.summary?.questions ?? 0), 0);
  console.log(
    `imported ${questions} questions from ${results.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
