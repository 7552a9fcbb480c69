import { z } from 'zod';
import { schoolRelationSchema } from './auth.ts';
import { dateSchema, idSchema, numberSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  analysisSettingsSchema,
  examDates,
  examDocSchema,
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
  scoreImportPreviewSchema,
  scoreImportResultSchema,
  scoreInputSchema,
  scoreRecordSchema,
  singleExamSchema,
  standardPaperSchema,
  studentExamSchema,
  studentPaperSchema,
  studentScoreSchema,
} from './exams-models.ts';
import { pageOf, pagingParams } from './school-base-models.ts';

export * from './exams-models.ts';

// The analysis service's exam and score calls of spec §7 (issue #4), under /analysis/api with the
// encrypted body of protocol.md. Names the spec leaves open are ours, in the same style, and
// listed in docs/api.md. Every call names its school; the server checks it and every id in it.

const schoolId = idSchema('学校');
const meId = idSchema('考试');
const seId = idSchema('科目考试');
const ids = (field: string) =>
  z
    .array(idSchema(field), { error: `请选择${field}` })
    .min(1, `请选择${field}`)
    .max(5000, `${field}最多5000个`);

const examType = numberSchema('考试类型只能是 1 到 5').refine(
  (t) => Number.isInteger(t) && t >= 1 && t <= 5,
  '考试类型只能是 1（月考）、2（期中）、3（期末）、4（联考）或 5（模拟）',
);

/** An encrypted analysis call under teacher/exam/ (or another folder). */
const e = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R, loading = false) =>
  endpoint('analysis', name, { kind: 'encrypted', access: 'session', params: z.object(shape), response, loading });
const x = (name: string) => `teacher/exam/${name}`;

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
  unionKey: z.string().trim().max(40, '联考编号最多40个字符').nullable().optional(),
};

/** A file answer (export, template): the file itself, never the envelope (protocol.md). */
const file = z.unknown();

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
  getMultiExamByMeId: e(x('getMultiExamByMeId'), { schoolId, meId }, multiExamSchema),
  findMultiExamBySchoolIdYear: e(
    x('findMultiExamBySchoolIdYear'),
    {
      schoolId,
      schyId: idSchema('学年').optional(),
      gradeId: idSchema('年级').optional(),
      status: numberSchema('状态只能是 1 到 4').optional(),
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
            examNo: z.string().trim().max(30, '考号最多30个字符').nullable().optional(),
            room: z.string().trim().max(30, '考场最多30个字符').nullable().optional(),
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
    { schoolId, seId, score: scoreInputSchema, reason: z.string().trim().max(200).optional() },
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
        .array(z.object({ key: z.string().min(1).max(64), name: nameSchema('大题名称', 30) }))
        .max(30, '大题最多30个')
        .default([]),
      questions: z.array(questionInputSchema).max(200, '题目最多200道'),
      reason: z.string().trim().max(200).optional(),
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
            knowledgePoints: z.array(z.string().trim().min(1).max(50)).max(10).optional(),
          }),
        )
        .min(1, '请选择题目')
        .max(200),
      reason: z.string().trim().max(200).optional(),
    },
    z.object({ questions: z.array(examQuestionSchema), rescored: z.number() }),
  ),
  deleteExamQuestionsAndScore: e(
    x('deleteExamQuestionsAndScore'),
    { schoolId, seId, questionIds: ids('题目') },
    z.object({ deleted: z.number(), rescored: z.number() }),
  ),

  // ---- Scores ----
  findStuScoresBySeId: e(
    x('findStuScoresBySeId'),
    {
      schoolId,
      seId,
      classId: idSchema('班级').optional(),
      ...pagingParams,
    },
    pageOf(studentScoreSchema),
  ),
  /** Objective answers of every student: choices against the key (findAnswerScoresBySeId). */
  findAnswerScoresBySeId: e(
    x('findAnswerScoresBySeId'),
    { schoolId, seId, classId: idSchema('班级').optional() },
    z.object({ questions: z.array(examQuestionSchema), students: z.array(studentScoreSchema) }),
  ),
  /** The score grid's save: several students of one single exam. */
  updateSingleStudentsAndScores: e(
    x('updateSingleStudentsAndScores'),
    {
      schoolId,
      seId,
      scores: z.array(scoreInputSchema).min(1, '没有要保存的成绩').max(5000),
      reason: z.string().trim().max(200).optional(),
    },
    z.object({ changedScores: z.number(), students: z.array(studentScoreSchema) }),
  ),
  /** One student's card (every question of one paper). */
  updateStudentCardScores: e(
    x('updateStudentCardScores'),
    { schoolId, seId, score: scoreInputSchema, reason: z.string().trim().max(200).optional() },
    studentScoreSchema,
  ),
  /** The .xlsx template of this exam (one sheet per single exam, or only `seId`'s). */
  exportScoreTemplate: e(x('exportScoreTemplate'), { schoolId, meId, seId: seId.optional() }, file),
  /** Commits the rows of a preview (file/uploadFileParse); a re-import replaces scores and is audited. */
  importSingleStudentsAndScores: e(
    x('importSingleStudentsAndScores'),
    {
      schoolId,
      meId,
      seId: seId.optional(),
      rows: z
        .array(
          z.object({
            sheet: z.string().max(31),
            rowNo: z.number().int(),
            values: z.record(z.string(), z.coerce.string()),
          }),
        )
        .min(1, '没有可导入的数据行')
        .max(60_000, '一次最多导入60000行'),
    },
    scoreImportResultSchema,
    true,
  ),
  /** Finalise: recompute totals, check completeness, lock, hand to analysis (one subject or all). */
  summaryQiqExamToScExam: e(
    x('summaryQiqExamToScExam'),
    { schoolId, meId, seId: seId.optional() },
    z.object({ exam: multiExamSchema, problems: z.array(z.string()) }),
    true,
  ),
  /** analysis-manager: publish to analysis (and to students), with the classes and settings analysed. */
  publishMultiExam: e(
    x('publishMultiExam'),
    { schoolId, meId, toStudents: z.boolean(), settings: analysisSettingsSchema.optional() },
    multiExamSchema,
  ),
  saveExamAnalysisSettings: e(
    x('saveExamAnalysisSettings'),
    { schoolId, meId, settings: analysisSettingsSchema, hiddenStudentOrder: hiddenStudentOrderSchema.optional() },
    multiExamSchema,
  ),
  exportSingleScoreInfo: e(
    x('exportSingleScoreInfo'),
    { schoolId, seId, classId: idSchema('班级').optional() },
    file,
    true,
  ),
  exportMultiScoreInfo: e(
    x('exportMultiScoreInfo'),
    { schoolId, meId, classId: idSchema('班级').optional() },
    file,
    true,
  ),
  /** Every subject's question-score sheet and the totals sheet in one workbook. */
  exportMultiExcels: e(x('exportMultiExcels'), { schoolId, meId }, file, true),
  /** A teacher's view of one student's paper (/findStudentDetailPaper). */
  findStudentDetailPaper: e(
    x('findStudentDetailPaper'),
    { schoolId, seId, studentId: idSchema('学生') },
    studentPaperSchema,
  ),

  // ---- School settings ----
  getSSCBySchoolId: e(x('getSSCBySchoolId'), { schoolId }, scoreConfigSchema),
  saveOrUpdateSSC: e(x('saveOrUpdateSSC'), { schoolId, config: scoreConfigSchema }, scoreConfigSchema),
  getELABySchoolId: e(x('getELABySchoolId'), { schoolId }, z.array(examLevelSchemeSchema)),
  saveOrUpdateELA: e(
    x('saveOrUpdateELA'),
    {
      schoolId,
      elaId: idSchema('等级方案').optional(),
      name: nameSchema('方案名称', 30),
      levels: z.array(examLevelSchema).min(2, '至少2个等级').max(10, '最多10个等级'),
    },
    examLevelSchemeSchema,
  ),
  deleteELA: e(x('deleteELA'), { schoolId, elaId: idSchema('等级方案') }, z.null()),
  getExamLevelByAreaId: e(x('getExamLevelByAreaId'), { areaId: idSchema('区域') }, z.array(examLevelSchemeSchema)),
  findSchoolRelationBySchoolIds: e(
    x('findSchoolRelationBySchoolIds'),
    { schoolIds: z.array(idSchema('学校')).min(1, '请选择学校').max(200) },
    z.array(schoolRelationSchema),
  ),

  // ---- Standard papers (teacher/examStandardPaper) ----
  findStandardPaperBySeId: e(
    'teacher/examStandardPaper/findStandardPaperBySeId',
    { schoolId, seId },
    z.array(standardPaperSchema),
  ),
  findStandardPaperByTeacherId: e(
    'teacher/examStandardPaper/findStandardPaperByTeacherId',
    { schoolId },
    z.array(standardPaperSchema),
  ),
  /** The papers a marker needs for one single exam (read-only, any teacher of the school). */
  findStandardPaperByMark: e(
    'teacher/examStandardPaper/findStandardPaperByMark',
    { schoolId, seId },
    z.array(standardPaperSchema),
  ),
  saveStandardPaper: e(
    'teacher/examStandardPaper/save',
    {
      schoolId,
      seId,
      kind: numberSchema('类型只能是 1（标准答案）或 2（评分细则）').refine(
        (k) => k === 1 || k === 2,
        '类型只能是 1（标准答案）或 2（评分细则）',
      ),
      title: nameSchema('标题', 50),
      content: z.string().max(50_000, '内容最多50000个字符').default(''),
      docId: idSchema('文档').nullable().optional(),
    },
    standardPaperSchema,
  ),
  updateStandardPaper: e(
    'teacher/examStandardPaper/update',
    {
      schoolId,
      spId: idSchema('标准答案'),
      title: nameSchema('标题', 50),
      content: z.string().max(50_000, '内容最多50000个字符').default(''),
      docId: idSchema('文档').nullable().optional(),
    },
    standardPaperSchema,
  ),
  deleteStandardPaper: e('teacher/examStandardPaper/delete', { schoolId, spId: idSchema('标准答案') }, z.null()),

  // ---- Score records (teacher/singleExamStudentQuestionRecord) ----
  findScoreRecords: e(
    'teacher/singleExamStudentQuestionRecord/findByTeacherId',
    {
      schoolId,
      seId: seId.optional(),
      studentId: idSchema('学生').optional(),
      status: numberSchema('状态只能是 1 到 3').optional(),
      ...pagingParams,
    },
    pageOf(scoreRecordSchema),
  ),
  /** A correction request (待审核) for one question of one student. */
  saveScoreRecord: e(
    'teacher/singleExamStudentQuestionRecord/save',
    {
      schoolId,
      seId,
      studentId: idSchema('学生'),
      questionId: idSchema('题目').nullable().optional(),
      newScore: z.number({ error: '分数必须是数字' }).nullable().optional(),
      newChoice: z.string().trim().toUpperCase().max(8).nullable().optional(),
      reason: z.string({ error: '请填写更正原因' }).trim().min(1, '请填写更正原因').max(200, '原因最多200个字符'),
    },
    scoreRecordSchema,
  ),
  updateScoreRecord: e(
    'teacher/singleExamStudentQuestionRecord/update',
    {
      schoolId,
      recordId: idSchema('记录'),
      newScore: z.number().nullable().optional(),
      newChoice: z.string().trim().toUpperCase().max(8).nullable().optional(),
      reason: z.string().trim().min(1, '请填写更正原因').max(200).optional(),
      /** 3 驳回 a pending request. */
      status: z.literal(3).optional(),
    },
    scoreRecordSchema,
  ),
  deleteScoreRecord: e(
    'teacher/singleExamStudentQuestionRecord/delete',
    { schoolId, recordId: idSchema('记录') },
    z.null(),
  ),
  updateSESQRecordToStuScoreByIds: e(
    'teacher/singleExamStudentQuestionRecord/updateSESQRecordToStuScoreByIds',
    { schoolId, recordIds: ids('记录') },
    z.object({ applied: z.number() }),
  ),

  // ---- Exam documents (exam-doc) ----
  getExamDocListBySchoolId: e(
    'teacher/examDoc/getExamDocListBySchoolId',
    { schoolId, meId: meId.optional(), ...pagingParams },
    pageOf(examDocSchema),
  ),
  uploadExamDoc: endpoint('analysis', 'teacher/examDoc/upload', {
    kind: 'multipart',
    access: 'session',
    params: z.object({
      schoolId,
      meId,
      seId: seId.optional(),
      kind: numberSchema('文档类型只能是 1 到 4').refine(
        (k) => [1, 2, 3, 4].includes(k),
        '文档类型只能是 1（试卷）、2（标准答案）、3（评分细则）或 4（其他）',
      ),
    }),
    response: examDocSchema,
  }),
  downloadExamDoc: e('teacher/examDoc/download', { schoolId, docId: idSchema('文档') }, file),
  deleteExamDoc: e('teacher/examDoc/delete', { schoolId, docId: idSchema('文档') }, z.null()),

  /** Score import preview (issue #4 item 3): the uploaded .xlsx checked row by row, nothing stored. */
  uploadFileParse: endpoint('analysis', 'file/uploadFileParse', {
    kind: 'multipart',
    access: 'session',
    params: z.object({ schoolId, meId, seId: seId.optional() }),
    response: scoreImportPreviewSchema,
    loading: true,
  }),

  // ---- Students' own exams (student/exam) ----
  getUserMultiExamByStudentIdAndSchoolId: e(
    'student/exam/getUserMultiExamByStudentIdAndSchoolId',
    { schoolId },
    z.array(studentExamSchema),
  ),
  getStuExamDetailInfo: e('student/exam/getStuExamDetailInfo', { schoolId, seId }, studentPaperSchema),
};
