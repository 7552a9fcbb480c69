import { z } from 'zod';
import { readScopeSchema } from './analysis-models.ts';
import { schoolRelationSchema } from './auth.ts';
import { dateSchema, idSchema, intInSchema, numberSchema, textInput } from './common.ts';
import { e, ids, meId, schoolId, seId, x } from './exam-call-kit.ts';
import { examScoreCalls } from './exam-score-calls.ts';
import {
  elaIdSchema,
  examDates,
  examLevelSchema,
  examLevelSchemeSchema,
  examQuestionSchema,
  examStudentSchema,
  hiddenStudentOrderSchema,
  markSchema,
  multiExamSchema,
  nameSchema,
  questionGroupSchema,
  questionInputSchema,
  scoreConfigSchema,
  scoreInputSchema,
  singleExamSchema,
  studentScoreSchema,
} from './exams-models.ts';
import { pageOf, pagingParams } from './school-base-models.ts';

export * from './exams-models.ts';

// The analysis service's exam and score calls of spec §7 (issue #4), under /analysis/api with the
// encrypted body of protocol.md. Names the spec leaves open are ours, in the same style, and
// listed in docs/api.md. Every call names its school; the server checks it and every id in it.
// Set-up calls are here; score calls in exam-score-calls.ts.

const examType = numberSchema('考试类型只能是 1 到 5').refine(
  (t) => Number.isInteger(t) && t >= 1 && t <= 5,
  '考试类型只能是 1（月考）、2（期中）、3（期末）、4（联考）或 5（模拟）',
);
const subjectInput = z.object({
  courseId: idSchema('学科'),
  fullMark: markSchema('满分').refine((m) => m > 0, '满分必须大于0'),
  examDate: dateSchema('考试日期').nullable().optional(),
});

const multiExamFields = {
  name: nameSchema('考试名称', 50),
  schyId: idSchema('学年'),
  termId: idSchema('学期'),
  gradeId: idSchema('年级'),
  examType,
  ...examDates,
  hiddenStudentOrder: hiddenStudentOrderSchema.optional(),
  unionKey: textInput('联考编号').trim().max(40, '联考编号最多40个字符').nullable().optional(),
};
export const examsApi = {
  // ---- Multi-exams (meId) ----
  saveMultiExam: e(
    x('saveMultiExam'),
    {
      schoolId,
      ...multiExamFields,
      subjects: z.array(subjectInput).max(20, '科目最多20个').default([]),
      /** Classes whose students sit every subject; empty = every class of the grade. */
      classIds: z.array(idSchema('班级')).default([]),
    },
    multiExamSchema,
  ),
  updateMultiExam: e(x('updateMultiExam'), { schoolId, meId, ...multiExamFields }, multiExamSchema),
  /** 草稿 ⇄ 进行中, 已完成 → 进行中 (reopen), 已发布 → 已完成 (withdraw); finalising and publishing have their own calls. */
  updateMultiExamStatus: e(
    x('updateMultiExamStatus'),
    { schoolId, meId, status: numberSchema('状态只能是 1 到 4').pipe(z.number().int().min(1).max(4)) },
    multiExamSchema,
  ),
  deleteMultiExam: e(x('deleteMultiExam'), { schoolId, meId }, z.null()),
  /** One exam, with what the caller may read of its scores (the same rule as the reports). */
  getMultiExamByMeId: e(
    x('getMultiExamByMeId'),
    { schoolId, meId },
    multiExamSchema.extend({ readScope: readScopeSchema }),
  ),
  findMultiExamBySchoolIdYear: e(
    x('findMultiExamBySchoolIdYear'),
    {
      schoolId,
      schyId: idSchema('学年').optional(),
      gradeId: idSchema('年级').optional(),
      status: intInSchema('状态只能是 1 到 4', 1, 4).optional(),
      ...pagingParams,
    },
    pageOf(multiExamSchema),
  ),
  /** The exams a teacher can see: the school's for type 5, those of the grades and classes they teach for type 1. */
  findMyMultiExam: e(
    x('findMyMultiExam'),
    { schoolId, schyId: idSchema('学年').optional(), ...pagingParams },
    pageOf(multiExamSchema),
  ),

  // ---- Single exams (seId) ----
  saveSingleExam: e(
    x('saveSingleExam'),
    { schoolId, meId, ...subjectInput.shape, classIds: z.array(idSchema('班级')).default([]) },
    singleExamSchema,
  ),
  updateSingleExam: e(
    x('updateSingleExam'),
    {
      schoolId,
      seId,
      fullMark: subjectInput.shape.fullMark,
      examDate: subjectInput.shape.examDate,
    },
    singleExamSchema,
  ),
  deleteSingleExam: e(x('deleteSingleExam'), { schoolId, seId }, z.null()),
  findSingleExamBySeId: e(x('findSingleExamBySeId'), { schoolId, seId }, singleExamSchema),
  /** The single exams of a multi-exam. */
  findSingleByQiqSeId: e(x('findSingleByQiqSeId'), { schoolId, meId }, z.array(singleExamSchema)),

  // ---- Exam students ----
  findExamStudentsBySeId: e(
    x('findExamStudentsBySeId'),
    {
      schoolId,
      seId,
      classId: idSchema('班级').optional(),
      ...pagingParams,
    },
    pageOf(examStudentSchema),
  ),
  /** Adds the students of these classes to the single exam (those already in it are kept). */
  addExamStudentsByClassIds: e(
    x('addExamStudentsByClassIds'),
    { schoolId, seId, classIds: ids('班级') },
    z.object({ added: z.number(), total: z.number() }),
  ),
  updateBatchExamStudent: e(
    x('updateBatchExamStudent'),
    {
      schoolId,
      seId,
      students: z
        .array(
          z.object({
            esId: idSchema('考生'),
            absent: z.boolean().optional(),
            examNo: textInput('考号').trim().max(30, '考号最多30个字符').nullable().optional(),
            room: textInput('考场').trim().max(30, '考场最多30个字符').nullable().optional(),
          }),
        )
        .min(1, '请选择考生')
        .max(5000),
    },
    z.object({ updated: z.number() }),
  ),
  deleteExamStudentByStuIds: e(
    x('deleteExamStudentByStuIds'),
    { schoolId, seId, studentIds: ids('学生') },
    z.object({ deleted: z.number() }),
  ),
  addSingleStudentAndScores: e(
    x('addSingleStudentAndScores'),
    {
      schoolId,
      seId,
      score: scoreInputSchema,
      reason: textInput('原因').trim().max(200, '原因最多200个字符').optional(),
    },
    studentScoreSchema,
  ),

  // ---- Questions and groups ----
  findExamQuestionsBySeId: e(x('findExamQuestionsBySeId'), { schoolId, seId }, z.array(examQuestionSchema)),
  findExamQuestionAndGroup: e(
    x('findExamQuestionAndGroup'),
    { schoolId, seId },
    z.object({ groups: z.array(questionGroupSchema), questions: z.array(examQuestionSchema) }),
  ),
  /**
   * Replaces the structure of a single exam: groups (a `key` each; existing ones carry their
   * groupId as key) and questions. Questions left out are deleted with their scores; a changed key
   * or mark re-scores every student in the same transaction.
   */
  saveOrUpdateExamQuestionAndGroup: e(
    x('saveOrUpdateExamQuestionAndGroup'),
    {
      schoolId,
      seId,
      groups: z
        .array(
          z.object({
            key: textInput('大题').min(1, '大题编号不能为空').max(64, '大题编号最多64个字符'),
            name: nameSchema('大题名称', 30),
          }),
        )
        .max(30, '大题最多30个')
        .default([]),
      questions: z.array(questionInputSchema).max(200, '题目最多200道'),
      reason: textInput('原因').trim().max(200, '原因最多200个字符').optional(),
    },
    z.object({ groups: z.array(questionGroupSchema), questions: z.array(examQuestionSchema), rescored: z.number() }),
  ),
  /** Edits some fields of several questions (key, marks, knowledge points); re-scores as above. */
  updateBatchExamQuestion: e(
    x('updateBatchExamQuestion'),
    {
      schoolId,
      seId,
      questions: z
        .array(
          z.object({
            questionId: idSchema('题目'),
            answer: questionInputSchema.shape.answer,
            fullMark: questionInputSchema.shape.fullMark.optional(),
            partialMark: questionInputSchema.shape.partialMark,
            knowledgePoints: z
              .array(textInput('知识点').trim().min(1, '知识点不能为空').max(50, '知识点最多50个字符'))
              .max(10, '知识点最多10个')
              .optional(),
          }),
        )
        .min(1, '请选择题目')
        .max(200),
      reason: textInput('原因').trim().max(200, '原因最多200个字符').optional(),
    },
    z.object({ questions: z.array(examQuestionSchema), rescored: z.number() }),
  ),
  deleteExamQuestionsAndScore: e(
    x('deleteExamQuestionsAndScore'),
    { schoolId, seId, questionIds: ids('题目') },
    z.object({ deleted: z.number(), rescored: z.number() }),
  ),

  // ---- School settings ----
  getSSCBySchoolId: e(x('getSSCBySchoolId'), { schoolId }, scoreConfigSchema),
  saveOrUpdateSSC: e(x('saveOrUpdateSSC'), { schoolId, config: scoreConfigSchema }, scoreConfigSchema),
  getELABySchoolId: e(x('getELABySchoolId'), { schoolId }, z.array(examLevelSchemeSchema)),
  saveOrUpdateELA: e(
    x('saveOrUpdateELA'),
    {
      schoolId,
      elaId: elaIdSchema.optional(),
      name: nameSchema('方案名称', 30),
      levels: z.array(examLevelSchema).min(2, '至少2个等级').max(10, '最多10个等级'),
    },
    examLevelSchemeSchema,
  ),
  deleteELA: e(x('deleteELA'), { schoolId, elaId: elaIdSchema }, z.null()),
  getExamLevelByAreaId: e(x('getExamLevelByAreaId'), { areaId: idSchema('区域') }, z.array(examLevelSchemeSchema)),
  findSchoolRelationBySchoolIds: e(
    x('findSchoolRelationBySchoolIds'),
    { schoolIds: z.array(idSchema('学校')).min(1, '请选择学校').max(200) },
    z.array(schoolRelationSchema),
  ),

  ...examScoreCalls,
};
