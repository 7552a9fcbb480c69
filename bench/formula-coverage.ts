// Issue #22 item 2: how the exported Word papers print the formulas of the shared question bank
// (../shared/data/questions: GAOKAO-Bench and TAL-SCQ5K, every stem, option, answer and
// explanation as the importers read them): how many formulas, how many KaTeX renders on screen,
// and of those how many the converter builds as Word equations (OMML), how many are drawn as
// pictures (MathJax → PNG) and how many would print as source (the figure that must be 0).
// Run: npx tsx bench/formula-coverage.ts (SHARED_DATA=/path/to/data). Prints its figures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import katex from 'katex';
import { measureFormulaCoverage } from '../apps/server/src/modules/documents/index.ts';
import { parseGaokaoFile } from '../apps/server/src/modules/question-bank/import/parse-gaokao.ts';
import { parseTalLine } from '../apps/server/src/modules/question-bank/import/parse-tal.ts';

const data = process.env.SHARED_DATA ?? path.resolve(import.meta.dirname, '../../shared/data');
const questionsDir = path.join(data, 'questions');
if (!existsSync(questionsDir)) {
  console.log(`skipped: ${questionsDir} is absent`);
  process.exit(0);
}

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

const texts: string[] = [];
let questions = 0;
for (const file of files(questionsDir).sort()) {
  const drafts = file.endsWith('.json')
    ? parseGaokaoFile(path.basename(file), JSON.parse(readFileSync(file, 'utf8')))
    : file.endsWith('.jsonl')
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => line.trim())
          .map(parseTalLine)
      : [];
  questions += drafts.length;
  for (const q of drafts) texts.push(q.stem, ...(q.options ?? []), q.answer, q.explanation);
}

const katexRenders = (tex: string) => {
  try {
    katex.renderToString(tex, { throwOnError: true, strict: false });
    return true;
  } catch {
    return false;
  }
};

const started = performance.now();
const coverage = await measureFormulaCoverage(texts, katexRenders);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const percent = (n: number) => `${((100 * n) / Math.max(1, coverage.rendered)).toFixed(3)} %`;

console.log(`questions: ${questions}; formulas: ${coverage.formulas} (measured in ${seconds} s)`);
console.log(
  `KaTeX renders: ${coverage.rendered} (${((100 * coverage.rendered) / coverage.formulas).toFixed(2)} % of all)`,
);
console.log(`  Word equations (OMML): ${coverage.equations} (${percent(coverage.equations)})`);
console.log(`  pictures (MathJax → PNG): ${coverage.pictures} (${percent(coverage.pictures)})`);
for (const [construct, n] of coverage.pictureReasons) console.log(`    ${n} × ${construct}`);
console.log(`  printed as source: ${coverage.failed.length} (${percent(coverage.failed.length)})`);
for (const { tex, construct } of coverage.failed.slice(0, 20)) console.log(`    ${construct}: ${tex.slice(0, 100)}`);
console.log(`not rendered by KaTeX either (shown as source on screen too): ${coverage.formulas - coverage.rendered}`);
