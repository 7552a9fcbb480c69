import type { StoredUser } from '@huikao/contracts';
import { eq, like } from 'drizzle-orm';
import { qbQuestions, users } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import { login } from './client.ts';
import { makeUser, TEST_PASSWORD } from './factories.ts';
import { setUpQuestionBank } from './question-bank-fixture.ts';

// The question bank fixture plus what user-resource tests need: a second teacher of school A (to
// try another user's resources), question ids by fixture key, and each session's owner params.

/** The fixture's questions: 数学 q1–q4, 英语 q5, and school A's own 数学 question. */
const FIXTURE_KEYS = ['q1', 'q2', 'q3', 'q4', 'q5', 'school-a'] as const;
type FixtureKey = (typeof FIXTURE_KEYS)[number];

export async function setUpUserResources(test: TestApp) {
  const bank = await setUpQuestionBank(test);
  const { db } = test.database;
  const other = await makeUser(db, { schoolId: bank.schoolA.id, type: 1 });
  const otherTeacherA = await login(test.app, other.loginName, TEST_PASSWORD);
  const rows = await db
    .select({ id: qbQuestions.id, key: qbQuestions.sourceKey })
    .from(qbQuestions)
    .where(like(qbQuestions.sourceKey, 'test:%'));
  const byKey = new Map(rows.map((row) => [row.key.slice('test:'.length), String(row.id)]));
  const ids = Object.fromEntries(FIXTURE_KEYS.map((key) => [key, byKey.get(key)!])) as Record<FixtureKey, string>;

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
