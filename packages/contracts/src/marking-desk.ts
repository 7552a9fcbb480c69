import { z } from 'zod';
import { idSchema, numberSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { MARK_KINDS } from './marking.ts';

// The marking desk's calls beyond claim/submit (issue #17, marking.md "The marking desk"), under
// spec §7's examMark: 问题卷, the 题组长's problem queue, 回评 and re-marks, the desk's progress.
// Markers never receive a student's name, class or 考号 here either.

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response });

const blockId = idSchema('题块');
const paperId = idSchema('试卷');
const scores = z.record(z.string(), numberSchema('得分必须是数字'), { error: '请填写得分' });

export const PROBLEM_REASONS = ['图像不清', '答题错位', '疑似雷同', '其他'] as const;

export const problemPaperSchema = z.object({
  id: z.string(),
  paperId: z.string(),
  reason: z.enum(PROBLEM_REASONS),
  note: z.string(),
  markerName: z.string(),
  createdAt: z.string(),
  imageKey: z.string().nullable(),
  text: z.string().nullable(),
});
export type ProblemPaper = z.infer<typeof problemPaperSchema>;

export const reviewedMarkSchema = z.object({
  paperId: z.string(),
  markId: z.string(),
  kind: z.enum(MARK_KINDS),
  scores: z.record(z.string(), z.number()),
  submittedAt: z.string(),
  imageKey: z.string().nullable(),
  text: z.string().nullable(),
  changeable: z.boolean(),
});
export type ReviewedMark = z.infer<typeof reviewedMarkSchema>;

export const markingDeskApi = {
  flagProblem: j(
    'examMark/problem',
    {
      blockId,
      paperId,
      token: idSchema('领取凭证'),
      reason: z.enum(PROBLEM_REASONS, { error: '问题卷原因只能是图像不清、答题错位、疑似雷同或其他' }),
      note: z.string({ error: '说明必须是文字' }).max(200, '说明最多200个字符').default(''),
    },
    z.null(),
  ),
  problems: j('examMark/problems', { blockId }, z.array(problemPaperSchema)),
  resolveProblem: j(
    'examMark/resolveProblem',
    {
      blockId,
      problemId: idSchema('问题卷'),
      action: z.enum(['return', 'score'], { error: '处理方式只能是退回或给分' }),
      scores: scores.optional(),
    },
    z.object({ stage: z.string() }),
  ),
  reviewList: j('examMark/review', { blockId }, z.array(reviewedMarkSchema)),
  remark: j(
    'examMark/remark',
    {
      blockId,
      paperId,
      scores,
      seconds: numberSchema('评卷用时必须是数字').refine((n) => n >= 0 && n < 86400, '评卷用时不正确'),
    },
    z.object({ stage: z.string() }),
  ),
  /** The crop image: a signed URL for the lease holder (token), a marker of the paper, or a 题组长. */
  paperImage: j(
    'examMark/paperImage',
    { blockId, paperId, token: idSchema('领取凭证').optional() },
    // photos: signed links to an online answer's photos (issue #18), empty for a scanned crop.
    z.object({ url: z.string().nullable(), photos: z.array(z.string()) }),
  ),
  progress: j('examMark/progress', { blockId }, z.object({ done: z.number(), averageSeconds: z.number() })),
};
