import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { markPapers } from '../../apps/server/src/db/schema.ts';
import type { Db } from '../../apps/server/src/platform/db.ts';
import type { FileStorage } from '../../apps/server/src/platform/storage.ts';
import { makeBlock } from '../../apps/server/src/test/marking-data.ts';
import { demoAccounts, firstSubjective, nameBlock } from './marking-seed-kit.ts';

// The 题块 of the desk's browser flow (e2e/marking/desk.spec.ts), written as scanning would: a
// single-marked 题块 of 10 papers with stored crop images, teacher01 its marker; and a double-marked
// 题块 of one paper whose marks the test makes through the API until it needs 仲裁 (admin01, 题组长).

export const DESK_BLOCK_NAME = 'E2E阅卷台题块';
export const ARBITRATION_BLOCK_NAME = 'E2E仲裁题块';

async function crop(n: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect width="480" height="160" fill="#fff"/><text x="20" y="90" font-size="40" fill="#222">answer ${n}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedDeskBlocks(db: Db, schoolId: number, storage: FileStorage): Promise<void> {
  const [teacher01, admin01, a, b] = await demoAccounts(db, ['teacher01', 'admin01', 'e2e_marker_a', 'e2e_marker_b']);
  const { seId, question, examStudentIds } = await firstSubjective(db, schoolId, 11);
  const desk = await makeBlock(db, {
    schoolId,
    seId,
    question,
    mode: 'single',
    tolerance: 1,
    markers: [{ userId: teacher01!.id }],
    examStudentIds: examStudentIds.slice(0, 10),
  });
  await nameBlock(db, desk.id, DESK_BLOCK_NAME);
  const papers = await db.select().from(markPapers).where(eq(markPapers.blockId, desk.id)).orderBy(markPapers.id);
  for (const [i, paper] of papers.entries()) {
    const key = await storage.put('mark-crops', `paper-${i + 1}.png`, await crop(i + 1));
    await db.update(markPapers).set({ imageKey: key }).where(eq(markPapers.id, paper.id));
  }
  const arbitration = await makeBlock(db, {
    schoolId,
    seId,
    question,
    mode: 'double',
    // No tolerance: any two different scores differ beyond it, so 0 / full / 1 needs 仲裁.
    tolerance: 0,
    markers: [
      { userId: a!.id },
      { userId: b!.id },
      { userId: teacher01!.id, leader: true },
      { userId: admin01!.id, leader: true },
    ],
    examStudentIds: examStudentIds.slice(10, 11),
  });
  await nameBlock(db, arbitration.id, ARBITRATION_BLOCK_NAME);
  const key = await storage.put('mark-crops', 'arbitration.png', await crop(11));
  await db.update(markPapers).set({ imageKey: key }).where(eq(markPapers.blockId, arbitration.id));
}
