import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  examStudents,
  markBlockMarkers,
  markBlocks,
  markPapers,
  marks,
  recognizeExceptions,
  scanBatches,
  scanPages,
  studentScores,
  users,
} from '../schema.ts';
import { DEMO_SCAN_ROOM, demoScanTarget, runDemoScans } from './demo-scans.ts';
import { DEMO_SCHOOL, seedDemoSchool } from './demo-school.ts';

// The demo's background task (issues #16 and #17 Demo): 九年级11月月考 数学 scanned through the real
// pipeline, its exceptions resolved by admin01, and run again it does nothing.

describe('demo scanned batch', () => {
  let t: TestApp;
  let seId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoSchool(t.database.db);
    seId = (await demoScanTarget(t.database.db, DEMO_SCHOOL.code))!.seId;
    expect(await runDemoScans(t.app, DEMO_SCHOOL.code)).toBe('done');
  }, 600_000);
  afterAll(() => t.close());

  it('scans the room, recognises every page and leaves no open exception', async () => {
    const db = t.database.db;
    const [batch] = await db.select().from(scanBatches).where(eq(scanBatches.singleExamId, seId));
    expect(batch!.room).toBe(DEMO_SCAN_ROOM);
    const pages = await db.select().from(scanPages).where(eq(scanPages.batchId, batch!.id));
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.every((p) => p.status === 'done')).toBe(true);
    const exceptions = await db.select().from(recognizeExceptions).where(eq(recognizeExceptions.singleExamId, seId));
    // The planted double marks were raised and resolved by admin01; nothing is left open.
    expect(exceptions.filter((e) => e.kind === 7).length).toBeGreaterThanOrEqual(2);
    expect(exceptions.filter((e) => e.status === 0)).toEqual([]);
    expect(exceptions.every((e) => e.resolvedBy !== null)).toBe(true);
  });

  it('lands the objective scores of the scanned students through the score path', async () => {
    const db = t.database.db;
    const scored = await db
      .select({ objective: studentScores.objectiveScore })
      .from(studentScores)
      .innerJoin(examStudents, eq(examStudents.id, studentScores.examStudentId))
      .where(and(eq(examStudents.singleExamId, seId), eq(examStudents.room, DEMO_SCAN_ROOM)));
    expect(scored.length).toBeGreaterThan(10);
    expect(scored.every((s) => s.objective !== null)).toBe(true);
  });

  it('sets up the 题块 of 数学 with teacher01 waiting, and another half marked with 三评 and an open 仲裁', async () => {
    const db = t.database.db;
    const blocks = await db.select().from(markBlocks).where(eq(markBlocks.singleExamId, seId));
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    // The two 题块 of the demo are 阅卷中; the others wait to be started.
    expect(blocks.filter((b) => b.status === 2)).toHaveLength(2);
    // 双评 exactly for the questions of 8 points or more.
    for (const b of blocks) {
      expect(b.mode).toBe(b.questions.some((q) => Number(q.fullMarks) >= 8) ? 'double' : 'single');
    }
    const papers = await db
      .select()
      .from(markPapers)
      .where(
        inArray(
          markPapers.blockId,
          blocks.map((b) => b.id),
        ),
      );
    expect(papers.length).toBeGreaterThan(0);

    const [teacher01] = await db.select().from(users).where(eq(users.loginName, 'teacher01'));
    const seats = await db.select().from(markBlockMarkers).where(eq(markBlockMarkers.userId, teacher01!.id));
    const waiting = papers.filter((p) => seats.some((s) => s.blockId === p.blockId) && p.stage === 'blind');
    expect(waiting.length).toBeGreaterThan(10);

    const written = await db
      .select()
      .from(marks)
      .where(
        inArray(
          marks.blockId,
          blocks.map((b) => b.id),
        ),
      );
    const busy = written[0]!.blockId;
    expect(written.every((m) => m.blockId === busy)).toBe(true);
    expect(new Set(written.map((m) => m.markerId)).size).toBe(3);
    expect(written.filter((m) => m.kind === 'third').length).toBeGreaterThanOrEqual(2);
    const busyPapers = papers.filter((p) => p.blockId === busy);
    expect(busyPapers.filter((p) => p.stage === 'arbitration')).toHaveLength(1);
    expect(busyPapers.filter((p) => p.stage === 'final').length).toBeGreaterThan(5);
    expect(busyPapers.filter((p) => p.stage === 'blind').length).toBeGreaterThan(0);
  });

  it('does nothing when run again', async () => {
    expect(await runDemoScans(t.app, DEMO_SCHOOL.code)).toBe('skipped');
    const batches = await t.database.db
      .select()
      .from(scanBatches)
      .where(and(eq(scanBatches.singleExamId, seId), isNull(scanBatches.deletedAt)));
    expect(batches).toHaveLength(1);
  });
});
