import type { StoredUser } from '@huikao/contracts';
import { eq, like } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { qbQuestions } from '../modules/question-bank/schema.ts';
import type { TestApp } from './app.ts';
import { login } from './client.ts';
import { makeUser, TEST_PASSWORD } from './factories.ts';
import { setUpQuestionBank } from './question-bank-fixture.ts';

// The question bank fixture plus what user-resource tests need: a second teacher of school A (to
// try another user's resources), question ids by fixture key, and each session's owner params.

export async function setUpUserResources(test: TestApp) {
  const bank = await setUpQuestionBank(test);
  const { db } = test.database;
  const other = await makeUser(db, { schoolId: bank.schoolA.id, type: 1 });
  const otherTeacherA = await login(test.app, other.loginName, TEST_PASSWORD);
  const rows = await db
    .select({ id: qbQuestions.id, key: qbQuestions.sourceKey })
    .from(qbQuestions)
    .where(like(qbQuestions.sourceKey, 'test:%'));
  const ids: Record<string, string> = {};
  for (const row of rows) ids[row.key.slice('test:'.length)] = String(row.id);

  /** `{userId, schoolId}` of a session, as the web sends them. */
  const ownerOf = async (session: StoredUser) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, session.loginName));
    return { userId: String(row!.id), schoolId: session.schoolId };
  };
  return {
    ...bank,
    otherTeacherA,
    ids,
    owners: {
      teacherA: await ownerOf(bank.teacherA),
      otherTeacherA: await ownerOf(otherTeacherA),
      adminB: await ownerOf(bank.adminB),
    },
  };
}
