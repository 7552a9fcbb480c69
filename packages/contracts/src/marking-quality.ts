import { z } from 'zod';
import { idSchema, numberSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// Marker quality (issue #17, marking.md "Quality" and 匿名阅卷): 标准卷 declared by a 题组长, the
// per-marker 回评抽检 and 标准卷 figures of 题目监控, and a 题组长's logged reveal of who wrote a
// problem paper. 回评抽检 and 标准卷 papers themselves ride on the ordinary claim and submit.

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response });

const blockId = idSchema('题块');
const paperId = idSchema('试卷');

export const seededPaperSchema = z.object({
  paperId: z.string(),
  scores: z.record(z.string(), z.number()),
  total: z.number(),
  setByName: z.string(),
  createdAt: z.string(),
});
export type SeededPaper = z.infer<typeof seededPaperSchema>;

export const markerQualitySchema = z.object({
  userId: z.string(),
  /** 回评抽检 answered, and the mean |total now − total then|. */
  selfChecks: z.number(),
  selfMeanAbsDifference: z.number().nullable(),
  /** 标准卷 answered, and the mean signed (total − reference total). */
  seededChecks: z.number(),
  seededMeanDeviation: z.number().nullable(),
  seededMeanAbsDeviation: z.number().nullable(),
});
export type MarkerQualityFigures = z.infer<typeof markerQualitySchema>;

export const revealedIdentitySchema = z.object({ name: z.string(), className: z.string(), examNo: z.string() });

export const markingQualityApi = {
  seededPapers: j('examMark/seeded', { blockId }, z.array(seededPaperSchema)),
  /** 设为标准卷: reference scores given, or the caller's own newest mark on the paper. */
  setSeeded: j(
    'examMark/setSeeded',
    { blockId, paperId, scores: z.record(z.string(), numberSchema('得分必须是数字')).optional() },
    seededPaperSchema,
  ),
  unsetSeeded: j('examMark/unsetSeeded', { blockId, paperId }, z.null()),
  markerQuality: j('examMonitor/markerQuality', { blockId }, z.array(markerQualitySchema)),
  /** 揭示身份: only an open 问题卷 of a 题块 the caller leads; logged. */
  revealIdentity: j('examMark/revealIdentity', { blockId, problemId: idSchema('问题卷') }, revealedIdentitySchema),
};
