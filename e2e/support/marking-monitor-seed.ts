import { and, asc, eq } from 'drizzle-orm';
import {
  examQuestions,
  examStudents,
  markBlocks,
  multiExams,
  singleExams,
  users,
} from '../../apps/server/src/db/schema.ts';
import type { Db } from '../../apps/server/src/platform/db.ts';
import { makeBlock } from '../../apps/server/src/test/marking-data.ts';

// The 题块 the monitor's browser flow watches (e2e/marking/monitor.spec.ts). Papers come from
// scanning, which a browser test cannot drive here, so the 题块 and its papers are written as
// scanning would; the marks are made in the test itself through the claim and submit calls.

export const MONITOR_BLOCK_NAME = 'E2E监控题块';
export const MONITOR_MARKERS = ['e2e_marker_a', 'e2e_marker_b'] as const;

export async function seedMonitorBlock(db: Db, schoolId: number): Promise<void> {
  const [exam] = await db
    .select()
    .from(multiExams)
    .where(and(eq(multiExams.schoolId, schoolId), eq(multiExams.name, '九年级11月月考')));
  if (!exam) throw new Error('the demo school has no 九年级11月月考');
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
      .limit(12);
    const markers = await Promise.all(
      [...MONITOR_MARKERS, 'admin01'].map(async (loginName) => {
        const [user] = await db.select().from(users).where(eq(users.loginName, loginName));
        if (!user) throw new Error(`no account ${loginName}`);
        return user;
      }),
    );
    const block = await makeBlock(db, {
      schoolId,
      seId: single.id,
      question,
      mode: 'double',
      tolerance: Math.max(1, Math.floor(question.fullMark / 4)),
      markers: markers.map((m) => ({ userId: m.id, leader: m.loginName === 'admin01' })),
      examStudentIds: sitting.map((s) => s.id),
    });
    await db.update(markBlocks).set({ name: MONITOR_BLOCK_NAME }).where(eq(markBlocks.id, block.id));
    return;
  }
  throw new Error('九年级11月月考 has no subjective question');
}
