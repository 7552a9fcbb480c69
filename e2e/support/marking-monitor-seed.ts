import type { Db } from '../../apps/server/src/platform/db.ts';
import { makeBlock } from '../../apps/server/src/test/marking-data.ts';
import { demoAccounts, firstSubjective, nameBlock } from './marking-seed-kit.ts';

// The 题块 the monitor's browser flow watches (e2e/marking/monitor.spec.ts). Papers come from
// scanning, which a browser test cannot drive here, so the 题块 and its papers are written as
// scanning would; the marks are made in the test itself through the claim and submit calls.

export const MONITOR_BLOCK_NAME = 'E2E监控题块';
export const MONITOR_MARKERS = ['e2e_marker_a', 'e2e_marker_b'] as const;

export async function seedMonitorBlock(db: Db, schoolId: number): Promise<void> {
  const { seId, question, examStudentIds } = await firstSubjective(db, schoolId, 12);
  const markers = await demoAccounts(db, [...MONITOR_MARKERS, 'admin01']);
  const block = await makeBlock(db, {
    schoolId,
    seId,
    question,
    mode: 'double',
    tolerance: Math.max(1, Math.floor(question.fullMark / 4)),
    markers: markers.map((m) => ({ userId: m.id, leader: m.loginName === 'admin01' })),
    examStudentIds,
  });
  await nameBlock(db, block.id, MONITOR_BLOCK_NAME);
}
