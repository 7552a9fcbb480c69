// Imports question bank data into the configured database (DATABASE_URL, or PGlite under DATA_DIR):
//   npx tsx apps/server/src/modules/question-bank/import/import-cli.ts <file or folder>… [--tree-course 数学]
// Knowledge trees (JSON node arrays) go to the named course (数学 by default); GAOKAO-Bench JSON and
// TAL-SCQ5K JSONL files are recognised by their content. Re-running updates, never duplicates.
// While the server owns the data folder, the server does the import (platform/local-admin.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCommandTarget } from '../../../platform/command-database.ts';
import { loadConfig } from '../../../platform/config.ts';
import { callLocalAdmin, LocalAdminError } from '../../../platform/local-admin.ts';
import { type FileImport, importQuestionBankFiles } from './import-files.ts';
import type { ImportThroughServer } from './import-local-admin.ts';

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

const target = await openCommandTarget(loadConfig());
const started = performance.now();
let results: FileImport[];
if (target.database) {
  try {
    results = await importQuestionBankFiles(target.database.db, targets, { treeCourse });
  } finally {
    await target.database.close();
  }
} else {
  console.log(`服务正在运行：由服务导入（${target.server.url}）`);
  // Absolute, since the server does not share this command's working directory.
  const request: ImportThroughServer = { targets: targets.map((t) => path.resolve(t)), treeCourse };
  try {
    results = await callLocalAdmin<FileImport[]>(target.server, 'question-bank/import', request);
  } catch (error) {
    if (!(error instanceof LocalAdminError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
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
