import type { BlockMonitor, BlockProgress, MonitorSettings, MonitorSubject } from '@huikao/contracts';
import { foldMarkerSums, predictedFinish } from '@huikao/marking';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, forbidden, notFound } from '../../../platform/errors.ts';
import type { Clock } from '../dispatch/dispatch-service.ts';
import { spotCheckCount } from '../spot-check/spot-check-repo.ts';
import { markerStats } from './marker-stats-repo.ts';
import { isAdminOf, ledBlock, watchable } from './monitor-access.ts';
import * as repo from './monitor-repo.ts';

// 阅卷监控, 学科监控 and 题目监控 (marking.md "Monitors"), drift alerts and pausing a marker.
// A 题块's details are kept for a few seconds: every leader's screen refreshes every 5 s, and one
// grouped read serves them all; a pause or a spot check drops the kept copy at once.

const KEEP_MS = 3_000;
export const DRIFT_WINDOW = 50;

/** Defaults until a leader sets them: a tenth of the full marks, 70 % agreement, no quota. */
export function defaultSettings(fullMarks: number): MonitorSettings {
  return { driftMeanPoints: Math.round(fullMarks * 10) / 100, driftMinAgreement: 0.7, spotCheckQuota: 0 };
}

const fullOf = (block: repo.BlockRow) => block.questions.reduce((s, q) => s + q.fullMarks, 0);

export function createMonitorService(db: Db, clock: Clock = { now: () => new Date() }) {
  const kept = new Map<number, { at: number; value: Omit<BlockMonitor, 'canLead'> }>();

  function progressOf(block: repo.BlockRow, counts: repo.StageCounts, now: Date): BlockProgress {
    const rate = counts.lastHour;
    const finish = predictedFinish(counts.remainingMarks, rate, now.getTime());
    return {
      blockId: String(block.id),
      blockName: block.name,
      seId: String(block.singleExamId),
      status: block.status,
      mode: block.mode,
      papers: counts.papers,
      final: counts.final,
      needsFirst: counts.needsFirst,
      needsSecond: counts.needsSecond,
      needsThird: counts.needsThird,
      needsArbitration: counts.needsArbitration,
      openProblems: counts.openProblems,
      marks: counts.marks,
      remainingMarks: counts.remainingMarks,
      ratePerHour: rate,
      predictedFinish: finish.kind === 'at' ? new Date(finish.finishesAt).toISOString() : null,
      hoursLeft: finish.kind === 'at' ? Math.round(finish.hoursLeft * 100) / 100 : finish.kind === 'done' ? 0 : null,
    };
  }

  async function subjects(actor: Actor, where: ReturnType<typeof repo.singleIs>): Promise<MonitorSubject[]> {
    const singles = await repo.singlesOf(db, where);
    const blocks = await watchable(
      db,
      actor,
      await repo.blocksOfSingles(
        db,
        singles.map((s) => s.id),
      ),
    );
    const now = clock.now();
    const counts = await repo.stageCounts(
      db,
      blocks.map((b) => b.id),
      now,
    );
    return singles
      .map((s) => ({
        seId: String(s.id),
        courseId: s.courseId,
        courseName: s.courseName,
        blocks: blocks.filter((b) => b.singleExamId === s.id).map((b) => progressOf(b, counts.get(b.id)!, now)),
      }))
      .filter((s) => s.blocks.length > 0);
  }

  async function details(block: repo.BlockRow): Promise<Omit<BlockMonitor, 'canLead'>> {
    const at = clock.now().getTime();
    const held = kept.get(block.id);
    if (held && at - held.at < KEEP_MS && at >= held.at) return held.value;
    const now = clock.now();
    const full = fullOf(block);
    const settings = await settingsFor(block);
    const [counts, rows, markers, spot] = await Promise.all([
      repo.stageCounts(db, [block.id], now),
      markerStats(db, block, DRIFT_WINDOW),
      repo.markersOf(db, block.id),
      spotCheckCount(db, block.id),
    ]);
    const binCount = Math.floor(Math.round(full * 100) / Math.round(block.step * 100)) + 1;
    const folded = foldMarkerSums(
      rows.map((r) => ({ ...r, markerId: String(r.markerId) })),
      binCount,
      { meanPoints: settings.driftMeanPoints, minAgreement: settings.driftMinAgreement, window: DRIFT_WINDOW },
    );
    const figures = new Map(folded.markers.map((f) => [f.markerId, f]));
    const value: Omit<BlockMonitor, 'canLead'> = {
      progress: progressOf(block, counts.get(block.id)!, now),
      fullMarks: full,
      tolerance: block.tolerance,
      groupMean: folded.groupMean,
      markers: markers.map((m) => {
        const f = figures.get(String(m.userId));
        return {
          userId: String(m.userId),
          name: m.name,
          leader: m.leader,
          paused: m.paused,
          count: f?.count ?? 0,
          mean: f?.mean ?? null,
          sd: f?.sd ?? null,
          zeroShare: f?.zeroShare ?? null,
          fullShare: f?.fullShare ?? null,
          secondsPerPaper: f?.secondsPerPaper ?? null,
          pairedPapers: f?.pairedPapers ?? 0,
          agreementWithinT: f?.agreementWithinT ?? null,
          exactAgreement: f?.exactAgreement ?? null,
          meanDifferenceToFinal: f?.meanDifferenceToFinal ?? null,
          thirdRate: f?.thirdRate ?? null,
          arbitrationRate: f?.arbitrationRate ?? null,
          recentMean: f?.recentMean ?? null,
          recentAgreement: f?.recentAgreement ?? null,
          alerts: f?.alerts ?? [],
        };
      }),
      distribution: {
        bins: Array.from({ length: binCount }, (_, i) => (i * Math.round(block.step * 100)) / 100),
        group: folded.group,
        markers: folded.perMarker.map((m) => ({ userId: m.markerId, counts: m.counts })),
      },
      settings,
      spotChecks: { done: spot, quota: settings.spotCheckQuota },
    };
    kept.set(block.id, { at, value });
    return value;
  }

  async function settingsFor(block: repo.BlockRow): Promise<MonitorSettings> {
    const row = await repo.settingsOf(db, block.id);
    if (!row) return defaultSettings(fullOf(block));
    return {
      driftMeanPoints: row.driftMeanPoints,
      driftMinAgreement: row.driftMinAgreement,
      spotCheckQuota: row.spotCheckQuota,
    };
  }

  return {
    forget(blockId: number) {
      kept.delete(blockId);
    },

    async exams(actor: Actor) {
      const onlyBlocks = actor.type === 5 ? undefined : [...(await repo.ledBlockIds(db, actor.userId))];
      const schools = actor.type === 5 ? [actor.schoolId] : actor.schoolIds;
      const rows = await repo.examsWithBlocks(db, schools, onlyBlocks);
      return rows.map((r) => ({ meId: String(r.id), name: r.name, startDate: r.startDate }));
    },

    async examSummary(actor: Actor, meId: number) {
      const multi = await repo.multiById(db, meId);
      if (!multi) throw notFound('考试不存在或已删除');
      const list = await subjects(actor, repo.singlesOfMulti(meId));
      if (list.length === 0 && !isAdminOf(actor, multi.schoolId)) {
        throw forbidden('仅阅卷管理员或题组长可以查看阅卷监控');
      }
      return list;
    },

    async subjectSummary(actor: Actor, seId: number) {
      const [single] = await repo.singlesOf(db, repo.singleIs(seId));
      if (!single) throw notFound('科目考试不存在或已删除');
      const [subject] = await subjects(actor, repo.singleIs(seId));
      if (subject) return subject;
      if (!isAdminOf(actor, single.schoolId)) throw forbidden('仅阅卷管理员或题组长可以查看学科监控');
      return { seId: String(single.id), courseId: single.courseId, courseName: single.courseName, blocks: [] };
    },

    async blockDetails(actor: Actor, blockId: number): Promise<BlockMonitor> {
      const block = await ledBlock(db, actor, blockId);
      return { ...(await details(block)), canLead: true };
    },

    /** marking.md "Drift": a paused marker cannot claim; their unfinished leases return at once. */
    async pauseMarker(actor: Actor, params: { blockId: number; userId: number; paused: boolean }) {
      return db.transaction(async (tx) => {
        const block = await ledBlock(tx, actor, params.blockId);
        const seat = await repo.markerSeat(tx, block.id, params.userId);
        if (!seat) throw notFound('该教师不是该题块的阅卷教师');
        const releasedLeases = await repo.setPaused(tx, block.id, params.userId, params.paused);
        await recordAudit(tx, {
          actor,
          action: params.paused ? 'marking.marker.pause' : 'marking.marker.resume',
          target: `mark_blocks:${block.id}/users:${params.userId}`,
          before: { paused: seat.paused },
          after: { paused: params.paused, releasedLeases },
        });
        kept.delete(block.id);
        return { paused: params.paused, releasedLeases };
      });
    },

    async saveSettings(actor: Actor, params: { blockId: number } & MonitorSettings) {
      return db.transaction(async (tx) => {
        const block = await ledBlock(tx, actor, params.blockId);
        if (params.driftMeanPoints > fullOf(block)) throw badInput('均分偏离阈值不能超过题块满分');
        const { blockId, ...settings } = params;
        await repo.saveSettings(tx, { blockId, ...settings, updatedBy: actor.userId });
        await recordAudit(tx, {
          actor,
          action: 'marking.monitor.settings',
          target: `mark_blocks:${blockId}`,
          after: settings,
        });
        kept.delete(block.id);
        return settings;
      });
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
