import { MarkingInputError } from './errors.ts';

export interface MarkerQuota {
  markerId: string;
  quota: number;
}

function assertCount(value: number, label: string): void {
  if (!Number.isInteger(value) || value < 0) throw new MarkingInputError(`${label}必须是不小于 0 的整数`);
}

function assertMarkers(markerIds: readonly string[]): void {
  if (markerIds.length === 0) throw new MarkingInputError('至少需要一位阅卷教师');
  const seen = new Set<string>();
  for (const markerId of markerIds) {
    if (seen.has(markerId)) throw new MarkingInputError(`阅卷教师 ${markerId} 重复`);
    seen.add(markerId);
  }
}

/**
 * 平均分配: each marker gets total ÷ n, and the remainder one each to the first markers in the
 * given order, so quotas differ by at most 1 and sum to the total. `total` counts marks, not
 * papers: under 双评 a paper needs two.
 */
export function equalQuotas(total: number, markerIds: readonly string[]): MarkerQuota[] {
  assertCount(total, '任务总量');
  assertMarkers(markerIds);
  const base = Math.floor(total / markerIds.length);
  const extra = total % markerIds.length;
  return markerIds.map((markerId, index) => ({ markerId, quota: base + (index < extra ? 1 : 0) }));
}

export interface CappedMarker {
  markerId: string;
  /** The most this marker may take (a per-marker cap); absent for no cap. */
  cap?: number;
}

export interface CappedQuotas {
  quotas: MarkerQuota[];
  /** Marks no one may take because every marker is at their cap: flagged for the 阅卷管理员. */
  unassigned: number;
}

/**
 * 平均分配 under per-marker caps: a marker whose equal share exceeds their cap gets the cap, and
 * what they cannot take is shared equally among the others, until no one is over. Never a quota
 * beyond a cap; what nobody may take is reported, not forced onto someone.
 */
export function cappedQuotas(total: number, markers: readonly CappedMarker[]): CappedQuotas {
  assertCount(total, '任务总量');
  assertMarkers(markers.map((marker) => marker.markerId));
  for (const marker of markers) {
    if (marker.cap !== undefined) assertCount(marker.cap, `阅卷教师 ${marker.markerId} 的上限`);
  }
  const quota = new Map<string, number>();
  let open = [...markers];
  let left = total;
  for (;;) {
    const shares =
      open.length === 0
        ? []
        : equalQuotas(
            left,
            open.map((marker) => marker.markerId),
          );
    const over = open.filter((marker, index) => marker.cap !== undefined && marker.cap < shares[index]!.quota);
    if (over.length === 0) {
      for (const share of shares) quota.set(share.markerId, share.quota);
      left = 0;
      break;
    }
    // Those over their cap take the cap and leave the pool; the rest is shared again.
    for (const marker of over) {
      quota.set(marker.markerId, marker.cap!);
      left -= marker.cap!;
    }
    open = open.filter((marker) => !over.includes(marker));
    if (open.length === 0) break;
  }
  return {
    quotas: markers.map(({ markerId }) => ({ markerId, quota: quota.get(markerId) ?? 0 })),
    unassigned: left,
  };
}

export interface ClaimLimits {
  /** Marks this marker has submitted on the 题块 (and today). */
  done: number;
  doneToday: number;
  /** The marker's quota on the 题块; absent under 自由领取. */
  quota?: number;
  /** The marker's daily cap; absent for none. */
  dailyCap?: number;
}

export type ClaimAllowance =
  | { canClaim: true; left: number | null }
  | { canClaim: false; reason: 'quota-reached' | 'daily-cap-reached' };

/**
 * Whether a marker may claim another paper, as 高考 marking stops issuing at a cap. `left` is
 * the smaller of what the quota and the daily cap still allow (null when neither is set).
 */
export function claimAllowance(limits: ClaimLimits): ClaimAllowance {
  assertCount(limits.done, '已评数量');
  assertCount(limits.doneToday, '今日已评数量');
  if (limits.quota !== undefined) assertCount(limits.quota, '任务量');
  if (limits.dailyCap !== undefined) assertCount(limits.dailyCap, '每日上限');
  const byQuota = limits.quota === undefined ? null : limits.quota - limits.done;
  const byDay = limits.dailyCap === undefined ? null : limits.dailyCap - limits.doneToday;
  if (byQuota !== null && byQuota <= 0) return { canClaim: false, reason: 'quota-reached' };
  if (byDay !== null && byDay <= 0) return { canClaim: false, reason: 'daily-cap-reached' };
  if (byQuota === null) return { canClaim: true, left: byDay };
  return { canClaim: true, left: byDay === null ? byQuota : Math.min(byQuota, byDay) };
}

export interface ClassPaper {
  paperId: string;
  classId: string;
}

export interface ClassTeacher {
  markerId: string;
  classIds: readonly string[];
}

export interface ClassAssignment {
  byMarker: { markerId: string; paperIds: string[] }[];
  /** Papers of a class that no listed teacher teaches: flagged, never given to a stranger. */
  unassigned: ClassPaper[];
}

/**
 * 按班级: teachers mark their own classes. A class taught by several of the markers is shared
 * among them equally (± 1, in the papers' order); a class taught by none is reported.
 */
export function assignByClass(papers: readonly ClassPaper[], teachers: readonly ClassTeacher[]): ClassAssignment {
  assertMarkers(teachers.map((teacher) => teacher.markerId));
  const teachersOfClass = new Map<string, string[]>();
  for (const teacher of teachers) {
    for (const classId of new Set(teacher.classIds)) {
      const list = teachersOfClass.get(classId) ?? [];
      list.push(teacher.markerId);
      teachersOfClass.set(classId, list);
    }
  }
  const papersOfClass = new Map<string, ClassPaper[]>();
  const seen = new Set<string>();
  for (const paper of papers) {
    if (seen.has(paper.paperId)) throw new MarkingInputError(`试卷 ${paper.paperId} 重复`);
    seen.add(paper.paperId);
    const list = papersOfClass.get(paper.classId) ?? [];
    list.push(paper);
    papersOfClass.set(paper.classId, list);
  }
  const assigned = new Map<string, string[]>(teachers.map((teacher) => [teacher.markerId, []]));
  const unassigned: ClassPaper[] = [];
  for (const [classId, classPapers] of papersOfClass) {
    const markerIds = teachersOfClass.get(classId);
    if (markerIds === undefined) {
      unassigned.push(...classPapers);
      continue;
    }
    let next = 0;
    for (const { markerId, quota } of equalQuotas(classPapers.length, markerIds)) {
      assigned.get(markerId)!.push(...classPapers.slice(next, next + quota).map((paper) => paper.paperId));
      next += quota;
    }
  }
  return {
    byMarker: teachers.map(({ markerId }) => ({ markerId, paperIds: assigned.get(markerId)! })),
    unassigned,
  };
}
