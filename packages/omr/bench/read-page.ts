// Micro benchmark: readPage on synthetic A3 sides at 200 dpi (90 questions, a 10-digit 考号), one core.
// Prints pages per second for the recognition alone; decoding and crops are the server's and come on top.
// Run: npx tsx packages/omr/bench/read-page.ts [pages]

import { readPage } from '../src/read-page.ts';
import { drawRandomPage, randomPage } from '../src/test-support/random-page.ts';
import { syntheticLayout } from '../src/test-support/synthetic-card.ts';

const layout = syntheticLayout({ pageWidthMm: 420, pageHeightMm: 297, questionCount: 90, candidateDigits: 10 });
const distinct = 6;
const reads = Number(process.argv[2] ?? 60);

const drawStart = performance.now();
const images = Array.from(
  { length: distinct },
  (_, n) => drawRandomPage(randomPage(layout, 9000 + n, 200, n % 3 === 2)).image,
);
console.log(
  `drew ${distinct} A3 sides of ${images[0]!.width} × ${images[0]!.height} px in ${Math.round(performance.now() - drawStart)} ms`,
);

// Warm the JIT on each image once before timing.
for (const image of images) readPage(image, layout, { dpi: 200 });

let flagged = 0;
const start = performance.now();
for (let n = 0; n < reads; n++) {
  const result = readPage(images[n % distinct]!, layout, { dpi: 200 });
  if (result.status !== 'read') throw new Error(`page ${n % distinct} refused: ${result.detail}`);
  flagged += result.flaggedQuestions.length;
}
const seconds = (performance.now() - start) / 1000;
console.log(
  `read ${reads} sides in ${(seconds * 1000).toFixed(0)} ms: ${(reads / seconds).toFixed(1)} pages/s on one core`,
);
console.log(`(${((seconds * 1000) / reads).toFixed(2)} ms a side; ${flagged} flagged questions, the blank ones)`);
