import { z } from 'zod';
import {
  attentionReportSchema,
  itemsReportSchema,
  levelsReportSchema,
  linesReportSchema,
  overviewReportSchema,
  readScopeSchema,
  reportStatusSchema,
  scopeRefSchema,
  studentRowSchema,
  subjectRefSchema,
  subjectsReportSchema,
} from './analysis-models.ts';
import { idSchema } from './common.ts';
import { e, file, meId, schoolId, seId, x } from './exam-call-kit.ts';
import { pageOf, pagingParams } from './school-base-models.ts';

export * from './analysis-models.ts';

// The analysis centre's calls (issue #5) under /analysis/api, encrypted like every exam call.
// Spec §7 names some; the report-page finders it leaves unnamed are marked ★ in docs/api.md.
// Every call reads stored reports (computed when an exam is finalised, published or rescored) and
// is refused with 403 outside the caller's scope (roles-and-permissions.md).

const subjectKey = z.string({ error: '请选择科目' }).regex(/^\d{1,18}$/, '科目不正确');
const classId = idSchema('班级');
const step = z.coerce
  .number({ error: '分段步长必须是数字' })
  .int('分段步长必须是整数')
  .min(10, '分段步长最小为10')
  .max(100, '分段步长最大为100')
  .multipleOf(10, '分段步长必须是10的倍数');

/** An exam the caller may read reports of, with the scope they may read. */
export const reportExamSchema = z.object({
  meId: z.string(),
  schoolId: z.string(),
  name: z.string(),
  examType: z.number(),
  startDate: z.string(),
  schoolYearId: z.string(),
  termId: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  /** 3 已完成, 4 已发布. */
  status: z.number(),
  unionKey: z.string().nullable(),
  subjects: z.array(subjectRefSchema),
  classes: z.array(z.object({ classId: z.string(), name: z.string() })),
  scope: readScopeSchema,
  report: reportStatusSchema,
});
export type ReportExam = z.infer<typeof reportExamSchema>;

/** A manager's exam: a school's exam or a 联考 over several schools of their relations. */
export const areaReportExamSchema = z.object({
  meId: z.string(),
  name: z.string(),
  startDate: z.string(),
  gradeName: z.string(),
  unionKey: z.string().nullable(),
  schools: z.array(z.object({ schoolId: z.string(), name: z.string(), areaId: z.string(), areaName: z.string() })),
  subjects: z.array(subjectRefSchema),
  report: reportStatusSchema,
});
export type AreaReportExam = z.infer<typeof areaReportExamSchema>;

export const trendPointSchema = z.object({
  meId: z.string(),
  mean: z.number().nullable(),
  overMeanRate: z.number().nullable(),
  tScore: z.number().nullable(),
  rank: z.number().nullable(),
});
export const trendReportSchema = z.object({
  subject: subjectRefSchema,
  exams: z.array(z.object({ meId: z.string(), name: z.string(), startDate: z.string() })),
  units: z.array(z.object({ scope: scopeRefSchema, points: z.array(trendPointSchema.nullable()) })),
  student: z
    .object({
      studentId: z.string(),
      name: z.string(),
      points: z.array(
        z
          .object({
            meId: z.string(),
            score: z.number().nullable(),
            classRank: z.number().nullable(),
            gradeRank: z.number().nullable(),
            t: z.number().nullable(),
          })
          .nullable(),
      ),
    })
    .nullable(),
});
export type TrendReport = z.infer<typeof trendReportSchema>;

export const practiceQuestionSchema = z.object({
  quesId: z.string(),
  stem: z.string(),
  typeName: z.string(),
  difficulty: z.number(),
});
export const misRecommendSchema = z.object({
  subject: subjectRefSchema,
  scope: scopeRefSchema,
  items: z.array(
    z.object({
      questionId: z.string(),
      questionNo: z.string(),
      fullMark: z.number(),
      mean: z.number(),
      gradeMean: z.number(),
      /** Share of the full mark lost: 1 − mean / full mark. */
      lostRate: z.number(),
      knowledgePoints: z.array(z.string()),
      similar: z.array(practiceQuestionSchema),
    }),
  ),
});
export type MisRecommend = z.infer<typeof misRecommendSchema>;

/** What a student sees of ranks (school setting): exact rank, a rank band, or only the share beaten. */
export const studentDisclosureSchema = z.enum(['rank', 'band', 'beat']);
export type StudentDisclosure = z.infer<typeof studentDisclosureSchema>;

const studentPosition = z.object({
  score: z.number().nullable(),
  fullMark: z.number(),
  classMean: z.number().nullable(),
  gradeMean: z.number().nullable(),
  gradeMax: z.number().nullable(),
  /** Present only as the disclosure and the exam's hidden-student-order allow. */
  classRank: z.number().nullable(),
  gradeRank: z.number().nullable(),
  rankBand: z.string().nullable(),
  beat: z.number().nullable(),
  t: z.number().nullable(),
});
export const studentReportSchema = z.object({
  meId: z.string(),
  examName: z.string(),
  student: z.object({ studentId: z.string(), name: z.string(), className: z.string() }),
  disclosure: studentDisclosureSchema,
  hiddenStudentOrder: z.string(),
  total: studentPosition.nullable(),
  subjects: z.array(studentPosition.extend({ subject: subjectRefSchema })),
  weakest: z.string().nullable(),
  trend: z.array(
    z.object({
      meId: z.string(),
      name: z.string(),
      startDate: z.string(),
      score: z.number().nullable(),
      t: z.number().nullable(),
      beat: z.number().nullable(),
      gradeRank: z.number().nullable(),
    }),
  ),
});
export type StudentReport = z.infer<typeof studentReportSchema>;

export const studentSubjectReportSchema = z.object({
  meId: z.string(),
  seId: z.string(),
  examName: z.string(),
  position: studentPosition.extend({ subject: subjectRefSchema }),
  disclosure: studentDisclosureSchema,
  questions: z.array(
    z.object({
      questionId: z.string(),
      questionNo: z.string(),
      fullMark: z.number(),
      score: z.number().nullable(),
      classMean: z.number().nullable(),
      gradeMean: z.number().nullable(),
      knowledgePoints: z.array(z.string()),
    }),
  ),
  lostByKnowledge: z.array(z.object({ name: z.string(), fullMark: z.number(), lost: z.number() })),
  practice: z.array(practiceQuestionSchema),
});
export type StudentSubjectReport = z.infer<typeof studentSubjectReportSchema>;

const reportCall = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  e(x(name), { schoolId, ...shape }, response);

export const analysisApi = {
  // ---- Exam pickers and computation ----
  getUserMultiExamByTeacherIdAndSchoolId: reportCall(
    'getUserMultiExamByTeacherIdAndSchoolId',
    { schoolYearId: idSchema('学年').optional(), gradeId: idSchema('年级').optional() },
    z.array(reportExamSchema),
  ),
  /**
   * The exams of the caller's own classes (class and course views). The spec's findMyMultiExam and
   * findMultiExamBySchoolIdYear paths are the exams module's lists (issue #4), so these two report
   * lists answer under ★ names of their own.
   */
  findMyMultiExam: reportCall('findMyReportMultiExam', {}, z.array(reportExamSchema)),
  findMultiExamBySchoolIdYear: reportCall(
    'findReportMultiExamBySchoolIdYear',
    { schoolYearId: idSchema('学年'), gradeId: idSchema('年级').optional() },
    z.array(reportExamSchema),
  ),
  getReportStatus: reportCall('getReportStatus', { meId }, reportStatusSchema),
  /** Type 5: queue a recomputation now. */
  recomputeReports: reportCall('recomputeReports', { meId }, reportStatusSchema),

  // ---- Report-page finders ----
  getClassReportStepMEVO: reportCall(
    'getClassReportStepMEVO',
    { meId, classId: classId.optional(), step },
    overviewReportSchema,
  ),
  getClassReportStepSEVO: reportCall(
    'getClassReportStepSEVO',
    { seId, classId: classId.optional(), step },
    overviewReportSchema,
  ),
  findOverviewReport: reportCall(
    'findOverviewReport',
    { meId, subjectKey, classId: classId.optional() },
    overviewReportSchema,
  ),
  getMultiExamStudentScorePage: reportCall(
    'getMultiExamStudentScorePage',
    {
      meId,
      classId: classId.optional(),
      /** A subject key to sort by (default the total), descending by score. */
      sortSubject: subjectKey.optional(),
      order: z.enum(['asc', 'desc']).optional(),
      ...pagingParams,
    },
    pageOf(studentRowSchema).extend({ subjects: z.array(subjectRefSchema), ranksHidden: z.boolean() }),
  ),
  findItemsReport: reportCall(
    'findItemsReport',
    { meId, subjectKey, classId: classId.optional() },
    z.object({ grade: itemsReportSchema, unit: itemsReportSchema.nullable() }),
  ),
  findLinesReport: reportCall('findLinesReport', { meId }, linesReportSchema),
  findSubjectsReport: reportCall('findSubjectsReport', { meId }, subjectsReportSchema),
  findAttentionReport: reportCall(
    'findAttentionReport',
    { meId, subjectKey, classId: classId.optional() },
    attentionReportSchema,
  ),
  findLevelsReport: reportCall(
    'findLevelsReport',
    { meId, subjectKey, classId: classId.optional() },
    levelsReportSchema,
  ),
  findTrendReport: reportCall(
    'findTrendReport',
    { meId, subjectKey, classId: classId.optional(), studentId: idSchema('学生').optional() },
    trendReportSchema,
  ),
  /** teacher-analysis: the caller's classes in one course over the term's exams. */
  findTeacherReport: reportCall('findTeacherReport', { meId, subjectKey }, trendReportSchema),
  findMisRecommend: reportCall(
    'findMisRecommend',
    { seId, classId, studentId: idSchema('学生').optional() },
    misRecommendSchema,
  ),

  // ---- School area (type 4) ----
  findSchoolReportMe: e(
    x('findSchoolReportMe'),
    { schoolYearId: idSchema('学年').optional() },
    z.array(areaReportExamSchema),
  ),
  findSchoolReportSe: e(x('findSchoolReportSe'), { meId }, z.array(subjectRefSchema)),
  /** A union overview with its units at one level: areas, schools, or every class of every school. */
  findUnionReport: e(
    x('findUnionReport'),
    { meId, subjectKey, unitLevel: z.enum(['area', 'school', 'class'], { error: '对比层级不正确' }) },
    overviewReportSchema,
  ),
  findUnionAttentionReport: e(
    x('findUnionAttentionReport'),
    { meId, subjectKey, schoolId: idSchema('学校').optional() },
    attentionReportSchema,
  ),
  findSchoolReportQuestion: e(
    x('findSchoolReportQuestion'),
    { meId, subjectKey },
    z.object({ union: itemsReportSchema, schools: z.array(itemsReportSchema) }),
  ),

  // ---- Report file (grade-report-file) ----
  exportReportWorkbook: reportCall('exportReportWorkbook', { meId }, file),
  exportReportSummary: reportCall('exportReportSummary', { meId }, file),

  // ---- Student ----
  getStudentReportMEVO: e('student/exam/getStudentReportMEVO', { schoolId, meId }, studentReportSchema),
  getStudentReportSEVO: e('student/exam/getStudentReportSEVO', { schoolId, seId }, studentSubjectReportSchema),
  getExamQuestionReportStepSEVO: e(
    'student/exam/getExamQuestionReportStepSEVO',
    { schoolId, seId, step },
    z.object({
      subject: subjectRefSchema,
      segments: z.array(
        z.object({
          low: z.number(),
          high: z.number(),
          closedTop: z.boolean(),
          count: z.number(),
          share: z.number(),
          mine: z.boolean(),
        }),
      ),
    }),
  ),
};
