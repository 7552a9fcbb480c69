import { z } from 'zod';
import { idSchema, numberSchema, textInput } from './common.ts';
import { QUESTION_PICTURE_FILE } from './documents.ts';
import { endpoint } from './endpoint.ts';
import {
  anyId,
  bankQuestionInputSchema,
  MAX_IMPORT_QUESTIONS,
  ownQuestionPageSchema,
  questionImportPreviewSchema,
  questionImportResultSchema,
  schoolPaperDetailSchema,
  schoolPaperPageSchema,
  schoolQuestionPageSchema,
  schoolQuestionSchema,
} from './question-bank-school-models.ts';

export * from './question-bank-school-models.ts';

// The school bank and the question importers (issue #6 items 2 and 9), under /tiku/api. The spec
// names only "school questions"; the names here are ours, in the style of its calls, and listed in
// docs/api.md. Type 5 manages the school's bank (upload, edit, publish, withdraw, delete); every
// teacher of the school reads what is published; a teacher imports into their own questions.

const tiku = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('tiku', name, { kind: 'form', access: 'session', params: z.object(shape), response });
const upload = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('tiku', name, { kind: 'multipart', access: 'session', params: z.object(shape), response, loading: true });

const schoolId = idSchema('学校');
const courseId = idSchema('学科');
const owner = { userId: idSchema('用户'), schoolId };
const ids = (field: string, max: number) =>
  z
    .array(idSchema(field), { error: `请选择${field}` })
    .min(1, `请选择${field}`)
    .max(max, `${field}最多${max}个`);
const intIn = (field: string, min: number, max: number) =>
  numberSchema(`${field}必须是数字`).pipe(
    z.number().int(`${field}必须是整数`).min(min, `${field}最小为${min}`).max(max, `${field}最大为${max}`),
  );
const keyword = textInput('关键字').trim().max(50, '关键字最多50个字符').optional();
/** Absent: published only (every teacher); 0 all, 2 draft, 3 withdrawn: type 5 only. */
const statusFilter = intIn('状态', 0, 3).optional();
const newStatus = numberSchema('状态必须是数字').pipe(
  z.union([z.literal(1), z.literal(3)], { error: '状态只能是 1（发布）或 3（撤回）' }),
);
const paging = {
  currentPage: intIn('页码', 1, 100_000).default(1),
  pageSize: intIn('每页条数', 1, 100).default(10),
};
const questions = z
  .array(bankQuestionInputSchema, { error: '没有要保存的试题' })
  .min(1, '没有要保存的试题')
  .max(MAX_IMPORT_QUESTIONS, `一次最多导入${MAX_IMPORT_QUESTIONS}道试题`);

export const schoolPaperInputSchema = z.object({
  courseId,
  title: textInput('试卷标题', '试卷标题不能为空').trim().min(1, '试卷标题不能为空').max(100, '试卷标题最多100个字符'),
  gradeId: anyId('年级'),
  paperTypeId: anyId('试卷类型'),
  year: intIn('年份', 1950, 2100).optional(),
  sections: z
    .array(
      z.object({
        title: textInput('大题名称', '大题名称不能为空')
          .trim()
          .min(1, '大题名称不能为空')
          .max(50, '大题名称最多50个字符'),
        questions: z
          .array(
            z.object({
              quesId: idSchema('试题'),
              score: numberSchema('分值必须是数字')
                .pipe(z.number().min(0, '分值不能小于0').max(200, '分值最大为200'))
                .optional(),
            }),
          )
          .max(200, '一个大题最多200道题'),
      }),
      { error: '试卷大题必须是列表' },
    )
    .max(30, '试卷最多30个大题')
    .default([]),
});
export type SchoolPaperInput = z.output<typeof schoolPaperInputSchema>;

const questionFilter = {
  schoolId,
  courseId,
  status: statusFilter,
  questionTypeId: anyId('题型'),
  diffGradeId: intIn('难度', 0, 5).optional(),
  keyword,
  ...paging,
};

export const questionBankSchoolApi = {
  // ---- Importers: the preview reads and checks a file; nothing is stored until confirmed. ----
  /** The Excel template (题型, 难度, 题干, 选项A–F, 答案, 解析, 知识点, 章节, 年份, 年级, 分值). */
  questionTemplate: tiku('questions/import/template', { courseId: courseId.optional() }, z.unknown()),
  parseExcelQuestions: upload('questions/import/parse_excel', { courseId }, questionImportPreviewSchema),
  /** A whole paper from Word (.docx): split by question numbers, options and answers recognised. */
  parseDocxPaper: upload('questions/import/parse_docx', { courseId }, questionImportPreviewSchema),
  /** A picture of a question's text (`{{图:<schoolId>/<picture>}}`), for the school's users only. */
  getQuestionPicture: tiku(
    'questions/picture',
    { schoolId, picture: z.string().regex(QUESTION_PICTURE_FILE, '图片编号不正确') },
    z.unknown(),
  ),

  // ---- School questions (校本试题). ----
  getSchoolQuestions: tiku('schoolquestions/get', questionFilter, schoolQuestionPageSchema),
  getSchoolQuestionDetail: tiku('schoolquestions/detail', { schoolId, quesId: idSchema('试题') }, schoolQuestionSchema),
  addSchoolQuestion: tiku(
    'schoolquestions/add',
    { schoolId, courseId, question: bankQuestionInputSchema },
    schoolQuestionSchema,
  ),
  /** The preview's corrected questions, saved in one transaction as drafts; with `paper`, filed as a school paper. */
  importSchoolQuestions: tiku(
    'schoolquestions/import',
    {
      schoolId,
      courseId,
      questions,
      paper: z
        .object({
          title: textInput('试卷标题').trim().min(1, '试卷标题不能为空').max(100, '试卷标题最多100个字符'),
          gradeId: anyId('年级'),
          paperTypeId: anyId('试卷类型'),
          year: intIn('年份', 1950, 2100).optional(),
        })
        .optional(),
    },
    questionImportResultSchema,
  ),
  updateSchoolQuestion: tiku(
    'schoolquestions/update',
    { schoolId, quesId: idSchema('试题'), question: bankQuestionInputSchema },
    schoolQuestionSchema,
  ),
  /** 1 publishes to the school's teachers (a draft is reviewed by publishing it), 3 withdraws. */
  updateSchoolQuestionStatus: tiku(
    'schoolquestions/update/status',
    { schoolId, quesIds: ids('试题', 500), status: newStatus },
    z.object({ changed: z.number() }),
  ),
  deleteSchoolQuestions: tiku(
    'schoolquestions/delete',
    { schoolId, quesIds: ids('试题', 500) },
    z.object({ deleted: z.number() }),
  ),

  // ---- School papers (校本试卷). ----
  getSchoolPapers: tiku(
    'schoolpapers/get',
    {
      schoolId,
      courseId: anyId('学科'),
      status: statusFilter,
      gradeId: anyId('年级'),
      paperType: anyId('试卷类型'),
      keyword,
      ...paging,
    },
    schoolPaperPageSchema,
  ),
  getSchoolPaperDetail: tiku('schoolpapers/detail', { schoolId, paperId: idSchema('试卷') }, schoolPaperDetailSchema),
  addSchoolPaper: tiku('schoolpapers/add', { schoolId, paper: schoolPaperInputSchema }, schoolPaperDetailSchema),
  updateSchoolPaper: tiku(
    'schoolpapers/update',
    { schoolId, paperId: idSchema('试卷'), paper: schoolPaperInputSchema },
    schoolPaperDetailSchema,
  ),
  /** Publishing a paper publishes its draft school questions too, so teachers can open all of it. */
  updateSchoolPaperStatus: tiku(
    'schoolpapers/update/status',
    { schoolId, paperIds: ids('试卷', 200), status: newStatus },
    z.object({ changed: z.number() }),
  ),
  /** Deletes the papers; their questions stay in the school's question bank. */
  deleteSchoolPapers: tiku(
    'schoolpapers/delete',
    { schoolId, paperIds: ids('试卷', 200) },
    z.object({ deleted: z.number() }),
  ),
  /** A teacher offers one of their own papers to the school: copied as a draft for type 5 to review. */
  submitUserPaper: tiku(
    'schoolpapers/add_from_user',
    { ...owner, paperId: idSchema('我的试卷') },
    z.object({ paperId: z.string() }),
  ),

  // ---- A teacher's own imported questions (visible only to them). ----
  importUserQuestions: tiku('userquestions/import', { ...owner, courseId, questions }, questionImportResultSchema),
  getOwnQuestions: tiku(
    'userquestions/own/get',
    {
      ...owner,
      courseId: anyId('学科'),
      keyword,
      pageIndex: intIn('页码', 1, 100_000).default(1),
      limit: intIn('每页条数', 1, 100).default(10),
    },
    ownQuestionPageSchema,
  ),
  updateOwnQuestion: tiku(
    'userquestions/own/update',
    { ...owner, quesId: idSchema('试题'), question: bankQuestionInputSchema },
    schoolQuestionSchema,
  ),
  deleteOwnQuestions: tiku(
    'userquestions/own/delete',
    { ...owner, quesIds: ids('试题', 500) },
    z.object({ deleted: z.number() }),
  ),
};
