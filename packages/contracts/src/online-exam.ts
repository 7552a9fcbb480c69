import { z } from 'zod';
import { idSchema, intInSchema, numberSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// Online exams (issue #18): spec §7 makeExam on the marking service (/mark/api, JSON). The spec
// names findOnLineExamByStuId, findOnLineExamStuInfoBySeId and saveOrUpdateESCI; the other calls
// are ours, in the same style, and listed in docs/api.md. Times are ISO instants from the server.

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', `makeExam/${name}`, { kind: 'json', access: 'session', params: z.object(shape), response });

const schoolId = idSchema('学校');
const onlineExamId = idSchema('在线考试');
const instant = (field: string) =>
  z
    .string({ error: `${field}必须是时间` })
    .refine((v) => !Number.isNaN(Date.parse(v)), `${field}不是有效的时间`)
    .transform((v) => new Date(v).toISOString());

export const saveOnlineExamShape = {
  schoolId,
  /** The source: a 我的试卷 paper, or (`fromSeId`) an existing exam subject's structure; exactly one. */
  paperId: idSchema('试卷').optional(),
  fromSeId: idSchema('科目考试').optional(),
  name: z.string({ error: '考试名称必须是文字' }).trim().min(1, '考试名称不能为空').max(40, '考试名称最多40个字符'),
  schyId: idSchema('学年'),
  termId: idSchema('学期'),
  gradeId: idSchema('年级'),
  /** Whole classes; with `studentIds`, single students besides them (at least one of the two). */
  classIds: z.array(idSchema('班级'), { error: '请选择班级' }).max(60, '班级过多').default([]),
  studentIds: z.array(idSchema('学生'), { error: '请选择学生' }).max(500, '一次最多选择500名学生').default([]),
  opensAt: instant('开考时间'),
  closesAt: instant('截止时间'),
  durationMinutes: intInSchema('考试时长必须是 1 到 600 分钟的整数', 1, 600),
  shuffle: z.boolean({ error: '打乱题序必须是是或否' }).default(false),
  /** Whether released results show the key and 解析, not only the scores. */
  releaseAnswers: z.boolean({ error: '公布答案必须是是或否' }).default(true),
};

export const onlineExamSummarySchema = z.object({
  onlineExamId: z.string(),
  seId: z.string(),
  meId: z.string(),
  name: z.string(),
  courseName: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  durationMinutes: z.number(),
  shuffle: z.boolean(),
  releaseAnswers: z.boolean(),
  releasedAt: z.string().nullable(),
  studentCount: z.number(),
  submittedCount: z.number(),
});
export type OnlineExamSummary = z.infer<typeof onlineExamSummarySchema>;
export type OnlineExamSource = z.infer<typeof onlineExamSourceSchema>;
export type OnlineExamCandidate = z.infer<typeof onlineExamCandidateSchema>;

/** A student's view of one online exam in 我的考试. */
export const studentOnlineExamSchema = z.object({
  onlineExamId: z.string(),
  name: z.string(),
  courseName: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  durationMinutes: z.number(),
  state: z.enum(['upcoming', 'open', 'sitting', 'submitted', 'closed', 'released']),
  total: z.number().nullable(),
  fullMark: z.number(),
});
export type StudentOnlineExam = z.infer<typeof studentOnlineExamSchema>;

export const onlineQuestionSchema = z.object({
  questionId: z.string(),
  /** The number shown to this student (after their shuffle). */
  no: z.number(),
  kind: z.enum(['single', 'multiple', 'judge', 'text']),
  stem: z.string(),
  /** key: the option's letter in the key (A, B…), shown at this student's position. */
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  fullMark: z.number(),
});
export type OnlineQuestion = z.infer<typeof onlineQuestionSchema>;

export const onlineAnswerSchema = z.object({
  questionId: z.string(),
  answer: z.string(),
  flagged: z.boolean(),
  version: z.number(),
});
export type OnlineAnswer = z.infer<typeof onlineAnswerSchema>;

export const sittingSchema = z.object({
  onlineExamId: z.string(),
  name: z.string(),
  courseName: z.string(),
  /** The server's clock now and the sitting's deadline: the countdown is their difference. */
  now: z.string(),
  deadline: z.string(),
  submittedAt: z.string().nullable(),
  sections: z.array(z.object({ title: z.string(), questions: z.array(onlineQuestionSchema) })),
  answers: z.array(onlineAnswerSchema),
});
export type Sitting = z.infer<typeof sittingSchema>;

export const saveAnswerResultSchema = z.object({
  questionId: z.string(),
  /** The version the server holds after this save (higher than the one sent when a newer one was there). */
  version: z.number(),
  stored: z.boolean(),
});

export const sittingRowSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  className: z.string(),
  state: z.enum(['not-started', 'sitting', 'submitted']),
  startedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submittedBy: z.string().nullable(),
  answered: z.number(),
  leaveCount: z.number(),
  /** 题块 whose answer changed on a submission after reopening, when the paper was already marked (marks kept). */
  changedAfterMarking: z.array(z.string()),
});
export type SittingRow = z.infer<typeof sittingRowSchema>;

export const onlineResultSchema = z.object({
  name: z.string(),
  total: z.number().nullable(),
  fullMark: z.number(),
  releaseAnswers: z.boolean(),
  questions: z.array(
    onlineQuestionSchema.extend({
      answer: z.string(),
      key: z.string().nullable(),
      explanation: z.string().nullable(),
      score: z.number().nullable(),
    }),
  ),
});
export type OnlineResult = z.infer<typeof onlineResultSchema>;

const studentId = idSchema('学生');
const ok = z.object({ ok: z.literal(true) });

/** An exam subject of the school with a question structure, offered as an online exam's source. */
export const onlineExamSourceSchema = z.object({
  seId: z.string(),
  examName: z.string(),
  courseName: z.string(),
  gradeName: z.string(),
  examDate: z.string().nullable(),
  questionCount: z.number(),
  fullMark: z.number(),
});

/** A student the caller may give an online exam to (their classes; the school's for type 5). */
export const onlineExamCandidateSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  studentNo: z.string(),
  classId: z.string(),
  className: z.string(),
  gradeId: z.string(),
});

/** A photo of a subjective answer: its storage key and a short-lived signed link. */
export const onlinePhotoSchema = z.object({ photoKey: z.string(), url: z.string() });
const photoKeys = z
  .array(z.string({ error: '图片编号必须是文字' }).max(200, '图片编号过长'), { error: '图片编号必须是列表' })
  .max(50, '一次最多查看50张图片');

export const onlineExamApi = {
  /** A photo for a subjective answer (JPEG/PNG, ≤ 8 MB) stored under the caller's own sitting. */
  uploadOnlinePhoto: endpoint('mark', 'makeExam/uploadOnlinePhoto', {
    kind: 'multipart',
    access: 'session',
    params: z.object({ onlineExamId }),
    response: onlinePhotoSchema,
  }),
  /** Signed links to the caller's own answer photos (students). */
  findMyOnlinePhotos: j('findMyOnlinePhotos', { onlineExamId, photoKeys }, z.array(onlinePhotoSchema)),
  /** Signed links to an online exam's answer photos, for its maker or the school's administrator (marking). */
  findOnlinePaperPhotos: j('findOnlinePaperPhotos', { onlineExamId, photoKeys }, z.array(onlinePhotoSchema)),
  /** 在线考试 from a 我的试卷 paper or an exam's structure: a real exam (exams) with its students, window and settings. */
  saveOnlineExam: j('saveOnlineExam', saveOnlineExamShape, onlineExamSummarySchema),
  findOnlineExams: j('findOnlineExams', { schoolId }, z.array(onlineExamSummarySchema)),
  /** Exam subjects of the school that have questions: the 已有考试的结构 source of 新建在线考试. */
  findOnlineExamSources: j('findOnlineExamSources', { schoolId }, z.array(onlineExamSourceSchema)),
  /** The student picker of 新建在线考试: students of the caller's classes in the term, by name or 学号. */
  findOnlineExamStudents: j(
    'findOnlineExamStudents',
    {
      schoolId,
      termId: idSchema('学期'),
      keyword: z.string({ error: '关键字必须是文字' }).trim().max(40, '关键字最多40个字符').default(''),
    },
    z.array(onlineExamCandidateSchema),
  ),
  findOnLineExamByStuId: j('findOnLineExamByStuId', { schoolId }, z.array(studentOnlineExamSchema)),
  /** Starts (or resumes) the caller's sitting: paper, saved answers, server now and deadline. */
  startOnlineExam: j('startOnlineExam', { onlineExamId }, sittingSchema),
  saveOrUpdateESCI: j(
    'saveOrUpdateESCI',
    {
      onlineExamId,
      questionId: idSchema('题目'),
      answer: z.string({ error: '作答必须是文字' }).max(20_000, '作答最多20000个字符'),
      flagged: z.boolean({ error: '标记必须是是或否' }).default(false),
      version: intInSchema('版本必须是正整数', 1, 2_000_000_000),
    },
    saveAnswerResultSchema,
  ),
  submitOnlineExam: j('submitOnlineExam', { onlineExamId }, z.object({ submittedAt: z.string() })),
  /** The page was left (hidden or blurred): counted and shown to the teacher. */
  leaveOnlineExam: j('leaveOnlineExam', { onlineExamId }, z.object({ leaveCount: z.number() })),
  findOnLineExamStuInfoBySeId: j('findOnLineExamStuInfoBySeId', { onlineExamId }, z.array(sittingRowSchema)),
  forceSubmitOnlineExam: j('forceSubmitOnlineExam', { onlineExamId, studentId }, ok),
  reopenOnlineExam: j(
    'reopenOnlineExam',
    {
      onlineExamId,
      studentId,
      minutes: numberSchema('延长时间必须是数字').refine(
        (m) => Number.isInteger(m) && m >= 1 && m <= 600,
        '延长时间必须是 1 到 600 分钟的整数',
      ),
    },
    ok,
  ),
  /** 公布成绩: subjective marks finished so far merged into the scores, results shown to students. */
  releaseOnlineExam: j('releaseOnlineExam', { onlineExamId }, onlineExamSummarySchema),
  findOnlineExamResult: j('findOnlineExamResult', { onlineExamId }, onlineResultSchema),
};

// Photos ride inside the answer text, one line `[图片:<key>]` each after the typed text, so the
// versioned save, the reopen rules and the marking paper's text carry them unchanged.
const PHOTO_LINE = /^\[图片:([a-z0-9-]+\/\d{4}\/[0-9a-f-]{36}\.(?:jpg|png))\]$/;

/** The typed text and the photo keys of an answer. */
export function splitAnswerPhotos(answer: string): { text: string; photos: string[] } {
  const lines = answer.split('\n');
  const photos: string[] = [];
  while (lines.length > 0) {
    const match = PHOTO_LINE.exec(lines[lines.length - 1] ?? '');
    if (!match?.[1]) break;
    photos.unshift(match[1]);
    lines.pop();
  }
  return { text: lines.join('\n'), photos };
}

/** The answer text holding the typed text and the photo keys. */
export function joinAnswerPhotos(text: string, photos: readonly string[]): string {
  return [text, ...photos.map((key) => `[图片:${key}]`)].join('\n').replace(/^\n+/, '');
}
