import { z } from 'zod';
import { idSchema, numberSchema, textInput } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  classTeacherSchema,
  dateRange,
  educationSchema,
  exportKindSchema,
  importKindSchema,
  importPreviewSchema,
  importResultSchema,
  importRowsParams,
  organLeaderSchema,
  pageOf,
  pagingParams,
  schoolClassSchema,
  schoolGradeSchema,
  schoolYearWithTermsSchema,
  studentSchema,
  teacherSchema,
  termSchema,
  upgradePlanSchema,
} from './school-base-models.ts';

export * from './school-base-models.ts';

// The school base centre calls of spec §7 under /schoolbase/api. `{schoolId, …}` calls take query
// parameters (kind `query`); `{data}` calls a JSON body (kind `json`). Names not given by the spec
// are ours, in the same style, and listed in docs/api.md.

const schoolId = idSchema('学校');
const personName = (field: string) =>
  textInput(field, `请输入${field}`).trim().min(1, `请输入${field}`).max(20, `${field}最多20个字符`);
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
const phone = z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, '手机号格式不正确，应为11位手机号');
const gender = numberSchema('性别只能是 1（男）或 2（女）').refine(
  (g) => g === 1 || g === 2,
  '性别只能是 1（男）或 2（女）',
);
const studentNo = z
  .string({ error: '请输入学号' })
  .trim()
  .min(1, '请输入学号')
  .max(30, '学号最多30个字符')
  .regex(/^[0-9A-Za-z-]+$/, '学号只能包含字母、数字和短横线');
const examNo = z
  .string()
  .trim()
  .max(30, '考号最多30个字符')
  .regex(/^[0-9A-Za-z-]*$/, '考号只能包含字母、数字和短横线');
const optionalPassword = textInput('密码').max(16, '密码最多16个字符').optional();
const enterYear = numberSchema('入学年份必须是数字').pipe(
  z.number().int('入学年份必须是整数').min(2000, '入学年份不正确').max(2100, '入学年份不正确'),
);

const q = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('schoolbase', name, { kind: 'query', access: 'session', params: z.object(shape), response });
const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('schoolbase', name, { kind: 'json', access: 'session', params: z.object(shape), response });

export const schoolBaseApi = {
  // Education grades and courses (platform catalogue).
  education: q('education/get', { schoolId }, educationSchema),

  // School grades and their courses.
  gradeCourses: q('grade_course/get', { schoolId }, z.array(schoolGradeSchema)),
  addGrade: j(
    'grade/add',
    {
      schoolId,
      gradeId: idSchema('年级'),
      courseIds: z.array(idSchema('学科')).max(30, '学科最多30个').default([]),
    },
    schoolGradeSchema,
  ),
  deleteGrade: q('grade/delete', { schoolId, sgId: idSchema('年级') }, z.null()),
  deleteGradeCourse: q('course/delete', { schoolId, sgcId: idSchema('年级学科') }, z.null()),

  // School years and grade terms.
  schoolYears: q('school_year/get', { schoolId }, z.array(schoolYearWithTermsSchema)),
  addSchoolYear: j(
    'school_year/add',
    {
      schoolId,
      name: textInput('学年名称').trim().min(1, '请输入学年名称').max(30, '学年名称最多30个字符'),
      ...dateRange,
    },
    schoolYearWithTermsSchema,
  ),
  updateSchoolYear: j(
    'school_year/update',
    {
      schoolId,
      schyId: idSchema('学年'),
      name: textInput('学年名称').trim().min(1, '请输入学年名称').max(30, '学年名称最多30个字符'),
      ...dateRange,
    },
    schoolYearWithTermsSchema,
  ),
  deleteSchoolYear: q('school_year/delete', { schoolId, schyId: idSchema('学年') }, z.null()),
  terms: q('term/get', { schoolId }, z.array(termSchema)),
  addTerm: j(
    'term/add',
    {
      schoolId,
      schyId: idSchema('学年'),
      termNo: numberSchema('学期只能是 1（上学期）或 2（下学期）').refine(
        (n) => n === 1 || n === 2,
        '学期只能是 1（上学期）或 2（下学期）',
      ),
      ...dateRange,
    },
    termSchema,
  ),
  updateTerm: j('term/update', { schoolId, termId: idSchema('学期'), ...dateRange }, termSchema),
  deleteTerm: q('term/delete', { schoolId, termId: idSchema('学期') }, z.null()),

  // Classes and students.
  classes: q('class/get', { schoolId, termId: idSchema('学期') }, z.array(schoolClassSchema)),
  editClass: j(
    'class/edit',
    {
      schoolId,
      classId: idSchema('班级').optional(),
      name: textInput('班级名称', '请输入班级名称').trim().min(1, '请输入班级名称').max(30, '班级名称最多30个字符'),
      gradeId: idSchema('年级'),
      enterYear,
      classType: numberSchema('班级类型只能是 1（行政班）或 2（教学班）').refine(
        (t) => t === 1 || t === 2,
        '班级类型只能是 1（行政班）或 2（教学班）',
      ),
    },
    schoolClassSchema,
  ),
  batchAddClasses: endpoint('schoolbase', 'class/batch_add', {
    kind: 'json',
    access: 'session',
    params: importRowsParams,
    response: importResultSchema,
  }),
  deleteClass: q('class/delete', { schoolId, classId: idSchema('班级') }, z.null()),
  upgrade: j(
    'class/upgrade',
    { schoolId, toSchyId: idSchema('目标学年'), apply: z.boolean().default(false) },
    upgradePlanSchema,
  ),
  classStudents: q(
    'class/student_get',
    { schoolId, gradeId: idSchema('年级'), enterYear: enterYear.optional(), courseId: idSchema('学科').optional() },
    z.array(schoolClassSchema.extend({ students: z.array(studentSchema) })),
  ),
  students: q(
    'student/get',
    { schoolId, classId: idSchema('班级').optional(), ...pagingParams },
    pageOf(studentSchema),
  ),
  termStudents: q(
    'student/term_get',
    { schoolId, termId: idSchema('学期'), courseId: idSchema('学科').optional() },
    z.array(studentSchema),
  ),
  editStudent: j(
    'student/edit',
    {
      schoolId,
      studentId: idSchema('学生').optional(),
      name: personName('学生姓名'),
      gender,
      studentNo,
      examNo: examNo.optional(),
      classId: idSchema('班级'),
    },
    studentSchema,
  ),
  batchAddStudents: endpoint('schoolbase', 'student/batch_add', {
    kind: 'json',
    access: 'session',
    params: importRowsParams,
    response: importResultSchema,
  }),
  resetStudentPassword: j(
    'student/password_edit',
    { schoolId, studentId: idSchema('学生'), newPsw: optionalPassword },
    z.object({ loginName: z.string(), password: z.string() }),
  ),
  deleteStudent: q('student/delete', { schoolId, classId: idSchema('班级'), studentId: idSchema('学生') }, z.null()),

  // Teachers and class-teacher links.
  teachers: q('teacher/get', { schoolId, ...pagingParams }, pageOf(teacherSchema)),
  editTeacher: j(
    'teacher/add_or_edit',
    {
      schoolId,
      teacherId: idSchema('教师').optional(),
      name: personName('教师姓名'),
      phone,
      gender: gender.optional(),
      isAdmin: z.boolean().default(false),
    },
    teacherSchema,
  ),
  deleteTeacher: q('teacher/delete', { schoolId, teacherId: idSchema('教师') }, z.null()),
  resetTeacherPassword: j(
    'teacher/password_edit',
    { schoolId, teacherId: idSchema('教师'), newPsw: optionalPassword },
    z.object({ loginName: z.string(), password: z.string() }),
  ),
  batchAddTeachers: endpoint('schoolbase', 'teacher/batch_add', {
    kind: 'json',
    access: 'session',
    params: importRowsParams,
    response: importResultSchema,
  }),
  classTeachers: q('class_teacher/get', { schoolId, termId: idSchema('学期') }, z.array(classTeacherSchema)),
  addClassTeacher: j(
    'class_teacher/add',
    {
      schoolId,
      termId: idSchema('学期'),
      classId: idSchema('班级'),
      courseId: idSchema('学科').optional(),
      teacherId: idSchema('教师'),
      isHead: z.boolean().default(false),
    },
    classTeacherSchema,
  ),
  batchAddClassTeachers: endpoint('schoolbase', 'class_teacher/batch_add', {
    kind: 'json',
    access: 'session',
    params: importRowsParams,
    response: importResultSchema,
  }),
  deleteClassTeacher: q(
    'class_teacher/delete',
    { schoolId, termId: idSchema('学期'), scteaId: idSchema('任课关系') },
    z.null(),
  ),
  teacherTerms: q('class_teacher/teacher_term', { schoolId, teacherId: idSchema('教师') }, z.array(classTeacherSchema)),
  gradeCourseTeachers: q(
    'class_teacher/grade_course/get',
    { schoolId, gradeId: idSchema('年级'), enterYear: enterYear.optional(), courseId: idSchema('学科').optional() },
    z.array(classTeacherSchema),
  ),

  // Organisation leaders.
  organLeaders: q('organ_leader/get', { schoolId }, z.array(organLeaderSchema)),
  editOrganLeader: j(
    'organ_leader/add_or_edit',
    {
      schoolId,
      solId: idSchema('组织领导').optional(),
      teacherId: idSchema('教师'),
      role: numberSchema('请选择职务：1 校长、2 副校长、3 年级主任、4 教研组长、5 备课组长').refine(
        (r) => Number.isInteger(r) && r >= 1 && r <= 5,
        '职务只能是 1 校长、2 副校长、3 年级主任、4 教研组长、5 备课组长',
      ),
      gradeId: idSchema('年级').optional(),
      courseId: idSchema('学科').optional(),
    },
    organLeaderSchema,
  ),
  deleteOrganLeader: q('organ_leader/delete', { schoolId, solId: idSchema('组织领导') }, z.null()),
  batchAddOrganLeaders: endpoint('schoolbase', 'organ_leader/batch_add', {
    kind: 'json',
    access: 'session',
    params: importRowsParams,
    response: importResultSchema,
  }),
  myOrganLeaders: q('organ_leader/my', { schoolId, teacherId: idSchema('教师') }, z.array(organLeaderSchema)),

  // Table-info refresh: recounts the school's base data.
  refreshTableInfo: q(
    'table_info/refresh',
    { schoolId },
    z.object({
      grades: z.number(),
      classes: z.number(),
      students: z.number(),
      teachers: z.number(),
      classTeachers: z.number(),
      organLeaders: z.number(),
    }),
  ),

  // Excel: templates, upload preview, exports (file responses).
  importTemplate: endpoint('schoolbase', 'import/template', {
    kind: 'get',
    access: 'session',
    params: z.object({ schoolId, kind: importKindSchema }),
    response: z.unknown(),
  }),
  importPreview: endpoint('schoolbase', 'import/preview', {
    kind: 'multipart',
    access: 'session',
    params: z.object({ schoolId, kind: importKindSchema, termId: idSchema('学期').optional() }),
    response: importPreviewSchema,
  }),
  exportList: endpoint('schoolbase', 'export', {
    kind: 'get',
    access: 'session',
    params: z.object({
      schoolId,
      kind: exportKindSchema,
      termId: idSchema('学期').optional(),
      classId: idSchema('班级').optional(),
    }),
    response: z.unknown(),
  }),
};
