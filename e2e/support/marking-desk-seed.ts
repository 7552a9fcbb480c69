import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  examQuestions,
  examStudents,
  markBlocks,
  markPapers,
  multiExams,
  singleExams,
  users,
} from '../../apps/server/src/db/schema.ts';
import type { Db } from '../../apps/server/src/platform/db.ts';
import type { FileStorage } from '../../apps/server/src/platform/storage.ts';
import { makeBlock } from '../../apps/server/src/test/marking-data.ts';

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
  const [exam] = await db
    .select()
    .from(multiExams)
    .where(and(eq(multiExams.schoolId, schoolId), eq(multiExams.name, '九年级11月月考')));
  if (!exam) throw new Error('the demo school has no 九年级11月月考');
  const account = async (loginName: string) => {
    const [user] = await db.select().from(users).where(eq(users.loginName, loginName));
    if (!user) throw new Error(`no account ${loginName}`);
    return user;
  };
  const [teacher01, admin01, a, b] = await Promise.all(
    ['teacher01', 'admin01', 'e2e_marker_a', 'e2e_marker_b'].map(account),
  );
  const singles = await db.select().from(singleExams).where(eq(singleExams.multiExamId, exam.id));
  for (const single of singles) {
    const [question] = await db
      .select()
      .from(examQuestions)
      .where(and(eq(examQuestions.singleExamId, single.id), eq(examQuestions.kind, 2)))
      .orderBy(asc(examQuestions.sortOrder))
      .limit(1);
    if (!question) continue;
    const sitting = await db
      .select({ id: examStudents.id })
      .from(examStudents)
      .where(eq(examStudents.singleExamId, single.id))
      .orderBy(examStudents.id)
      .limit(11);
    if (sitting.length < 11) continue;
    const desk = await makeBlock(db, {
      schoolId,
      seId: single.id,
      question,
      mode: 'single',
      tolerance: 1,
      markers: [{ userId: teacher01!.id }],
      examStudentIds: sitting.slice(0, 10).map((s) => s.id),
    });
    await db.update(markBlocks).set({ name: DESK_BLOCK_NAME }).where(eq(markBlocks.id, desk.id));
    const papers = await db.select().from(markPapers).where(eq(markPapers.blockId, desk.id)).orderBy(markPapers.id);
    for (const [i, paper] of papers.entries()) {
      const key = await storage.put('mark-crops', `paper-${i + 1}.png`, await crop(i + 1));
      await db.update(markPapers).set({ imageKey: key }).where(eq(markPapers.id, paper.id));
    }
    const arbitration = await makeBlock(db, {
      schoolId,
      seId: single.id,
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
      examStudentIds: sitting.slice(10, 11).map((s) => s.id),
    });
    await db.update(markBlocks).set({ name: ARBITRATION_BLOCK_NAME }).where(eq(markBlocks.id, arbitration.id));
    const key = await storage.put('mark-crops', 'arbitration.png', await crop(11));
    await db.update(markPapers).set({ imageKey: key }).where(eq(markPapers.blockId, arbitration.id));
    return;
  }
  throw new Error('九年级11月月考 has no subjective question with 11 students');
}
