import { questionBankApi as api } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { call } from '../test/client.ts';
import { setUpQuestionBank } from '../test/question-bank-fixture.ts';

// Issue #21 item 1 (refusals of bad input are HTTP 200 with envelope status 400, protocol.md): a course id the database cannot store (`1.5`, `abc`, a full-width digit, a
// number past bigint) answered 500 and then stopped the process on an unhandled rejection.

let test: TestApp;
let bank: Awaited<ReturnType<typeof setUpQuestionBank>>;

beforeAll(async () => {
  test = await createTestApp();
  bank = await setUpQuestionBank(test);
});
afterAll(() => test.close());

const badCourseIds = ['1.5', 'abc', '１', '99999999999999999999', '-3', '0', 1.5, 1e20];
const wisdom = { tagType: 1, tagIds: ['1'], quesTypes: [{ questionTypeId: '1', count: 1 }] };
const callsTakingCourseId = [
  ['base/get', api.getBase, {}],
  ['nodes/get', api.getNodes, { type: 1 }],
  ['textbooks/get_ccn', api.getCcn, {}],
  ['textbooks/get_ccn_root', api.getCcnRoot, {}],
  ['textbooks/get_ctv', api.getCtv, {}],
  ['questions/get_fast', api.getFast, {}],
  ['questions/get_by_wisdom', api.getByWisdom, wisdom],
] as const;

describe('ids are refused as the database would not store them', () => {
  it.each(callsTakingCourseId)(
    '%s refuses a course id that is not a positive integer',
    async (_name, endpoint, rest) => {
      for (const courseId of badCourseIds) {
        const answer = await call(test.app, endpoint, { ...rest, courseId }, { session: bank.teacherA });
        expect({ courseId, http: answer.http, status: answer.status }).toEqual({ courseId, http: 200, status: 400 });
        expect(answer.message).toMatch(/^学科编号不正确：/);
      }
      // The server is still serving, and a good id still answers.
      const good = await call(test.app, endpoint, { ...rest, courseId: '2' }, { session: bank.teacherA });
      expect(good.http).toBe(200);
    },
  );

  it('still takes an id sent as a number or as digits', async () => {
    for (const courseId of [2, '2', ' 2 ']) {
      const answer = await call(test.app, api.getBase, { courseId }, { session: bank.teacherA });
      expect(answer.status).toBe(200);
    }
  });
});
