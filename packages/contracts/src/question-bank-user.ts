import { z } from 'zod';
import { anyIdSchema, codeSchema, dateSchema, idSchema, numberSchema, textInput } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  basketSchema,
  collectionItemPageSchema,
  collectionItemSchema,
  collectionNodeSchema,
  downloadDetailSchema,
  downloadPageSchema,
  downloadUrlSchema,
  shipInfoSchema,
  userPaperDetailSchema,
  userPaperInputSchema,
  userPaperPageSchema,
  userQuestionPageSchema,
  userQuestionSchema,
} from './question-bank-user-models.ts';

export * from './question-bank-user-models.ts';

// The question bank's user resources (spec §7; issue #6): the basket (names ours, listed in
// docs/api.md), userpapers, userquestions, usercollection under /tiku/api (form envelope), and the
// sub-data GET calls under /subdata/api. Every call acts on the caller's own resources only.

const tiku = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('tiku', name, { kind: 'form', access: 'session', params: z.object(shape), response });
const subdata = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('subdata', name, { kind: 'get', access: 'session', params: z.object(shape), response });

const courseId = idSchema('学科');
const quesId = idSchema('试题');
const owner = { userId: idSchema('用户'), schoolId: idSchema('学校') };
const ids = (field: string, max: number) =>
  z
    .array(idSchema(field), { error: `${field}列表不能为空` })
    .min(1, `${field}列表不能为空`)
    .max(max, `${field}最多${max}个`);
const intIn = (field: string, min: number, max: number) =>
  numberSchema(`${field}必须是数字`).pipe(
    z.number().int(`${field}必须是整数`).min(min, `${field}最小为${min}`).max(max, `${field}最大为${max}`),
  );
const pageIndex = intIn('页码', 1, 100_000).default(1);
const pageSize = (fallback: number) => intIn('每页条数', 1, 100).default(fallback);
const useStatus = numberSchema('使用状态必须是数字').pipe(
  z.union([z.literal(0), z.literal(1)], { error: '使用状态只能是 0（未使用）或 1（已使用）' }),
);
/** A real calendar date, or empty or absent for "no bound". */
const optionalDate = (field: string) =>
  z
    .string({ error: `${field}格式应为 YYYY-MM-DD` })
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(dateSchema(field).optional());
/** Empty, '0' or absent: any. */
const optionalId = anyIdSchema;
const nodeName = textInput('目录名称', '目录名称不能为空')
  .trim()
  .min(1, '目录名称不能为空')
  .max(30, '目录名称最多30个字符');

export const userPaperFilterSchema = z.object({
  ...owner,
  courseId: optionalId('学科'),
  /** A calendar month, YYYY-MM (Asia/Shanghai). */
  month: z
    .string({ error: '月份格式应为 YYYY-MM' })
    .trim()
    .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, '月份格式应为 YYYY-MM')
    .optional()
    .transform((v) => v || undefined),
  gradeId: optionalId('年级'),
  paperType: optionalId('试卷类型'),
  /** 1 组卷, 2 上传 (the uploadType given at add). */
  resourceType: optionalId('资源类型').pipe(
    z
      .string()
      .regex(/^[12]$/, '资源类型只能是 1（组卷）或 2（上传）')
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
  ),
  startDate: optionalDate('开始日期'),
  endDate: optionalDate('结束日期'),
  orderId: optionalId('排序方式').pipe(
    z
      .string()
      .regex(/^[1-3]$/, '排序方式只能是 1 到 3')
      .optional()
      .transform((v) => (v ? Number(v) : 1)),
  ),
  pageIndex,
  limit: pageSize(50),
});
export type UserPaperFilter = z.output<typeof userPaperFilterSchema>;

const paper = userPaperInputSchema;

export const questionBankUserApi = {
  // ---- Basket: per course, grouped by question type (spec §3, §5). ----
  getBasket: tiku('basket/get', { courseId }, basketSchema),
  /** Refused (status 422) with BASKET_FULL_MESSAGE at 50, BASKET_DUPLICATE_MESSAGE for a duplicate. */
  addToBasket: tiku('basket/add', { quesId }, basketSchema),
  /** Adds several questions of one course; those already in are skipped; refused whole beyond 50. */
  addManyToBasket: tiku('basket/add_batch', { quesIds: ids('试题', 50) }, basketSchema),
  removeFromBasket: tiku('basket/delete', { quesId }, basketSchema),
  removeBasketType: tiku('basket/delete_type', { courseId, questionTypeId: idSchema('题型') }, basketSchema),
  clearBasket: tiku('basket/clear', { courseId }, basketSchema),
  /** The new order of one type's questions: exactly the ids of that group. */
  sortBasket: tiku(
    'basket/sort',
    { courseId, questionTypeId: idSchema('题型'), quesIds: ids('试题', 50) },
    basketSchema,
  ),

  // ---- userpapers ----
  getUserPapers: tiku('userpapers/get', userPaperFilterSchema.shape, userPaperPageSchema),
  addUserPaper: tiku(
    'userpapers/add',
    {
      paper,
      ...owner,
      uploadType: intIn('上传类型', 1, 2).default(1),
      userName: textInput('用户姓名').trim().max(50, '用户姓名最多50个字符').optional(),
    },
    userPaperDetailSchema,
  ),
  /** The paper editor saves again. */
  updateUserPaper: tiku('userpapers/update', { paperId: idSchema('试卷'), ...owner, paper }, userPaperDetailSchema),
  deleteUserPaper: tiku('userpapers/delete', { paperId: idSchema('试卷'), ...owner }, z.null()),
  getUserPaperDetail: tiku('userpapers/detail', { paperId: idSchema('试卷'), ...owner }, userPaperDetailSchema),
  updateUserPaperStatus: tiku(
    'userpapers/update/status',
    { paperId: idSchema('试卷'), ...owner, useStatus },
    userPaperDetailSchema.pick({ paperId: true, useStatus: true }),
  ),

  // ---- userquestions ----
  getUserQuestions: tiku(
    'userquestions/get',
    { ...owner, courseId: optionalId('学科'), useStatus: useStatus.optional(), pageIndex, limit: pageSize(10) },
    userQuestionPageSchema,
  ),
  getUserQuestionDetail: tiku('userquestions/detail', { quesId, ...owner }, userQuestionSchema),
  updateUserQuestionStatus: tiku(
    'userquestions/update/status',
    { quesId, ...owner, useStatus },
    z.object({ quesId: z.string(), useStatus: z.number() }),
  ),

  // ---- usercollection: a tree of folders per course, holding questions and papers. ----
  getCollectionNodes: tiku('usercollection/get_uc_nodes', { ...owner, courseId }, z.array(collectionNodeSchema)),
  addCollectionNode: tiku(
    'usercollection/add_uc_node',
    { ...owner, courseId, parentId: optionalId('上级目录'), name: nodeName },
    collectionNodeSchema,
  ),
  renameCollectionNode: tiku('usercollection/update_uc_node_name', { id: idSchema('目录'), name: nodeName }, z.null()),
  /** Move and reorder: the listed nodes get their parent (null: top level) and position. */
  moveCollectionNodes: tiku(
    'usercollection/update_uc_nodes',
    {
      ...owner,
      courseId,
      nodes: z
        .array(
          z.object({
            id: idSchema('目录'),
            parentId: optionalId('上级目录'),
            sortOrder: intIn('排序号', 0, 100_000),
          }),
          { error: '目录列表不能为空' },
        )
        .min(1, '目录列表不能为空')
        .max(500, '目录最多500个'),
    },
    z.array(collectionNodeSchema),
  ),
  /** Deletes the folder with its subfolders and everything collected in them. */
  deleteCollectionNode: tiku('usercollection/delete_uc_node', { id: idSchema('目录') }, z.null()),
  getCollectionItems: tiku(
    'usercollection/get',
    { ...owner, nodeId: idSchema('目录'), pageIndex, limit: pageSize(10) },
    collectionItemPageSchema,
  ),
  addCollectionItem: tiku(
    'usercollection/add',
    {
      ...owner,
      nodeId: idSchema('目录'),
      type: numberSchema('收藏类型必须是数字').pipe(
        z.union([z.literal(1), z.literal(2), z.literal(3)], {
          error: '收藏类型只能是 1（试题）、2（试卷）或 3（我的试卷）',
        }),
      ),
      relationId: idSchema('收藏对象'),
    },
    collectionItemSchema,
  ),
  deleteCollectionItem: tiku('usercollection/delete', { id: idSchema('收藏') }, z.null()),

  // ---- Sub-data service (GET): downloads recorded by the Word export. ----
  findShipInfo: subdata(
    'ship/findShipInfo',
    { userId: idSchema('用户'), type: intIn('用户类型', 1, 5), schoolId: idSchema('学校') },
    shipInfoSchema,
  ),
  getUserDownloadPapers: subdata(
    'getUserDownloadPapers',
    {
      openid: codeSchema('用户账号'),
      startTime: optionalDate('开始时间'),
      endTime: optionalDate('结束时间'),
      courseId: optionalId('学科'),
      pageIndex,
      pageSize: pageSize(10),
      /** 1 newest first (default), 2 oldest first. */
      sort: optionalId('排序方式').pipe(
        z
          .string()
          .regex(/^[12]$/, '排序方式只能是 1（最新）或 2（最早）')
          .optional()
          .transform((v) => (v ? Number(v) : 1)),
      ),
    },
    downloadPageSchema,
  ),
  getUserDownloadPaperDetails: subdata(
    'getUserDownloadPaperDetails',
    {
      id: idSchema('下载记录'),
      openid: codeSchema('用户账号'),
      formulaPicFormat: z
        .enum(['svg', 'png', 'latex'], { error: '公式格式只能是 svg、png 或 latex' })
        .optional()
        .transform((v) => v ?? 'latex'),
    },
    downloadDetailSchema,
  ),
  getUserDownloadPaperUrl: subdata(
    'getUserDownloadPaperUrl',
    { id: idSchema('下载记录'), openid: codeSchema('用户账号') },
    downloadUrlSchema,
  ),
};
