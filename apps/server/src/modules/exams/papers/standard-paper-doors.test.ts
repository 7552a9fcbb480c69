import { examsApi, scanningCardsApi as markApi, type StandardPaper } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// examStandardPaper (spec §7): the analysis service's teacher/examStandardPaper calls (encrypted)
// and the marking service's examStandardPaper calls (JSON under /mark/api) are two doors onto one
// implementation: what one door writes, the other reads, with the same rules and messages.

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

describe('examStandardPaper through both doors', () => {
  it('serves the marking door at its own paths, as JSON', () => {
    expect(markApi.saveStandardPaper).toMatchObject({ path: '/mark/api/examStandardPaper/save', kind: 'json' });
    expect(examsApi.saveStandardPaper).toMatchObject({
      path: '/analysis/api/teacher/examStandardPaper/save',
      kind: 'encrypted',
    });
  });

  it('saves through one door and finds, updates and deletes through the other', async () => {
    const saved = expectOk(
      await s.call<StandardPaper>(markApi.saveStandardPaper, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        kind: 1,
        title: '数学标准答案',
        content: '1. A 2. AC 3. 对',
      }),
    );
    expect(saved).toMatchObject({ courseName: '数学', meId: s.ids.meId, updatedBy: '王教务' });

    for (const door of [examsApi, markApi]) {
      const bySe = expectOk(
        await s.as<StandardPaper[]>(s.sessions.mathTeacher, door.findStandardPaperBySeId, {
          schoolId: s.sid,
          seId: s.ids.mathSeId,
        }),
      );
      expect(bySe).toEqual([saved]);
      const byMark = expectOk(
        await s.as<StandardPaper[]>(s.sessions.teacher, door.findStandardPaperByMark, {
          schoolId: s.sid,
          seId: s.ids.mathSeId,
        }),
      );
      expect(byMark.map((p) => p.spId)).toEqual([saved.spId]);
      const taught = expectOk(
        await s.as<StandardPaper[]>(s.sessions.mathTeacher, door.findStandardPaperByTeacherId, { schoolId: s.sid }),
      );
      expect(taught.map((p) => p.spId)).toEqual([saved.spId]);
    }

    const updated = expectOk(
      await s.call<StandardPaper>(examsApi.updateStandardPaper, {
        schoolId: s.sid,
        spId: saved.spId,
        title: '数学标准答案（修订）',
        content: '1. B',
      }),
    );
    const seen = expectOk(
      await s.call<StandardPaper[]>(markApi.findStandardPaperBySeId, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
    expect(seen).toEqual([updated]);
    expect(updated.title).toBe('数学标准答案（修订）');

    expectOk(await s.call(markApi.deleteStandardPaper, { schoolId: s.sid, spId: saved.spId }));
    expect(expectOk(await s.call(examsApi.findStandardPaperBySeId, { schoolId: s.sid, seId: s.ids.mathSeId }))).toEqual(
      [],
    );
  });

  it('applies the same rules at the marking door', async () => {
    const params = { schoolId: s.sid, seId: s.ids.mathSeId, kind: 2, title: '评分细则' };
    expectForbidden(await s.as(s.sessions.teacher, markApi.saveStandardPaper, params));
    expectForbidden(await s.as(s.sessions.student, markApi.findStandardPaperBySeId, params));
    expectForbidden(await s.call(markApi.saveStandardPaper, { ...params, seId: s.ids.otherSeId }));
    expectFailure(
      await s.call(markApi.saveStandardPaper, { ...params, kind: 3 }),
      400,
      '类型只能是 1（标准答案）或 2（评分细则）',
    );
    expectFailure(
      await s.call(markApi.updateStandardPaper, { schoolId: s.sid, spId: '999999', title: 'x' }),
      404,
      /不存在/,
    );
  });
});
