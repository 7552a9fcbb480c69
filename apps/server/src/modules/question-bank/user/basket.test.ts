import {
  questionBankUserApi as api,
  BASKET_DUPLICATE_MESSAGE,
  BASKET_FULL_MESSAGE,
  type Basket,
  type StoredUser,
} from '@huikao/contracts';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { draft, setUpQuestionBank } from '../../../test/question-bank-fixture.ts';
import { importQuestionDrafts } from '../index.ts';
import { qbBasketItems, qbQuestions } from '../schema.ts';

let test: TestApp;
let bank: Awaited<ReturnType<typeof setUpQuestionBank>>;
const MATH = '2';
/** Ids of the fixture's questions by key (q1…q5, school-a) and of 55 more 数学 questions (m0…m54). */
const ids: Record<string, string> = {};

beforeAll(async () => {
  test = await createTestApp();
  bank = await setUpQuestionBank(test);
  await importQuestionDrafts(
    test.database.db,
    Array.from({ length: 55 }, (_, i) => draft(`m${i}`, { typeName: i % 2 ? '填空题' : '单选题' })),
  );
  const rows = await test.database.db
    .select({ id: qbQuestions.id, key: qbQuestions.sourceKey })
    .from(qbQuestions)
    .where(like(qbQuestions.sourceKey, 'test:%'));
  for (const row of rows) ids[row.key.slice('test:'.length)] = String(row.id);
});
afterAll(() => test.close());

async function ok(endpoint: (typeof api)[keyof typeof api], params: unknown, session: StoredUser = bank.teacherA) {
  const result = await call<Basket>(test.app, endpoint, params, { session });
  expect(result.status, result.message).toBe(200);
  return result.data;
}
const clear = () => ok(api.clearBasket, { courseId: MATH });
const mathIds = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ids[`m${from + i}`]!);

describe('basket', () => {
  it('adds questions grouped by type with name, ids and count, and reads them back', async () => {
    await clear();
    await ok(api.addToBasket, { quesId: ids.q2 });
    await ok(api.addToBasket, { quesId: ids.q1 });
    const basket = await ok(api.addToBasket, { quesId: ids.q3 });
    expect(basket.total).toBe(3);
    expect(basket.max).toBe(50);
    const byName = Object.fromEntries(basket.groups.map((g) => [g.name, g]));
    expect(byName.单选题).toMatchObject({ quesIds: [ids.q2, ids.q3], count: 2 });
    expect(byName.解答题).toMatchObject({ quesIds: [ids.q1], count: 1 });
    // Another device of the same user reads the same basket.
    expect(await ok(api.getBasket, { courseId: MATH })).toEqual(basket);
    // Baskets are per course: 英语 is empty.
    const english = (await ok(api.getBasket, { courseId: '3' })).total;
    expect(english).toBe(0);
  });

  it('refuses a duplicate with the exact message of the spec', async () => {
    const result = await call(test.app, api.addToBasket, { quesId: ids.q2 }, { session: bank.teacherA });
    expect(result).toMatchObject({ http: 200, status: 422, message: BASKET_DUPLICATE_MESSAGE });
    expect(BASKET_DUPLICATE_MESSAGE).toBe('该试题已在试题篮中，不能重复添加');
  });

  it('refuses the 51st question of a course with the exact message, and adds in batches up to 50', async () => {
    await clear();
    const basket = await ok(api.addManyToBasket, { quesIds: mathIds(0, 50) });
    expect(basket.total).toBe(50);
    const result = await call(test.app, api.addToBasket, { quesId: ids.m50 }, { session: bank.teacherA });
    expect(result).toMatchObject({ status: 422, message: BASKET_FULL_MESSAGE });
    expect(BASKET_FULL_MESSAGE).toBe('试题篮最多只能添加50道题');
    // A duplicate at 50 says it is a duplicate.
    const again = await call(test.app, api.addToBasket, { quesId: ids.m0 }, { session: bank.teacherA });
    expect(again.message).toBe(BASKET_DUPLICATE_MESSAGE);
    // Another course is not limited by this one.
    expect((await ok(api.addToBasket, { quesId: ids.q5 })).total).toBe(1);
    await ok(api.clearBasket, { courseId: '3' });
  });

  it('a batch skips what is already in, and is refused whole beyond 50', async () => {
    await clear();
    await ok(api.addManyToBasket, { quesIds: mathIds(0, 45) });
    const skipped = await ok(api.addManyToBasket, { quesIds: [...mathIds(40, 45), ids.q1] });
    expect(skipped.total).toBe(46);
    const over = await call(test.app, api.addManyToBasket, { quesIds: mathIds(45, 50) }, { session: bank.teacherA });
    expect(over).toMatchObject({ status: 422, message: BASKET_FULL_MESSAGE });
    expect((await ok(api.getBasket, { courseId: MATH })).total).toBe(46);
    const mixed = await call(test.app, api.addManyToBasket, { quesIds: [ids.q1, ids.q5] }, { session: bank.teacherA });
    expect(mixed).toMatchObject({ status: 400, message: '一次只能添加同一学科的试题' });
  });

  it('holds the limit when two adds race at 49', async () => {
    await clear();
    await ok(api.addManyToBasket, { quesIds: mathIds(0, 49) });
    const results = await Promise.all(
      [ids.m50, ids.m51].map((quesId) => call(test.app, api.addToBasket, { quesId }, { session: bank.teacherA })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)?.message).toBe(BASKET_FULL_MESSAGE);
    const rows = await test.database.db
      .select()
      .from(qbBasketItems)
      .where(inArray(qbBasketItems.questionId, mathIds(0, 55).map(Number)));
    expect(rows).toHaveLength(50);
  });

  it('holds the duplicate refusal when the same question is added twice at once', async () => {
    await clear();
    const results = await Promise.all(
      [1, 2].map(() => call(test.app, api.addToBasket, { quesId: ids.q1 }, { session: bank.teacherA })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await ok(api.getBasket, { courseId: MATH })).total).toBe(1);
  });

  it('removes one question, a type group, reorders a group and clears the course', async () => {
    await clear();
    await ok(api.addManyToBasket, { quesIds: [ids.q2, ids.q3, ids.q4, ids.q1, ids.m1] });
    let basket = await ok(api.removeFromBasket, { quesId: ids.q3 });
    const single = basket.groups.find((g) => g.name === '单选题')!;
    expect(single.quesIds).toEqual([ids.q2, ids.q4]);
    basket = await ok(api.sortBasket, {
      courseId: MATH,
      questionTypeId: single.questionTypeId,
      quesIds: [ids.q4, ids.q2],
    });
    expect(basket.groups.find((g) => g.name === '单选题')!.quesIds).toEqual([ids.q4, ids.q2]);
    const wrong = await call(
      test.app,
      api.sortBasket,
      { courseId: MATH, questionTypeId: single.questionTypeId, quesIds: [ids.q4] },
      { session: bank.teacherA },
    );
    expect(wrong.status).toBe(400);
    const fill = basket.groups.find((g) => g.name === '填空题')!;
    basket = await ok(api.removeBasketType, { courseId: MATH, questionTypeId: fill.questionTypeId });
    expect(basket.groups.map((g) => g.name).sort()).toEqual(['单选题', '解答题']);
    expect(basket.total).toBe(3);
    expect((await clear()).total).toBe(0);
    const missing = await call(test.app, api.removeFromBasket, { quesId: ids.q3 }, { session: bank.teacherA });
    expect(missing).toMatchObject({ status: 400, message: '该试题不在试题篮中' });
  });

  it('keeps baskets apart per user and refuses another school’s question (403)', async () => {
    await clear();
    await ok(api.addToBasket, { quesId: ids.q1 });
    expect((await ok(api.getBasket, { courseId: MATH }, bank.adminB)).total).toBe(0);
    const foreign = await call(test.app, api.addToBasket, { quesId: ids['school-a'] }, { session: bank.adminB });
    expect(foreign.http).toBe(403);
    const student = await call(test.app, api.getBasket, { courseId: MATH }, { session: bank.student });
    expect(student.http).toBe(403);
  });

  it('refuses bad input naming the field', async () => {
    const noId = await call(test.app, api.addToBasket, {}, { session: bank.teacherA });
    expect(noId).toMatchObject({ status: 400, message: '试题不能为空' });
    const gone = await call(test.app, api.addToBasket, { quesId: '99999999' }, { session: bank.teacherA });
    expect(gone).toMatchObject({ status: 404, message: '试题不存在' });
    const empty = await call(test.app, api.addManyToBasket, { quesIds: [] }, { session: bank.teacherA });
    expect(empty).toMatchObject({ status: 400, message: '试题列表不能为空' });
    const noCourse = await call(test.app, api.getBasket, {}, { session: bank.teacherA });
    expect(noCourse).toMatchObject({ status: 400, message: '学科不能为空' });
  });
});
