import { analysisApi as api } from '@huikao/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectRefused, type ReportCalls, setUpReportCalls } from '../../test/analysis-calls-fixture.ts';

// Another school's student named in a report call is refused with 403 and audited (issue #21
// item 9), as findTrendReport already did, rather than answered 404 as if they had not sat.

let s: ReportCalls;
beforeAll(async () => {
  s = await setUpReportCalls();
}, 120_000);
afterAll(async () => s?.t.close());

describe("another school's studentId", () => {
  it('is refused by findMisRecommend', async () => {
    await expectRefused(s, s.people.admin, () =>
      s.call(api.findMisRecommend, {
        schoolId: s.sid,
        seId: String(s.mathSubject.single.id),
        classId: s.c1,
        studentId: String(s.otherStudent.id),
      }),
    );
  });
});
