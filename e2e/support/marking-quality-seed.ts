import { markQualitySettings } from '../../apps/server/src/db/schema.ts';
import type { Db } from '../../apps/server/src/platform/db.ts';
import { makeBlock } from '../../apps/server/src/test/marking-data.ts';
import { demoAccounts, firstSubjective, nameBlock } from './marking-seed-kit.ts';

// The 题块 of the quality flow (e2e/marking/quality.spec.ts): single-marked, 12 papers written as
// scanning would, e2e_marker_a its marker and e2e_quality_lead its 题组长; 标准卷 mixed in at 20 %
// so a marker meets one within a few papers (回评抽检 off: it needs twenty papers first).

export const QUALITY_BLOCK_NAME = 'E2E质量题块';

export async function seedQualityBlock(db: Db, schoolId: number): Promise<void> {
  const [marker, lead] = await demoAccounts(db, ['e2e_marker_a', 'e2e_quality_lead']);
  const { seId, question, examStudentIds } = await firstSubjective(db, schoolId, 12);
  const block = await makeBlock(db, {
    schoolId,
    seId,
    question,
    mode: 'single',
    tolerance: 1,
    markers: [{ userId: marker!.id }, { userId: lead!.id, leader: true }],
    examStudentIds,
  });
  await nameBlock(db, block.id, QUALITY_BLOCK_NAME);
  await db.insert(markQualitySettings).values({ blockId: block.id, selfCheckPercent: 0, seededPercent: 20 });
}
