import { z } from 'zod';
import { dateSchema, idSchema, importCellsSchema, textInput } from './common.ts';

// Shapes of school base data (spec §3) as the wire carries them. Ids are strings.

export const eduGradeSchema = z.object({ gradeId: z.string(), name: z.string(), stage: z.number() });
export const eduCourseSchema = z.object({ courseId: z.string(), name: z.string(), stages: z.array(z.number()) });
export const educationSchema = z.object({ grades: z.array(eduGradeSchema), courses: z.array(eduCourseSchema) });
export type Education = z.infer<typeof educationSchema>;

export const schoolGradeCourseSchema = z.object({ sgcId: z.string(), courseId: z.string(), courseName: z.string() });
export const schoolGradeSchema = z.object({
  sgId: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  stage: z.number(),
  schoolGradeCourses: z.array(schoolGradeCourseSchema),
});
export type SchoolGrade = z.infer<typeof schoolGradeSchema>;

export const termSchema = z.object({
  termId: z.string(),
  schyId: z.string(),
  schoolYearName: z.string(),
  termNo: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type Term = z.infer<typeof termSchema>;
export const schoolYearWithTermsSchema = z.object({
  schyId: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  terms: z.array(termSchema),
});
export type SchoolYearWithTerms = z.infer<typeof schoolYearWithTermsSchema>;

export const CLASS_TYPES = { 1: '行政班', 2: '教学班' } as const;
export const schoolClassSchema = z.object({
  classId: z.string(),
  name: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  enterYear: z.number(),
  classType: z.number(),
  classTypeName: z.string(),
  studentCount: z.number(),
  headTeacherName: z.string().nullable(),
  graduated: z.boolean(),
});
export type SchoolClass = z.infer<typeof schoolClassSchema>;

export const GENDERS = { 1: '男', 2: '女' } as const;
export const STUDENT_STATUS = { 1: '在读', 2: '毕业', 3: '转出' } as const;
export const studentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  gender: z.number(),
  studentNo: z.string(),
  examNo: z.string().nullable(),
  classId: z.string(),
  className: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  loginName: z.string(),
  status: z.number(),
});
export type Student = z.infer<typeof studentSchema>;

export const teacherSchema = z.object({
  teacherId: z.string(),
  name: z.string(),
  phone: z.string(),
  gender: z.number().nullable(),
  loginName: z.string(),
  /** 1 teacher, 5 school administrator. */
  type: z.number(),
  status: z.number(),
});
export type Teacher = z.infer<typeof teacherSchema>;

export const classTeacherSchema = z.object({
  scteaId: z.string(),
  termId: z.string(),
  classId: z.string(),
  className: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
  teacherId: z.string(),
  teacherName: z.string(),
  isHead: z.boolean(),
});
export type ClassTeacher = z.infer<typeof classTeacherSchema>;

export const LEADER_ROLES = { 1: '校长', 2: '副校长', 3: '年级主任', 4: '教研组长', 5: '备课组长' } as const;
export const organLeaderSchema = z.object({
  solId: z.string(),
  teacherId: z.string(),
  teacherName: z.string(),
  role: z.number(),
  roleName: z.string(),
  gradeId: z.string().nullable(),
  gradeName: z.string().nullable(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
});
export type OrganLeader = z.infer<typeof organLeaderSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), currentPage: z.number(), pageSize: z.number() });

/** Optional search and paging of list calls; pageSize up to 500. */
export const pagingParams = {
  keyword: textInput('搜索关键字').trim().max(50, '搜索关键字最多50个字符').optional(),
  currentPage: z.coerce.number().int('页码必须是整数').min(1, '页码从1开始').default(1),
  pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页至少1条').max(500, '每页最多500条').default(20),
};

/** Upgrade (学年升级): what moves where, shown before it is applied. */
export const upgradePlanSchema = z.object({
  fromYear: z.object({ schyId: z.string(), name: z.string() }),
  toYear: z.object({ schyId: z.string(), name: z.string() }),
  moves: z.array(
    z.object({
      classId: z.string(),
      className: z.string(),
      fromGradeName: z.string(),
      /** null: the class graduates and is archived. */
      toGradeName: z.string().nullable(),
      studentCount: z.number(),
    }),
  ),
  promotedClasses: z.number(),
  graduatingClasses: z.number(),
  graduatingStudents: z.number(),
  applied: z.boolean(),
});
export type UpgradePlan = z.infer<typeof upgradePlanSchema>;

/** Kinds of batch add / Excel import (issue #3 item 4). */
export const IMPORT_KINDS = ['students', 'teachers', 'classes', 'class_teachers', 'organ_leaders'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importKindSchema = z.enum(IMPORT_KINDS, {
  error: '导入类型只能是 students、teachers、classes、class_teachers 或 organ_leaders',
});

/** Lists that export to Excel: every import kind, plus grades and school years (which are not imported). */
export const EXPORT_KINDS = [...IMPORT_KINDS, 'grades', 'school_years'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const exportKindSchema = z.enum(EXPORT_KINDS, {
  error: '导出类型只能是 students、teachers、classes、class_teachers、organ_leaders、grades 或 school_years',
});

/** One row of a preview: the cells as read (by column title) and each problem in Chinese. */
export const importRowSchema = z.object({
  /** The sheet the row was read from, for imports of several sheets (a whole exam's scores). */
  sheet: textInput('工作表').max(31, '工作表名称最多31个字符').optional(),
  rowNo: z.number(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
  /** The errors that belong to one cell, by column title; the preview marks those cells. */
  cellErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importPreviewSchema = z.object({
  kind: importKindSchema,
  columns: z.array(z.string()),
  rows: z.array(importRowSchema),
  validCount: z.number(),
  errorCount: z.number(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.array(
    z.object({
      sheet: textInput('工作表').max(31, '工作表名称最多31个字符').optional(),
      rowNo: z.number(),
      errors: z.array(z.string()),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Batch add rows as cells by column title, exactly as the template names them. */
export const importRowsParams = z.object({
  schoolId: idSchema('学校'),
  termId: idSchema('学期').optional(),
  rows: z
    .array(z.object({ rowNo: z.coerce.number().int().optional(), values: importCellsSchema }))
    .min(1, '没有可导入的数据行')
    .max(20_000, '一次最多导入20000行'),
});

export const dateRange = { startDate: dateSchema('开始日期'), endDate: dateSchema('结束日期') };
