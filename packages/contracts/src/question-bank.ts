import { z } from 'zod';
import { anyIdSchema, idSchema, numberSchema, textInput } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  courseBaseSchema,
  paperDetailSchema,
  paperPageSchema,
  paperSummarySchema,
  qbCourseSchema,
  questionPageSchema,
  questionSchema,
  textbookEditionSchema,
  treeNodeSchema,
  wisdomPaperSchema,
} from './question-bank-models.ts';

export * from './question-bank-models.ts';

// The question bank calls of spec §7 (issue #6), under /tiku/api with the form envelope of
// protocol.md. Names the spec leaves open (`nodes/get`) are ours and listed in docs/api.md.

const tiku = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('tiku', name, { kind: 'form', access: 'session', params: z.object(shape), response });

/** An optional filter id: absent, empty, 0 or '0' (spec §9's default filter strings) mean "any". */
const filterId = anyIdSchema;
const optionalFilter = (field: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${field}不正确` })
    .optional()
    .transform((v) => (v === undefined || v === null ? '' : String(v).trim()));

const courseId = idSchema('学科');
const positive = (field: string, max: number) =>
  numberSchema(`${field}必须是数字`).pipe(
    z.number().int(`${field}必须是整数`).min(1, `${field}最小为1`).max(max, `${field}最大为${max}`),
  );
const keyword = textInput('关键字').trim().max(50, '关键字最多50个字符').optional();
const ids = (field: string) =>
  z
    .array(idSchema(field), { error: `${field}列表不能为空` })
    .min(1, `${field}列表不能为空`)
    .max(200, `${field}最多200个`);

const yearFilter = optionalFilter('年份').pipe(
  z
    .string()
    .regex(/^(0|\d{4})?$/, '年份应为四位数字')
    .transform((v) => (v === '' || v === '0' ? undefined : Number(v))),
);
const orderId = (max: number) =>
  optionalFilter('排序方式').pipe(
    z
      .string()
      .regex(new RegExp(`^([0-${max}])?$`), `排序方式只能是 1 到 ${max}`)
      .transform((v) => (v === '' || v === '0' ? 1 : Number(v))),
  );

export const questionFilterSchema = z.object({
  courseId,
  tbCatalogNodesId: filterId('教材章节'),
  questionTypeId: filterId('题型'),
  areaId: filterId('地区'),
  gradeId: filterId('年级'),
  paperTypeId: filterId('试卷类型'),
  year: yearFilter,
  diffGradeId: optionalFilter('难度').pipe(
    z
      .string()
      .regex(/^[0-5]?$/, '难度只能是 1 到 5')
      .transform((v) => (v === '' || v === '0' ? undefined : Number(v))),
  ),
  knowledgePointId: filterId('知识点'),
  schoolId: filterId('学校'),
  keyword,
  orderId: orderId(4),
  currentPage: positive('页码', 100_000).default(1),
  pageSize: positive('每页条数', 100).default(10),
});
export type QuestionFilter = z.output<typeof questionFilterSchema>;

export const paperFilterSchema = z.object({
  courseId: filterId('学科'),
  gradeId: filterId('年级'),
  paperType: filterId('试卷类型'),
  year: yearFilter,
  areaId: filterId('地区'),
  schoolId: filterId('学校'),
  keyword,
  orderId: orderId(2),
  currentPage: positive('页码', 100_000).default(1),
  pageSize: positive('每页条数', 100).default(50),
});
export type PaperFilter = z.output<typeof paperFilterSchema>;

const WISDOM_MAX_TOTAL = 100;
const wisdomCount = positive('题量', 50);
export const wisdomParamsSchema = z.object({
  courseId,
  tagType: numberSchema('标签类型必须是数字').pipe(
    z
      .number()
      .int('标签类型只能是 1（知识点）或 2（教材章节）')
      .min(1, '标签类型只能是 1（知识点）或 2（教材章节）')
      .max(2, '标签类型只能是 1（知识点）或 2（教材章节）'),
  ),
  tagIds: z
    .array(idSchema('知识点'), { error: '知识点列表不能为空' })
    .min(1, '知识点列表不能为空')
    .max(50, '知识点最多50个'),
  quesTypes: z
    .array(z.object({ questionTypeId: idSchema('题型'), count: wisdomCount }), { error: '题型列表不能为空' })
    .min(1, '题型列表不能为空')
    .max(20, '题型最多20种')
    .refine((types) => new Set(types.map((t) => t.questionTypeId)).size === types.length, '题型不能重复')
    .refine((types) => types.reduce((n, t) => n + t.count, 0) <= WISDOM_MAX_TOTAL, `总题量最多${WISDOM_MAX_TOTAL}道`),
  difficulty: numberSchema('目标难度必须是数字')
    .pipe(z.number().min(1, '目标难度最小为1').max(5, '目标难度最大为5'))
    .default(3),
  excludeIds: z
    .array(idSchema('排除的试题'), { error: '排除的试题必须是列表' })
    .max(500, '排除的试题最多500个')
    .optional(),
  gradeId: filterId('年级'),
  seed: numberSchema('随机种子必须是数字')
    .pipe(z.number().int('随机种子必须是整数').min(0, '随机种子最小为0').max(2_147_483_647, '随机种子过大'))
    .optional(),
});
export type WisdomParams = z.output<typeof wisdomParamsSchema>;

export const questionBankApi = {
  /** Courses taught at a stage (stageCode 1 小学, 2 初中, 3 高中). */
  getCourses: tiku(
    'courses/get',
    {
      stageCode: numberSchema('学段必须是数字').pipe(
        z.number().int().min(1, '学段只能是 1、2 或 3').max(3, '学段只能是 1、2 或 3'),
      ),
    },
    z.array(qbCourseSchema),
  ),
  getBase: tiku('base/get', { courseId }, courseBaseSchema),
  getBaseAll: tiku('base/get_all', {}, z.array(courseBaseSchema)),
  /** A course's knowledge-point tree (type 1) or textbook chapter tree (type 2), nested. */
  getNodes: tiku(
    'nodes/get',
    {
      courseId,
      type: numberSchema('树类型必须是数字').pipe(
        z
          .number()
          .int()
          .min(1, '树类型只能是 1（知识点）或 2（教材章节）')
          .max(2, '树类型只能是 1（知识点）或 2（教材章节）'),
      ),
    },
    z.array(treeNodeSchema),
  ),
  /** The whole chapter tree of a course: editions → volumes → chapters → sections. */
  getCcn: tiku('textbooks/get_ccn', { courseId }, z.array(treeNodeSchema)),
  /** Editions with their volumes. */
  getCtv: tiku('textbooks/get_ctv', { courseId }, z.array(textbookEditionSchema)),
  /** The editions (roots of the chapter tree), without children. */
  getCcnRoot: tiku('textbooks/get_ccn_root', { courseId }, z.array(treeNodeSchema)),
  /** The subtree under one node of the chapter tree (an edition or a volume). */
  getCcnByRoot: tiku('textbooks/get_ccn_by_root', { rootId: idSchema('教材版本') }, z.array(treeNodeSchema)),

  getFast: tiku('questions/get_fast', questionFilterSchema.shape, questionPageSchema),
  /** Questions by id, in the order asked; ids not readable are left out. */
  getByIds: tiku('questions/get/ids', { ids: ids('试题'), courseId: courseId.optional() }, z.array(questionSchema)),
  getDetail: tiku('questions/detail', { quesId: idSchema('试题') }, questionSchema),
  /** Up to 10 questions of the course with the same knowledge points and close wording. */
  getSimilar: tiku('questions/get_similar_question', { quesId: idSchema('试题') }, z.array(questionSchema)),
  /**
   * Smart assembly: a proposed paper over knowledge points (tagType 1) or chapters (2), with the
   * wanted count per question type, near a target difficulty. Swapping one question is
   * get_similar_question, then this call's excludeIds.
   */
  getByWisdom: tiku('questions/get_by_wisdom', wisdomParamsSchema.shape, wisdomPaperSchema),

  getPapers: tiku('papers/get', paperFilterSchema.shape, paperPageSchema),
  getPapersByIds: tiku('papers/get/ids', { ids: ids('试卷') }, z.array(paperSummarySchema)),
  getPaperDetail: tiku('papers/detail', { paperId: idSchema('试卷') }, paperDetailSchema),
};
