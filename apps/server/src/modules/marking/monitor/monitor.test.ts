import { markingMonitorApi as api, type BlockMonitor, type SpotPaper } from '@huikao/contracts';
import { type MarkedPaper, markerQuality } from '@huikao/marking';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, markLeases, marks } from '../../../db/schema.ts';
import { login } from '../../../test/client.ts';
import { makeTeacher } from '../../../test/factories.ts';
import { actorOf, addExamStudents, makeBlock, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import { groupOf } from '../paper-rules.ts';
import { spotCheckOutstanding } from '../spot-check/spot-check-service.ts';

// 题目监控 figures against hand-computed values on four double-marked papers (T = 5, 85 points):
//   P1 A 40 / B 42 → 41;  P2 A 10 / B 30 → 三评 L 28 → 29;  P3 A 50 / B 50 → 50;
//   P4 A 0 / B 20 → 三评 L 60 → 仲裁 (open);  P5 unmarked.
// A takes 10 s a paper, B 20 s, L 30 s. Then who may watch, pause and spot-check.

let s: Awaited<ReturnType<typeof setUpMarking>>;
let blockId: string;
let leader: Awaited<ReturnType<typeof login>>;
let otherAdmin: Awaited<ReturnType<typeof login>>;
let ids: { a: number; b: number; l: number };
let actors: Record<'a' | 'b' | 'l', ReturnType<typeof actorOf>>;

beforeAll(async () => {
  s = await setUpMarking();
  const [a, b] = await makeUsers(s.db, s.school.id, 2);
  const leaderRow = await makeTeacher(s.db, { schoolId: s.school.id, name: '组长' });
  leader = await login(s.t.app, leaderRow.phone, leaderRow.user.password);
  const otherRow = await makeTeacher(s.db, { schoolId: s.other.school.id, type: 5, name: '外校教务' });
  otherAdmin = await login(s.t.app, otherRow.phone, otherRow.user.password);
  ids = { a: a!.id, b: b!.id, l: leaderRow.user.id };
  actors = { a: actorOf(a!), b: actorOf(b!), l: actorOf(leaderRow.user as never) };
  const examStudentIds = await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, 5);
  const block = await makeBlock(s.db, {
    schoolId: s.school.id,
    seId: s.math.id,
    question: s.question,
    mode: 'double',
    tolerance: 5,
    markers: [
      { userId: ids.a },
      { userId: ids.b },
      { userId: ids.l, leader: true },
      { userId: s.mathTeacherRow.user.id },
    ],
    examStudentIds,
  });
  blockId = String(block.id);
  const dispatch = createDispatchService(s.db);
  const q = String(s.question.id);
  const mark = async (who: 'a' | 'b' | 'l', points: number, seconds: number) => {
    const paper = (await dispatch.claim(actors[who], block.id))!;
    await dispatch.submit(actors[who], {
      blockId: block.id,
      paperId: Number(paper.paperId),
      token: Number(paper.token),
      scores: { [q]: points },
      seconds,
    });
  };
  for (const p of [40, 10, 50, 0]) await mark('a', p, 10);
  for (const p of [42, 30, 50, 20]) await mark('b', p, 20);
  for (const p of [28, 60]) await mark('l', p, 30);
}, 60_000);
afterAll(() => s.t.close());

const details = async (session = s.sessions.admin) =>
  expectOk(await s.as<BlockMonitor>(session, api.blockDetails, { blockId }));

describe('题目监控', () => {
  it('shows progress by stage and each marker’s figures as computed by hand', async () => {
    const d = await details();
    expect(d.progress).toMatchObject({
      papers: 5,
      final: 3,
      needsFirst: 1,
      needsSecond: 0,
      needsThird: 0,
      needsArbitration: 1,
      marks: 10,
      remainingMarks: 3,
      ratePerHour: 10,
      hoursLeft: 0.3,
    });
    expect(d.progress.predictedFinish).not.toBeNull();
    expect(d.groupMean).toBe(33);
    const row = (id: number) => d.markers.find((m) => m.userId === String(id))!;
    expect(row(ids.a)).toMatchObject({
      count: 4,
      mean: 25,
      zeroShare: 0.25,
      fullShare: 0,
      secondsPerPaper: 10,
      pairedPapers: 4,
      agreementWithinT: 0.5,
      exactAgreement: 0.25,
      thirdRate: 0.5,
      arbitrationRate: 0.25,
      recentMean: 25,
      recentAgreement: 0.5,
      alerts: [],
    });
    expect(row(ids.a).sd).toBeCloseTo(Math.sqrt(425), 9);
    expect(row(ids.a).meanDifferenceToFinal).toBeCloseTo(-20 / 3, 9);
    expect(row(ids.b)).toMatchObject({ count: 4, mean: 35.5, secondsPerPaper: 20, agreementWithinT: 0.5 });
    expect(row(ids.b).meanDifferenceToFinal).toBeCloseTo(2 / 3, 9);
    expect(row(ids.l)).toMatchObject({
      count: 2,
      mean: 44,
      pairedPapers: 0,
      agreementWithinT: null,
      meanDifferenceToFinal: -1,
      thirdRate: null,
      leader: true,
    });
    expect(row(s.mathTeacherRow.user.id)).toMatchObject({ count: 0, mean: null });
    expect(d.distribution.bins).toHaveLength(86);
    expect(d.distribution.group[0]).toBe(1);
    expect(d.distribution.group[50]).toBe(2);
    expect(d.distribution.markers.find((m) => m.userId === String(ids.l))!.counts[60]).toBe(1);
  });

  it('agrees with packages/marking’s markerQuality over the same marks', async () => {
    const d = await details();
    const rows = await s.db
      .select()
      .from(marks)
      .where(eq(marks.blockId, Number(blockId)))
      .orderBy(marks.id);
    const byPaper = new Map<number, MarkedPaper>();
    for (const m of rows) {
      const p = byPaper.get(m.paperId) ?? { paperId: String(m.paperId), marks: [] };
      (p.marks as unknown[]).push({
        markerId: String(m.markerId),
        stage: m.kind,
        sequence: m.id,
        scores: m.scores,
        seconds: m.seconds,
      });
      byPaper.set(m.paperId, p);
    }
    const block = (await s.db.query.markBlocks.findFirst({ where: (b, { eq: is }) => is(b.id, Number(blockId)) }))!;
    for (const q of markerQuality(groupOf(block), [...byPaper.values()])) {
      const row = d.markers.find((m) => m.userId === q.markerId)!;
      for (const key of ['count', 'mean', 'zeroShare', 'agreementWithinT', 'exactAgreement', 'thirdRate'] as const) {
        expect(row[key]).toEqual(q[key]);
      }
      if (q.meanDifferenceToFinal !== null) expect(row.meanDifferenceToFinal).toBeCloseTo(q.meanDifferenceToFinal, 9);
    }
  });

  it('is for the 阅卷管理员 and the 题组长 of the 题块 only', async () => {
    expect((await details(leader)).markers).toHaveLength(4);
    expectForbidden(await s.as(s.sessions.mathTeacher, api.blockDetails, { blockId }));
    expectForbidden(await s.as(otherAdmin, api.blockDetails, { blockId }));
    expectForbidden(await s.as(s.sessions.student, api.blockDetails, { blockId }));
    expectForbidden(
      await s.as(s.sessions.mathTeacher, api.pauseMarker, { blockId, userId: String(ids.a), paused: true }),
    );
    expectForbidden(await s.as(otherAdmin, api.censorSample, { blockId, size: 3 }));
    expectForbidden(await s.as(otherAdmin, api.examSummary, { meId: s.ids.meId }));
    const subjects = expectOk(
      await s.as<{ blocks: { blockId: string }[] }[]>(leader, api.examSummary, { meId: s.ids.meId }),
    );
    expect(subjects.flatMap((x) => x.blocks.map((b) => b.blockId))).toEqual([blockId]);
    const exams = expectOk(await s.as<{ meId: string }[]>(leader, api.exams, {}));
    expect(exams.map((e) => e.meId)).toContain(s.ids.meId);
    expect(expectOk(await s.as(s.sessions.mathTeacher, api.exams, {}))).toEqual([]);
  });
});

describe('暂停阅卷教师', () => {
  it('takes the paused marker’s lease back at once and refuses their claims until resumed', async () => {
    const dispatch = createDispatchService(s.db);
    const held = (await dispatch.claim(actors.a, Number(blockId)))!;
    expect(held).not.toBeNull();
    const paused = expectOk(await s.as(leader, api.pauseMarker, { blockId, userId: String(ids.a), paused: true }));
    expect(paused).toEqual({ paused: true, releasedLeases: 1 });
    expect(await s.db.select().from(markLeases).where(eq(markLeases.markerId, ids.a))).toEqual([]);
    await expect(dispatch.claim(actors.a, Number(blockId))).rejects.toThrow(/暂停/);
    expect((await details()).markers.find((m) => m.userId === String(ids.a))!.paused).toBe(true);
    // B takes the paper A held, straight away.
    expect((await dispatch.claim(actors.b, Number(blockId)))!.paperId).toBe(held.paperId);
    expectOk(await s.as(leader, api.pauseMarker, { blockId, userId: String(ids.a), paused: false }));
    expect(await dispatch.claim(actors.a, Number(blockId))).not.toBeNull();
  });
});

describe('抽查', () => {
  it('corrects a finished paper with a reason: a new mark, the finals follow, in the audit log', async () => {
    expectOk(
      await s.call(api.saveSettings, { blockId, driftMeanPoints: 8, driftMinAgreement: 0.7, spotCheckQuota: 2 }),
    );
    expect(await spotCheckOutstanding(s.db, Number(blockId))).toBe(2);
    const sample = expectOk(
      await s.as<SpotPaper[]>(leader, api.censorSample, { blockId, markerId: String(ids.a), size: 10 }),
    );
    expect(sample.map((p) => p.finalTotal).sort((x, y) => x - y)).toEqual([29, 41, 50]);
    const p1 = sample.find((p) => p.finalTotal === 41)!;
    expect(p1.marks.map((m) => m.kind)).toEqual(['first', 'second']);
    expect(JSON.stringify(sample)).not.toMatch(/examStudentId|examNo|studentName/);
    // The crop is shown through a signed link that expires, never a public path.
    for (const paper of sample) {
      expect(paper.imageUrl).toMatch(new RegExp(`^/files/${paper.imageKey}\\?expires=\\d+&signature=`));
    }
    const q = String(s.question.id);
    expectFailure(
      await s.as(leader, api.censorCorrect, { blockId, paperId: p1.paperId, scores: { [q]: 86 }, reason: '漏看' }),
      400,
      /0 到 85/,
    );
    expectFailure(
      await s.as(leader, api.censorCorrect, { blockId, paperId: p1.paperId, scores: { [q]: 45 }, reason: ' ' }),
      400,
      /原因/,
    );
    const open = sample.length; // every finished paper was drawn; the 仲裁 one is not finished
    expect(open).toBe(3);
    const corrected = expectOk(
      await s.as<SpotPaper>(leader, api.censorCorrect, {
        blockId,
        paperId: p1.paperId,
        scores: { [q]: 45 },
        reason: '第二步漏给分',
      }),
    );
    expect(corrected).toMatchObject({ finalTotal: 45, checked: true });
    expect(corrected.marks.map((m) => m.kind)).toEqual(['first', 'second', 'spot-check']);
    const [audit] = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'marking.spot-check.correct'), eq(auditLog.target, `mark_papers:${p1.paperId}`)));
    expect(audit!.after).toMatchObject({ reason: '第二步漏给分', finalScores: { [q]: 45 } });
    expect(audit!.before).toMatchObject({ finalScores: { [q]: 41 } });
    const a = (await details(leader)).markers.find((m) => m.userId === String(ids.a))!;
    expect(a.meanDifferenceToFinal).toBeCloseTo(-24 / 3, 9);
    expect(await spotCheckOutstanding(s.db, Number(blockId))).toBe(1);
    expectOk(
      await s.as(leader, api.censorPass, { blockId, paperId: sample.find((p) => p.finalTotal === 50)!.paperId }),
    );
    expect(expectOk(await s.as(leader, api.censorCount, { blockId }))).toEqual({ done: 2, quota: 2 });
    expect(await spotCheckOutstanding(s.db, Number(blockId))).toBe(0);
  });
});
