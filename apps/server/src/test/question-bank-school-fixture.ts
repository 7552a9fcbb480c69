import { randomUUID } from 'node:crypto';
import { type Endpoint, questionBankApi, type StoredUser } from '@huikao/contracts';
import { buildFormRequest } from '@huikao/protocol';
import { Document, Packer, Paragraph } from 'docx';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import { call, login } from './client.ts';
import { makeUser } from './factories.ts';
import { setUpUserResources } from './question-bank-user-fixture.ts';

// The user-resource fixture plus school A's administrator, for the school bank and the importers.

export async function setUpSchoolBank(test: TestApp) {
  const fx = await setUpUserResources(test);
  const { db } = test.database;
  const admin = await makeUser(db, { schoolId: fx.schoolA.id, type: 5 });
  const adminA = await login(test.app, admin.loginName, admin.password);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, admin.loginName));
  return { ...fx, adminA, owners: { ...fx.owners, adminA: { userId: String(row!.id), schoolId: adminA.schoolId } } };
}

/** A form-envelope call that answers with a file (the import template). */
/** The id of 数学's 单选题 question type, as the question screens read it (getBase). */
export async function singleChoiceTypeId(test: TestApp, session: StoredUser, courseId = '2'): Promise<string> {
  const base = await call<{ questionTypes: { id: string; name: string }[] }>(
    test.app,
    questionBankApi.getBase,
    { courseId },
    { session },
  );
  return base.data.questionTypes.find((t) => t.name === '单选题')!.id;
}

export async function callFormFile(test: TestApp, endpoint: Endpoint, params: unknown, session: StoredUser) {
  const request = buildFormRequest(params, {
    loginName: session.loginName,
    guid: randomUUID(),
    timestamp: Date.now(),
    jwtToken: session.jwtToken,
  });
  const response = await test.app.inject({
    method: 'POST',
    url: endpoint.path,
    headers: { ...request.headers, 'content-type': request.contentType },
    payload: request.body,
  });
  return { http: response.statusCode, headers: response.headers, buffer: response.rawPayload };
}

/** A Word document whose paragraphs are the given lines. */
export function docxOf(lines: string[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: lines.map((text) => new Paragraph({ text })) }] }));
}
