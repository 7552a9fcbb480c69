import { and, eq } from 'drizzle-orm';
import { generatePrintedCards } from '../../modules/scanning/index.ts';
import type { Db } from '../../platform/db.ts';
import { multiExams, schools, users } from '../schema.ts';
import { DEMO_LINKED } from './demo-base-data.ts';

// The demo school's answer cards (issue #15): 九年级11月月考, in the middle of score entry, has a
// card for every subject, generated from its questions with the defaults and marked 已印刷, so
// scanning (#9) can start from printed sheets. A subject that has a card keeps it.

export const DEMO_CARD_EXAM = '九年级11月月考';

export async function seedDemoCards(db: Db, schoolCode: string): Promise<number> {
  const [exam] = await db
    .select({ id: multiExams.id, schoolId: multiExams.schoolId })
    .from(multiExams)
    .innerJoin(schools, eq(schools.id, multiExams.schoolId))
    .where(and(eq(schools.code, schoolCode), eq(multiExams.name, DEMO_CARD_EXAM)));
  if (!exam) return 0;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.loginName, DEMO_LINKED.admin.loginName), eq(users.schoolId, exam.schoolId)));
  return generatePrintedCards(db, exam.id, admin?.id ?? null);
}
