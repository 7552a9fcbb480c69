import { z } from 'zod';
import { idSchema, importCellsSchema, numberSchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { importResultSchema, importRowSchema } from './school-base-models.ts';

// Curriculum (spec §7 jxCourses, jxMajor, jxMajorPlan, jxMajorLesson; issue #19 part 3): for schools
// with majors (vocational schools, 新高考 选科) — the school's courses, majors by enter year, a
// major's teaching plan by term and the lessons of each plan row. JSON calls of the marking service.

const schoolId = idSchema('学校');
const ids = (field: string) =>
  z
    .array(idSchema(field), { error: `请选择${field}` })
    .min(1, `请选择${field}`)
    .max(1000, `${field}最多1000个`);

export const COURSE_KINDS = ['公共基础课', '专业核心课', '专业方向课', '选修课'] as const;
export const ASSESSMENTS = ['考试', '考查'] as const;

const credits = numberSchema('学分必须是数字').pipe(
  z.number().min(0, '学分不能小于0').max(50, '学分最多50').multipleOf(0.5, '学分只能是0.5的整数倍'),
);
const hours = numberSchema('学时必须是数字').pipe(
  z.number().int('学时必须是整数').min(0, '学时不能小于0').max(2000, '学时最多2000'),
);
const enterYear = numberSchema('入学年份必须是数字').pipe(
  z.number().int('入学年份必须是整数').min(2000, '入学年份不能早于2000年').max(2100, '入学年份不能晚于2100年'),
);
const term = numberSchema('学期必须是数字').pipe(
  z.number().int('学期必须是整数').min(1, '学期从1开始').max(12, '学期最多到第12学期'),
);

export const courseFields = {
  name: textSchema('课程名称', { min: 1, max: 50 }),
  code: textSchema('课程代码', { max: 30 }).default(''),
  kind: z.enum(COURSE_KINDS, { error: `课程类别只能是${COURSE_KINDS.join('、')}` }).default('公共基础课'),
  credits: credits.default(0),
  hours: hours.default(0),
};
export const curriculumCourseSchema = z.object({
  courseId: z.string(),
  name: z.string(),
  code: z.string(),
  kind: z.enum(COURSE_KINDS),
  credits: z.number(),
  hours: z.number(),
});
export type CurriculumCourse = z.infer<typeof curriculumCourseSchema>;

export const majorFields = {
  name: textSchema('专业名称', { min: 1, max: 50 }),
  code: textSchema('专业代码', { max: 30 }).default(''),
  enterYear,
  years: numberSchema('学制必须是数字')
    .pipe(z.number().int('学制必须是整数').min(1, '学制至少1年').max(6, '学制最多6年'))
    .default(3),
};
export const majorSchema = z.object({
  majorId: z.string(),
  name: z.string(),
  code: z.string(),
  enterYear: z.number(),
  years: z.number(),
});
export type Major = z.infer<typeof majorSchema>;

export const planFields = {
  term,
  courseId: idSchema('课程'),
  hours: hours.default(0),
  credits: credits.default(0),
  assessment: z.enum(ASSESSMENTS, { error: '考核方式只能是考试或考查' }).default('考试'),
};
export const majorPlanSchema = z.object({
  planId: z.string(),
  majorId: z.string(),
  term: z.number(),
  courseId: z.string(),
  courseName: z.string(),
  hours: z.number(),
  credits: z.number(),
  assessment: z.enum(ASSESSMENTS),
});
export type MajorPlan = z.infer<typeof majorPlanSchema>;

export const lessonFields = {
  lessonNo: numberSchema('课次必须是数字').pipe(
    z.number().int('课次必须是整数').min(1, '课次从1开始').max(500, '课次最多500'),
  ),
  title: textSchema('授课内容', { min: 1, max: 100 }),
  hours: numberSchema('学时必须是数字')
    .pipe(z.number().int('学时必须是整数').min(1, '学时至少1').max(20, '一次课最多20学时'))
    .default(2),
};
export const majorLessonSchema = z.object({
  lessonId: z.string(),
  planId: z.string(),
  lessonNo: z.number(),
  title: z.string(),
  hours: z.number(),
});
export type MajorLesson = z.infer<typeof majorLessonSchema>;

export const curriculumSettingSchema = z.object({ majorsEnabled: z.boolean() });
export const CURRICULUM_IMPORT_KINDS = ['courses', 'majors', 'plans'] as const;
export const curriculumImportKindSchema = z.enum(CURRICULUM_IMPORT_KINDS, {
  error: '导入类型只能是课程、专业或教学计划',
});
export type CurriculumImportKind = z.infer<typeof curriculumImportKindSchema>;
export const curriculumImportPreviewSchema = z.object({
  kind: curriculumImportKindSchema,
  columns: z.array(z.string()),
  rows: z.array(importRowSchema),
  validCount: z.number(),
  errorCount: z.number(),
});

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response });
const fileOf = <S extends z.ZodRawShape>(name: string, shape: S) =>
  endpoint('mark', name, { kind: 'get', access: 'session', params: z.object(shape), response: z.unknown() });
const importScope = { schoolId, kind: curriculumImportKindSchema, majorId: idSchema('专业').optional() };

export const curriculumApi = {
  getCourses: j('jxCourses/get', { schoolId }, z.array(curriculumCourseSchema)),
  saveCourse: j('jxCourses/save', { schoolId, ...courseFields }, curriculumCourseSchema),
  updateCourse: j(
    'jxCourses/update',
    { schoolId, courseId: idSchema('课程'), ...courseFields },
    curriculumCourseSchema,
  ),
  deleteCourses: j('jxCourses/delete', { schoolId, ids: ids('课程') }, z.null()),

  listMajors: j('jxMajor/list', { schoolId, enterYear: enterYear.optional() }, z.array(majorSchema)),
  saveMajor: j('jxMajor/save', { schoolId, ...majorFields }, majorSchema),
  updateMajor: j('jxMajor/update', { schoolId, majorId: idSchema('专业'), ...majorFields }, majorSchema),
  deleteMajors: j('jxMajor/delete', { schoolId, ids: ids('专业') }, z.null()),
  /** ★ The school setting that turns the curriculum screens on. */
  getSetting: j('jxMajor/getSetting', { schoolId }, curriculumSettingSchema),
  saveSetting: j(
    'jxMajor/saveSetting',
    { schoolId, majorsEnabled: z.boolean({ error: '请选择是否启用专业' }) },
    curriculumSettingSchema,
  ),

  getPlans: j('jxMajorPlan/get', { schoolId, majorId: idSchema('专业') }, z.array(majorPlanSchema)),
  savePlan: j('jxMajorPlan/save', { schoolId, majorId: idSchema('专业'), ...planFields }, majorPlanSchema),
  updatePlan: j('jxMajorPlan/update', { schoolId, planId: idSchema('教学计划'), ...planFields }, majorPlanSchema),
  deletePlans: j('jxMajorPlan/delete', { schoolId, ids: ids('教学计划') }, z.null()),
  /** The major's whole plan: rows kept by (学期, 课程), others removed with their lessons. */
  savePlanList: j(
    'jxMajorPlan/saveList',
    {
      schoolId,
      majorId: idSchema('专业'),
      plans: z.array(z.object(planFields), { error: '请填写教学计划' }).max(200, '教学计划最多200行'),
    },
    z.array(majorPlanSchema),
  ),

  getLessons: j('jxMajorLesson/get', { schoolId, majorId: idSchema('专业') }, z.array(majorLessonSchema)),
  saveLesson: j('jxMajorLesson/save', { schoolId, planId: idSchema('教学计划'), ...lessonFields }, majorLessonSchema),
  updateLesson: j('jxMajorLesson/update', { schoolId, lessonId: idSchema('课次'), ...lessonFields }, majorLessonSchema),
  deleteLessons: j('jxMajorLesson/delete', { schoolId, ids: ids('课次') }, z.null()),
  /** A plan row's whole list of lessons. */
  saveLessonList: j(
    'jxMajorLesson/saveList',
    {
      schoolId,
      planId: idSchema('教学计划'),
      lessons: z.array(z.object(lessonFields), { error: '请填写课次' }).max(500, '课次最多500个'),
    },
    z.array(majorLessonSchema),
  ),

  /** ★ Excel: template, preview (every row checked, errors in Chinese), commit of the valid rows, export. */
  importTemplate: fileOf('curriculum/import/template', importScope),
  importPreview: endpoint('mark', 'curriculum/import/preview', {
    kind: 'multipart',
    access: 'session',
    params: z.object(importScope),
    response: curriculumImportPreviewSchema,
  }),
  importCommit: j(
    'curriculum/import/commit',
    {
      ...importScope,
      rows: z
        .array(z.object({ rowNo: z.coerce.number().int().optional(), values: importCellsSchema }))
        .min(1, '没有可导入的数据行')
        .max(5000, '一次最多导入5000行'),
    },
    importResultSchema,
  ),
  exportList: fileOf('curriculum/export', { ...importScope, enterYear: enterYear.optional() }),
};
