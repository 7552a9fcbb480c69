// Imports question bank data into the configured database (DATABASE_URL, or PGlite under DATA_DIR):
//   npx tsx apps/server/src/modules/question-bank/import/import-cli.ts <file or folder>… [--tree-course 数学]
// Knowledge trees (JSON node arrays) go to the named course (数学 by default); GAOKAO-Bench JSON and
// TAL-SCQ5K JSONL files are recognised by their content. Re-running updates, never duplicates.
import { parseArgs } from 'node:util';
import { openCommandDatabase } from '../../../platform/command-database.ts';
import { loadConfig } from '../../../platform/config.ts';
import { importQuestionBankFiles } from './import-files.ts';

const USAGE =
  '用法：npx tsx apps/server/src/modules/question-bank/import/import-cli.ts <文件或目录>… [--tree-course 数学]';

function readArguments(): { targets: string[]; treeCourse?: string } {
  try {
    const { values, positionals } = parseArgs({
      options: { 'tree-course': { type: 'string' } },
      allowPositionals: true,
    });
    return { targets: positionals, treeCourse: values['tree-course'] };
  } catch (error) {
    console.error(`参数错误：${(error as Error).message}\n${USAGE}`);
    process.exit(1);
  }
}

const { targets, treeCourse } = readArguments();
if (targets.length === 0) {
  console.error(USAGE);
  process.exit(1);
}

const database = await openCommandDatabase(loadConfig());
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
