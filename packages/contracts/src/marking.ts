import { z } from 'zod';
import { idSchema, intInSchema, numberSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// Online marking (issue #17, marking.md): 题块 set-up, markers and dispatch, on the marking
// service (/mark/api, JSON). Names follow spec §7 (dcExamQuestionGroup, examTask, examMark);
// the dispatch calls are ours, listed in docs/api.md. Markers never receive a student's name.

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response });

const seId = idSchema('科目考试');
const blockId = idSchema('题块');
const paperId = idSchema('试卷');

/** 题块 status: 1 未开始, 2 阅卷中, 3 已暂停, 4 已结束. */
export const MARK_BLOCK_STATUS = { notStarted: 1, marking: 2, paused: 3, finished: 4 } as const;
/** 分配方式: 平均分配, 按班级, 自由领取, 手设定额. */
export const MARK_DISTRIBUTIONS = ['even', 'by-class', 'free', 'quota'] as const;
export type MarkDistribution = (typeof MARK_DISTRIBUTIONS)[number];
export const MARK_KINDS = ['first', 'second', 'third', 'arbitration', 'spot-check'] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

const points = (field: string) =>
  numberSchema(`${field}必须是数字`).refine(
    (n) => Number.isFinite(n) && n >= 0 && n <= 1000,
    `${field}必须在 0 到 1000 之间`,
  );

export const markBlockInputSchema = z.object({
  /** Absent for a new 题块. */
  id: idSchema('题块').optional(),
  name: z.string({ error: '题块名称必须是文字' }).trim().min(1, '题块名称不能为空').max(40, '题块名称最多40个字符'),
  questionIds: z
    .array(idSchema('题目'), { error: '请选择题目' })
    .min(1, '题块至少包含一道题')
    .max(50, '题块最多50道题'),
  mode: z.enum(['single', 'double'], { error: '评卷方式只能是单评或双评' }),
  tolerance: points('误差阈值'),
  step: z.union([z.literal(1), z.literal(0.5)], { error: '给分步长只能是 1 或 0.5' }),
  doubleSharePercent: intInSchema('双评比例必须是 0 到 100 之间的整数', 0, 100).optional(),
  distribution: z.enum(MARK_DISTRIBUTIONS, { error: '分配方式不正确' }).optional(),
  dailyCap: intInSchema('每日上限必须是 1 到 100000 之间的整数', 1, 100_000).nullable().optional(),
  /** 回评抽检 share and 标准卷 mix rate, whole percent (marking.md "Quality"). */
  selfCheckPercent: intInSchema('回评抽检比例必须是 0 到 20 之间的整数', 0, 20).optional(),
  seededPercent: intInSchema('标准卷比例必须是 0 到 20 之间的整数', 0, 20).optional(),
  /** The version read; a save over a newer one is refused (two administrators at once). */
  version: intInSchema('版本号不正确', 0, 1_000_000_000).optional(),
});

export const markBlockSchema = z.object({
  id: z.string(),
  seId: z.string(),
  name: z.string(),
  questions: z.array(z.object({ questionId: z.string(), questionNo: z.string(), fullMarks: z.number() })),
  mode: z.enum(['single', 'double']),
  tolerance: z.number(),
  step: z.number(),
  doubleSharePercent: z.number(),
  status: z.number(),
  distribution: z.enum(MARK_DISTRIBUTIONS),
  dailyCap: z.number().nullable(),
  selfCheckPercent: z.number(),
  seededPercent: z.number(),
  version: z.number(),
  paperCount: z.number(),
});
export type MarkBlock = z.infer<typeof markBlockSchema>;

export const markerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  quota: z.number().nullable(),
  leader: z.boolean(),
  paused: z.boolean(),
  done: z.number(),
});

/** The paper a marker holds: never the student's name, class or 考号 (匿名阅卷). */
export const leasedPaperSchema = z.object({
  paperId: z.string(),
  blockId: z.string(),
  kind: z.enum(MARK_KINDS),
  token: z.string(),
  expiresAt: z.string(),
  imageKey: z.string().nullable(),
  text: z.string().nullable(),
  questions: z.array(z.object({ questionId: z.string(), questionNo: z.string(), fullMarks: z.number() })),
  /** The 题块's 给分步长 (1 or 0.5): quick scores and the desk's check follow it. */
  step: z.number(),
  /** 仲裁 only: the three earlier scores per question. */
  earlier: z.array(z.record(z.string(), z.number())).optional(),
});
export type LeasedPaper = z.infer<typeof leasedPaperSchema>;

export const myTaskSchema = z.object({
  blockId: z.string(),
  blockName: z.string(),
  seId: z.string(),
  examName: z.string(),
  courseId: z.number(),
  status: z.number(),
  leader: z.boolean(),
  paused: z.boolean(),
  done: z.number(),
  quota: z.number().nullable(),
  remaining: z.number(),
  blockDone: z.number(),
  blockTotal: z.number(),
});

const lease = { blockId, paperId, token: idSchema('领取凭证') };

export const markingApi = {
  findBlocks: j('dcExamQuestionGroup/find', { seId }, z.array(markBlockSchema)),
  saveBlocks: j(
    'dcExamQuestionGroup/saveOrUpdate',
    { seId, blocks: z.array(markBlockInputSchema, { error: '请填写题块' }).max(100, '题块最多100个') },
    z.array(markBlockSchema),
  ),
  getExamTasks: j('examTask/getExamTasks', { blockId }, z.array(markerSchema)),
  saveTasks: j(
    'examTask/saveOrUpdateBatchTask',
    {
      blockId,
      markers: z
        .array(
          z.object({
            userId: idSchema('阅卷教师'),
            quota: intInSchema('任务量必须是 0 到 1000000 之间的整数', 0, 1_000_000).nullable().optional(),
            leader: z.boolean({ error: '题组长必须是是或否' }).optional(),
          }),
          { error: '请选择阅卷教师' },
        )
        .max(2000, '阅卷教师最多2000位'),
    },
    z.array(markerSchema),
  ),
  deleteTasks: j(
    'examTask/deleteBatchTask',
    { blockId, userIds: z.array(idSchema('阅卷教师')).min(1, '请选择阅卷教师') },
    z.null(),
  ),
  setBlockStatus: j(
    'examMark/setStatus',
    { blockId, action: z.enum(['start', 'pause', 'finish'], { error: '操作只能是开始、暂停或结束' }) },
    markBlockSchema,
  ),
  myTasks: j('examMark/myTasks', {}, z.array(myTaskSchema)),
  claim: j('examMark/claim', { blockId }, leasedPaperSchema.nullable()),
  /** The desk's queue: the papers held on the 题块 (renewed), oldest first, topped up to 3. */
  claimQueue: j('examMark/claimQueue', { blockId }, z.array(leasedPaperSchema)),
  renew: j('examMark/renew', lease, z.object({ expiresAt: z.string() })),
  release: j('examMark/release', lease, z.null()),
  submit: j(
    'examMark/submit',
    {
      ...lease,
      scores: z.record(z.string(), numberSchema('得分必须是数字'), { error: '请填写得分' }),
      seconds: numberSchema('评卷用时必须是数字').refine((n) => n >= 0 && n < 86400, '评卷用时不正确'),
    },
    z.object({ stage: z.string() }),
  ),
};
