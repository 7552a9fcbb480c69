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

// What the marking browser flows' seeds share: the demo accounts they seat, and the first subject
// of 九年级11月月考 with a subjective question and enough students, its papers written as scanning would.

export type DemoAccount = typeof users.$inferSelect;
export type SubjectiveQuestion = typeof examQuestions.$inferSelect;

/** The demo accounts of these login names, in that order. */
export async function demoAccounts(db: Db, loginNames: readonly string[]): Promise<DemoAccount[]> {
  return Promise.all(
    loginNames.map(async (loginName) => {
      const [user] = await db.select().from(users).where(eq(users.loginName, loginName));
      if (!user) throw new Error(`no account ${loginName}`);
      return user;
    }),
  );
}

/** The first subject of 九年级11月月考 with a subjective question and at least `students` sitting it. */
export async function firstSubjective(
  db: Db,
  schoolId: number,
  students: number,
): Promise<{ seId: number; question: SubjectiveQuestion; examStudentIds: number[] }> {
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
      .limit(students);
    if (sitting.length < students) continue;
    return { seId: single.id, question, examStudentIds: sitting.map((s) => s.id) };
  }
  throw new Error(`九年级11月月考 has no subjective question with ${students} students`);
}

/** Gives a seeded 题块 the name its browser flow finds it by. */
export async function nameBlock(db: Db, blockId: number, name: string): Promise<void> {
  await db.update(markBlocks).set({ name }).where(eq(markBlocks.id, blockId));
}
