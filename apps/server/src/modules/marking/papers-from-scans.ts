import type { Tx } from '../../platform/db.ts';
import { scannedCropsOf } from '../scanning/index.ts';
import { questionNos } from './dispatch/dispatch-repo.ts';
import { createPapers, type NewPaper } from './papers.ts';
import type { markBlocks } from './schema.ts';

// Papers of a 题块 from scanning's stored crops (issue #17): one per exam student with a kept,
// recognised sheet (a 缺考 student has none), the crop whose box covers most of the 题块's
// questions. Run when a 题块 starts or resumes and by 同步试卷 after later scans: createPapers
// leaves papers already there alone, so a re-run adds only the new students.

type BlockRow = typeof markBlocks.$inferSelect;

export async function papersFromScans(tx: Tx, block: BlockRow): Promise<number> {
  const nos = await questionNos(
    tx,
    block.questions.map((q) => Number(q.questionId)),
  );
  const wanted = new Set(block.questions.map((q) => nos.get(q.questionId)).filter((n): n is string => !!n));
  const best = new Map<number, { key: string; covered: number }>();
  for (const crop of await scannedCropsOf(tx, block.singleExamId)) {
    const covered = crop.questionNumbers.filter((n) => wanted.has(n)).length;
    if (covered === 0) continue;
    const held = best.get(crop.examStudentId);
    if (!held || covered > held.covered) best.set(crop.examStudentId, { key: crop.key, covered });
  }
  const papers: NewPaper[] = [...best].map(([examStudentId, crop]) => ({ examStudentId, imageKey: crop.key }));
  return createPapers(tx, block.id, papers);
}
