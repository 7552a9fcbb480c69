// Measures the score book export of issue #4 on the embedded database: the exam of
// bench/import-scores.ts (1,000 students × 9 subjects × 25 questions, scores imported first,
// not timed), exported as the full book (exportMultiExcels: totals sheet + 9 question sheets) and
// as the totals sheet (exportMultiScoreInfo). Target: the book under 5 s.
// Run: npx tsx bench/export-scores.ts. Prints its figures; asserts nothing.
import { examsApi, type ScoreImportPreview } from '@huikao/contracts';
import { fillTemplate } from './support/fill-template.ts';
import { seconds, setUpScoreBench } from './support/score-exam.ts';

const bench = await setUpScoreBench();
const template = await bench.callFile(examsApi.exportScoreTemplate, { schoolId: bench.schoolId, meId: bench.meId });
const file = await fillTemplate(template);
const form = new FormData();
form.append('schoolId', bench.schoolId);
form.append('meId', bench.meId);
form.append('file', new Blob([new Uint8Array(file)]), '成绩导入.xlsx');
const response = await fetch(bench.url + examsApi.uploadFileParse.path, {
  method: 'POST',
  headers: { loginName: bench.session.loginName, jwtToken: bench.session.jwtToken },
  body: form,
});
const checked = ((await response.json()) as { data: ScoreImportPreview }).data;
await bench.call(examsApi.importSingleStudentsAndScores, {
  schoolId: bench.schoolId,
  meId: bench.meId,
  rows: checked.rows.map(({ sheet, rowNo, values }) => ({ sheet, rowNo, values })),
});

for (const [label, endpoint] of [
  ['exportMultiExcels (score book: totals + 9 question sheets)', examsApi.exportMultiExcels],
  ['exportMultiScoreInfo (totals sheet)', examsApi.exportMultiScoreInfo],
] as const) {
  const t0 = performance.now();
  const book = await bench.callFile(endpoint, { schoolId: bench.schoolId, meId: bench.meId });
  console.log(`${label} (${bench.kind}): ${seconds(performance.now() - t0)}, ${(book.length / 1024).toFixed(0)} KB`);
}
await bench.close();
