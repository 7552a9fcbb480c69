import { z } from 'zod';
import { idSchema, intInSchema, numberSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// Marking monitors, marker pause and spot checks (issue #17, marking.md "Quality", "Monitors").
// Names follow spec §7 (examMonitor: single, subjective summary, group and user details; examMark:
// censor group page, censor count); the rest are ours, listed in docs/api.md.

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response });

const blockId = idSchema('题块');

/** A 题块's progress by stage (marking.md "Monitors"). */
export const blockProgressSchema = z.object({
  blockId: z.string(),
  blockName: z.string(),
  seId: z.string(),
  status: z.number(),
  mode: z.enum(['single', 'double']),
  papers: z.number(),
  final: z.number(),
  needsFirst: z.number(),
  needsSecond: z.number(),
  needsThird: z.number(),
  needsArbitration: z.number(),
  /** 问题卷 still open (counted by the desk's 问题卷 once they exist). */
  openProblems: z.number(),
  marks: z.number(),
  remainingMarks: z.number(),
  ratePerHour: z.number(),
  /** ISO time, or null: done (remainingMarks 0) or stalled (nothing marked in the last hour). */
  predictedFinish: z.string().nullable(),
  hoursLeft: z.number().nullable(),
});
export type BlockProgress = z.infer<typeof blockProgressSchema>;

export const monitorSubjectSchema = z.object({
  seId: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  blocks: z.array(blockProgressSchema),
});
export type MonitorSubject = z.infer<typeof monitorSubjectSchema>;

export const monitorExamSchema = z.object({ meId: z.string(), name: z.string(), startDate: z.string() });

const share = z.number().nullable();
export const markerRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  leader: z.boolean(),
  paused: z.boolean(),
  count: z.number(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  zeroShare: share,
  fullShare: share,
  secondsPerPaper: z.number().nullable(),
  pairedPapers: z.number(),
  agreementWithinT: share,
  exactAgreement: share,
  meanDifferenceToFinal: z.number().nullable(),
  thirdRate: share,
  arbitrationRate: share,
  /** Drift over the marker's last 50 papers. */
  recentMean: z.number().nullable(),
  recentAgreement: share,
  alerts: z.array(z.enum(['mean', 'agreement'])),
});
export type MarkerRow = z.infer<typeof markerRowSchema>;

export const monitorSettingsSchema = z.object({
  driftMeanPoints: z.number(),
  driftMinAgreement: z.number(),
  spotCheckQuota: z.number(),
});
export type MonitorSettings = z.infer<typeof monitorSettingsSchema>;

export const blockMonitorSchema = z.object({
  progress: blockProgressSchema,
  fullMarks: z.number(),
  tolerance: z.number(),
  groupMean: z.number().nullable(),
  markers: z.array(markerRowSchema),
  /** Histogram of paper totals at the 题块's step: the 题块's and each marker's. */
  distribution: z.object({
    bins: z.array(z.number()),
    group: z.array(z.number()),
    markers: z.array(z.object({ userId: z.string(), counts: z.array(z.number()) })),
  }),
  settings: monitorSettingsSchema,
  spotChecks: z.object({ done: z.number(), quota: z.number() }),
  /** Whether the caller may pause markers and spot-check (the 题块's 题组长 or the 阅卷管理员). */
  canLead: z.boolean(),
});
export type BlockMonitor = z.infer<typeof blockMonitorSchema>;

/** A finished paper drawn for a spot check: its crop and every mark, never the student's name. */
export const spotPaperSchema = z.object({
  paperId: z.string(),
  imageKey: z.string().nullable(),
  /** The crop as a signed link (an hour), null for a paper without an image. */
  imageUrl: z.string().nullable(),
  text: z.string().nullable(),
  finalScores: z.record(z.string(), z.number()),
  finalTotal: z.number(),
  marks: z.array(
    z.object({
      markerId: z.string(),
      markerName: z.string(),
      kind: z.string(),
      scores: z.record(z.string(), z.number()),
      submittedAt: z.string(),
    }),
  ),
  checked: z.boolean(),
});
export type SpotPaper = z.infer<typeof spotPaperSchema>;

const points = (field: string) =>
  numberSchema(`${field}必须是数字`).refine(
    (n) => Number.isFinite(n) && n >= 0 && n <= 1000,
    `${field}必须在 0 到 1000 之间`,
  );

export const markingMonitorApi = {
  /** Exams with 题块 the caller may watch (阅卷监控's exam picker). */
  exams: j('examMonitor/exams', {}, z.array(monitorExamSchema)),
  /** 阅卷监控: every subject of an exam with its 题块' progress. */
  examSummary: j('examMonitor/single', { meId: idSchema('考试') }, z.array(monitorSubjectSchema)),
  /** 学科监控: one subject's 题块. */
  subjectSummary: j('examMonitor/subjectiveSummary', { seId: idSchema('科目考试') }, monitorSubjectSchema),
  /** 题目监控: one 题块's progress, per-marker table, distribution and drift alerts. */
  blockDetails: j('examMonitor/groupDetails', { blockId }, blockMonitorSchema),
  pauseMarker: j(
    'examMonitor/pauseMarker',
    { blockId, userId: idSchema('阅卷教师'), paused: z.boolean({ error: '请选择暂停或恢复' }) },
    z.object({ paused: z.boolean(), releasedLeases: z.number() }),
  ),
  saveSettings: j(
    'examMonitor/saveSettings',
    {
      blockId,
      driftMeanPoints: points('均分偏离阈值'),
      driftMinAgreement: numberSchema('一致率下限必须是数字').refine(
        (n) => n >= 0 && n <= 1,
        '一致率下限必须在 0 到 1 之间',
      ),
      spotCheckQuota: intInSchema('抽查数量必须是 0 到 100000 之间的整数', 0, 100_000),
    },
    monitorSettingsSchema,
  ),
  /** 抽查: a random sample of finished papers of the 题块, or of one marker's. */
  censorSample: j(
    'examMark/censorGroupPage',
    {
      blockId,
      markerId: idSchema('阅卷教师').optional(),
      size: intInSchema('抽查份数必须是 1 到 50 之间的整数', 1, 50),
    },
    z.array(spotPaperSchema),
  ),
  censorCount: j('examMark/censorCount', { blockId }, z.object({ done: z.number(), quota: z.number() })),
  /** The leader looked and agrees: the paper counts as checked, nothing changes. */
  censorPass: j('examMark/censorPass', { blockId, paperId: idSchema('试卷') }, z.null()),
  /** A correction: a new spot-check mark with a reason, the finals follow, in the audit log. */
  censorCorrect: j(
    'examMark/censorCorrect',
    {
      blockId,
      paperId: idSchema('试卷'),
      scores: z.record(z.string(), numberSchema('得分必须是数字'), { error: '请填写得分' }),
      reason: z.string({ error: '请填写更正原因' }).trim().min(1, '请填写更正原因').max(200, '更正原因最多200个字符'),
    },
    spotPaperSchema,
  ),
};
