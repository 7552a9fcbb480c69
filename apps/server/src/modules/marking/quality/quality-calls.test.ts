import { markingApi as api, type MarkBlock, markingQualityApi } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpMarking } from '../../../test/marking-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// The quality calls over HTTP (issue #17): the 题块's 回评抽检 and 标准卷 shares saved with the other
// 阅卷设置 (default 2 %, 0–20 %), the figures for the 阅卷管理员, and 揭示身份 refused to anyone but
// the 题块's 题组长 (the administrator too). Runs on PGlite, and PostgreSQL with TEST_DATABASE_URL.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 120_000);
afterAll(() => s.t.close());

describe('quality settings and calls', () => {
  it('saves the shares with the 题块, refuses a share out of range, and guards the reveal', async () => {
    const base = { name: '第4题', questionIds: [String(s.question.id)], mode: 'single', tolerance: 5, step: 1 };
    const [created] = expectOk(await s.call<MarkBlock[]>(api.saveBlocks, { seId: s.ids.mathSeId, blocks: [base] }));
    expect(created).toMatchObject({ selfCheckPercent: 2, seededPercent: 2 });
    const edit = { ...base, id: created!.id, version: created!.version };
    const [saved] = expectOk(
      await s.call<MarkBlock[]>(api.saveBlocks, {
        seId: s.ids.mathSeId,
        blocks: [{ ...edit, selfCheckPercent: 5, seededPercent: 0 }],
      }),
    );
    expect(saved).toMatchObject({ selfCheckPercent: 5, seededPercent: 0 });
    expectFailure(
      await s.call(api.saveBlocks, {
        seId: s.ids.mathSeId,
        blocks: [{ ...edit, version: saved!.version, selfCheckPercent: 30 }],
      }),
      400,
      '回评抽检比例必须是 0 到 20 之间的整数',
    );

    expect(expectOk(await s.call(markingQualityApi.markerQuality, { blockId: created!.id }))).toEqual([]);
    // The 阅卷管理员 is not the 题块's 题组长: 揭示身份 is theirs alone.
    expectForbidden(await s.call(markingQualityApi.revealIdentity, { blockId: created!.id, problemId: '1' }));
  }, 60_000);
});
