import { z } from 'zod';
import { idSchema, importCellsSchema, intInSchema, numberSchema, textInput } from './common.ts';
import { endpoint } from './endpoint.ts';
import { e, file, ids, meId, schoolId, seId, x } from './exam-call-kit.ts';
import {
  analysisSettingsSchema,
  examDocSchema,
  examQuestionSchema,
  hiddenStudentOrderSchema,
  multiExamSchema,
  nameSchema,
  scoreImportPreviewSchema,
  scoreImportResultSchema,
  scoreInputSchema,
  scoreRecordSchema,
  standardPaperSchema,
  studentExamSchema,
  studentPaperSchema,
  studentScoreSchema,
} from './exams-models.ts';
import { pageOf, pagingParams } from './school-base-models.ts';

// The score calls of the analysis service (issue #4): entry, import, finalise and publish,
// exports, standard papers, score records, exam documents and students' own exams.

export const examScoreCalls = {
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
      reason: textInput('原因').trim().max(200, '原因最多200个字符').optional(),
    },
    z.object({ changedScores: z.number(), students: z.array(studentScoreSchema) }),
  ),
  /** One student's card (every question of one paper). */
  updateStudentCardScores: e(
    x('updateStudentCardScores'),
    {
      schoolId,
      seId,
      score: scoreInputSchema,
      reason: textInput('原因').trim().max(200, '原因最多200个字符').optional(),
    },
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
            sheet: textInput('工作表').max(31, '工作表名称最多31个字符'),
            rowNo: z.number().int(),
            values: importCellsSchema,
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
      content: textInput('内容').max(50_000, '内容最多50000个字符').default(''),
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
      content: textInput('内容').max(50_000, '内容最多50000个字符').default(''),
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
      status: intInSchema('状态只能是 1 到 3', 1, 3).optional(),
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
      newChoice: textInput('选项').trim().toUpperCase().max(8, '选项最多8个字母').nullable().optional(),
      reason: textInput('更正原因', '请填写更正原因').trim().min(1, '请填写更正原因').max(200, '原因最多200个字符'),
    },
    scoreRecordSchema,
  ),
  updateScoreRecord: e(
    'teacher/singleExamStudentQuestionRecord/update',
    {
      schoolId,
      recordId: idSchema('记录'),
      newScore: z.number().nullable().optional(),
      newChoice: textInput('选项').trim().toUpperCase().max(8, '选项最多8个字母').nullable().optional(),
      reason: textInput('更正原因').trim().min(1, '请填写更正原因').max(200, '原因最多200个字符').optional(),
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
