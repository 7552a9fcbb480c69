import type { AnswerCardTemplate } from '@huikao/answer-card';
import { z } from 'zod';
import { dateSchema, idSchema, intInSchema, numberSchema, textInput } from './common.ts';
import { endpoint } from './endpoint.ts';
import { e, file, meId, schoolId, seId, x } from './exam-call-kit.ts';
import { examScoreCalls } from './exam-score-calls.ts';

// Answer cards (答题卡, issue #15; answer-cards-and-scanning.md): one versioned template per single
// exam, generated from its question structure, designed on screen, printed as a vector PDF.
// The marking service's examTemplate calls (JSON under /mark/api), findTemplateBySeId under the
// analysis service, the signed /answerSheet link and its public calls, and the marking service's
// examStandardPaper calls: the same service as the analysis ones (one implementation, two doors).

export const templateId = idSchema('答题卡');

/** draft 草稿 → printed 已印刷 → scanning 扫描中 (a version with scans never changes). */
export const CARD_STATUS = { draft: '草稿', printed: '已印刷', scanning: '扫描中' } as const;
export type CardStatus = keyof typeof CARD_STATUS;
export const cardStatusSchema = z.enum(['draft', 'printed', 'scanning'], {
  error: '答题卡状态只能是 draft（草稿）、printed（已印刷）或 scanning（扫描中）',
});

const paperSchema = z.enum(['A4', 'A3'], { error: '纸张只能是 A4 或 A3' });
const columnsSchema = intInSchema('栏数只能是 1、2 或 3', 1, 3).transform((n) => n as 1 | 2 | 3);
const sidesSchema = intInSchema('单双面只能是 1（单面）或 2（双面）', 1, 2).transform((n) => n as 1 | 2);
const identityModeSchema = z.enum(['grid', 'barcode', 'both'], {
  error: '考号方式只能是 grid（填涂考号）、barcode（条形码）或 both（两者）',
});
/** The 考号 grid's digits: 1–20 (the school's exam numbers' length by default). */
const examNumberLengthSchema = intInSchema('考号位数只能是 1 到 20', 1, 20);

/** 题组大小: objective questions per block of bubbles, 4–10 (5 by default). */
const questionsPerBlockSchema = intInSchema('题组大小（每组题数）只能是 4 到 10', 4, 10);
/** 选择题排列: 横排 blocks side by side, 竖排 one block under another. */
export const BLOCK_ORDER = { across: '横排', down: '竖排' } as const;
const blockOrderSchema = z.enum(['across', 'down'], { error: '选择题排列只能是 across（横排）或 down（竖排）' });

/** What the designer may set on the whole card (CardSettings of @huikao/answer-card). */
export const cardSettingsSchema = z.object({
  paper: paperSchema,
  columns: columnsSchema,
  sides: sidesSchema,
  identityMode: identityModeSchema,
  examNumberLength: examNumberLengthSchema,
  // Optional: a card saved before the bubble layout was a setting reads as 5, 横排.
  questionsPerBlock: questionsPerBlockSchema.optional(),
  blockOrder: blockOrderSchema.optional(),
});
export type CardSettingsInput = z.input<typeof cardSettingsSchema>;

/** A generation's choices; anything left out takes the default (A3 in two columns above 20 questions…). */
export const cardSettingsChoiceSchema = cardSettingsSchema.partial();

/** The designer's change (LayoutChange of @huikao/answer-card): box heights in mm by box id. */
export const cardLayoutChangeSchema = cardSettingsSchema.partial().extend({
  boxHeights: z
    .record(
      textInput('答题框编号').max(64, '答题框编号最多64个字符'),
      numberSchema('答题框高度必须是数字（毫米）').pipe(z.number().positive('答题框高度必须大于0')),
    )
    .optional(),
});
export type CardLayoutChange = z.input<typeof cardLayoutChangeSchema>;

/** The laid-out template (@huikao/answer-card's AnswerCardTemplate): pages and regions in mm. */
export const answerCardTemplateSchema = z.custom<AnswerCardTemplate>((v) => typeof v === 'object' && v !== null);

/** One answer card: the single exam's template at its current version. */
export const cardTemplateSchema = z.object({
  templateId: z.string(),
  schoolId: z.string(),
  seId: z.string(),
  meId: z.string(),
  examName: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  gradeName: z.string(),
  status: cardStatusSchema,
  /** The current version; page codes carry it. */
  version: z.number(),
  /** Bumped by every save: the designer may send it back to refuse a stale edit. */
  revision: z.number(),
  /** Whether the current version has been printed or scanned: an edit then makes the next version. */
  frozen: z.boolean(),
  /** Versions that have scans (they never change). */
  scannedVersions: z.array(z.number()),
  settings: cardSettingsSchema,
  /** The exam's questions changed since the card was generated: the designer offers to regenerate. */
  structureChanged: z.boolean(),
  template: answerCardTemplateSchema,
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type CardTemplate = z.infer<typeof cardTemplateSchema>;

/** A row of 我的答题卡: one subject of one exam, with its card if it has one. */
export const cardListRowSchema = z.object({
  meId: z.string(),
  examName: z.string(),
  gradeName: z.string(),
  termName: z.string(),
  startDate: z.string(),
  seId: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  questionCount: z.number(),
  studentCount: z.number(),
  /** null: the subject has no card yet (the list offers 生成). */
  templateId: z.string().nullable(),
  status: cardStatusSchema.nullable(),
  version: z.number().nullable(),
  paper: paperSchema.nullable(),
  columns: z.number().nullable(),
  pageCount: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type CardListRow = z.infer<typeof cardListRowSchema>;

export const cardSchoolSchema = z.object({
  schoolId: z.string(),
  name: z.string(),
  /** The longest 考号 among the school's exam students (the card's default grid), null if none. */
  examNumberLength: z.number().nullable(),
});
export const cardTeacherSchema = z.object({ teacherId: z.string(), name: z.string(), classNames: z.array(z.string()) });
export const cardCourseSchema = z.object({
  seId: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  templateId: z.string().nullable(),
  status: cardStatusSchema.nullable(),
});
export const cardParentSchema = z.object({
  meId: z.string(),
  name: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  termName: z.string(),
  examType: z.number(),
  status: z.number(),
});
/** What the card's header and the designer show about who made it and for which school. */
export const writerCollegeInfoSchema = z.object({
  schoolName: z.string(),
  examName: z.string(),
  gradeName: z.string(),
  courseName: z.string(),
  examNumberLength: z.number().nullable(),
  writerName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

/** A signed, expiring link to /answerSheet (no session needed). */
export const answerSheetLinkSchema = z.object({
  /** The web path with its query: `/answerSheet?templateId=…&version=…&expires=…&sign=…`. */
  url: z.string(),
  templateId: z.string(),
  version: z.number(),
  /** Unix seconds. */
  expires: z.number(),
  sign: z.string(),
});
export type AnswerSheetLink = z.infer<typeof answerSheetLinkSchema>;

const signedParams = z.object({
  templateId,
  version: intInSchema('答题卡版本不正确', 1, 1_000_000),
  expires: intInSchema('链接有效期不正确', 1, 4_102_444_800),
  sign: z.string({ error: '链接签名不能为空' }).regex(/^[0-9a-f]{64}$/, '链接签名不正确'),
});

const roomText = textInput('考场').trim().max(40, '考场最多40个字符');
const mk = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R, loading = false) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response, loading });
const mkFile = <S extends z.ZodRawShape>(name: string, shape: S) =>
  endpoint('mark', name, { kind: 'get', access: 'session', params: z.object(shape), response: file, loading: true });

/** 用此试卷建考试: the new exam's choices; its subject is the paper's course. */
const examFromPaperShape = {
  schoolId,
  paperId: idSchema('试卷'),
  name: textInput('考试名称', '请输入考试名称').trim().min(1, '请输入考试名称').max(50, '考试名称最多50个字符'),
  schyId: idSchema('学年'),
  termId: idSchema('学期'),
  gradeId: idSchema('年级'),
  /** The classes that sit it (a teacher: only classes they teach the paper's course in). */
  classIds: z.array(idSchema('班级'), { error: '请选择班级' }).min(1, '请选择班级').max(60, '班级最多60个'),
  examDate: dateSchema('考试日期'),
  examType: intInSchema('考试类型只能是 1 到 5', 1, 5).default(1),
  settings: cardSettingsChoiceSchema.optional(),
};

export const examFromPaperResultSchema = z.object({
  meId: z.string(),
  seId: z.string(),
  templateId: z.string(),
  questionCount: z.number(),
  studentCount: z.number(),
});

const spCalls = examScoreCalls;
/** The marking service's door onto the analysis service's examStandardPaper calls (same params, same answers). */
const sp = <E extends { params: z.ZodType; response: z.ZodType }>(name: string, call: E) =>
  endpoint('mark', `examStandardPaper/${name}`, {
    kind: 'json',
    access: 'session',
    params: call.params as E['params'],
    response: call.response as E['response'],
  });

export const scanningCardsApi = {
  // ---- examTemplate (spec §7, marking service) ----
  /** The single exam's card at its current version (or a given older version); null when it has none. */
  getExamTemplate: mk(
    'examTemplate/get',
    { schoolId, seId, version: intInSchema('答题卡版本不正确', 1, 1_000_000).optional() },
    cardTemplateSchema.nullable(),
  ),
  /**
   * Generates the single exam's card from its questions (default settings, or the ones chosen).
   * With a card already there: `regenerate` must be true, and the card is rebuilt from the current
   * questions (box heights back to their defaults); a printed or scanned version makes the next one.
   */
  saveExamTemplate: mk(
    'examTemplate/save',
    { schoolId, seId, settings: cardSettingsChoiceSchema.optional(), regenerate: z.boolean().default(false) },
    cardTemplateSchema,
    true,
  ),
  /**
   * The designer's change (paper, columns, sides, identity, 考号 length, box heights), applied to
   * the stored card under its row lock; `revision`, when sent, refuses an edit of a stale copy.
   */
  updateExamTemplate: mk(
    'examTemplate/update',
    {
      schoolId,
      templateId,
      revision: intInSchema('答题卡修订号不正确', 0, 1_000_000_000).optional(),
      change: cardLayoutChangeSchema,
    },
    cardTemplateSchema,
  ),
  /** 我的答题卡: every subject of the exams the caller may see, with its card's status. */
  findExamTemplateList: mk(
    'examTemplate/findList',
    {
      schoolId,
      meId: meId.optional(),
      status: cardStatusSchema.optional(),
      keyword: textInput('关键字').trim().max(50, '关键字最多50个字符').optional(),
    },
    z.array(cardListRowSchema),
  ),
  /** Marks the current version printed (frozen: a later edit makes the next version). */
  markExamTemplatePrinted: mk('examTemplate/markPrinted', { schoolId, templateId }, cardTemplateSchema),
  findTemplateSchool: mk('examTemplate/findSchool', { schoolId }, cardSchoolSchema),
  /** Teachers of the single exam's course in its classes. */
  findTemplateTeachers: mk('examTemplate/findTeacher', { schoolId, seId }, z.array(cardTeacherSchema)),
  /** The subjects of one exam, each with its card's status. */
  findTemplateCourses: mk('examTemplate/findCourse', { schoolId, meId }, z.array(cardCourseSchema)),
  /** The exam a single exam belongs to. */
  findTemplateParent: mk('examTemplate/findParent', { schoolId, seId }, cardParentSchema),
  findWriterCollegeInfo: mk('examTemplate/findWriterCollegeInfo', { schoolId, seId }, writerCollegeInfoSchema),
  /** A signed link to /answerSheet for the card's current version, valid 2 hours. */
  signAnswerSheetLink: mk('examTemplate/signLink', { schoolId, templateId }, answerSheetLinkSchema),

  // ---- PDF downloads (file responses, GET so a link can download them) ----
  /** The blank card as a vector PDF (current version, or a given one). */
  downloadBlankCard: mkFile('examTemplate/blankPdf', {
    schoolId,
    templateId,
    version: intInSchema('答题卡版本不正确', 1, 1_000_000).optional(),
  }),
  /** One card per exam student (name, class, room, seat, 考号 barcode), in room, seat, class, 考号 order. */
  downloadPersonalisedCards: mkFile('examTemplate/personalisedPdf', {
    schoolId,
    templateId,
    classId: idSchema('班级').optional(),
    room: roomText.optional(),
  }),

  // ---- /answerSheet (public: the signed link is the only key) ----
  answerSheetTemplate: endpoint('mark', 'examTemplate/answerSheet', {
    kind: 'get',
    access: 'public',
    params: signedParams,
    response: z.object({ template: answerCardTemplateSchema, examName: z.string(), courseName: z.string() }),
  }),
  answerSheetPdf: endpoint('mark', 'examTemplate/answerSheetPdf', {
    kind: 'get',
    access: 'public',
    params: signedParams,
    response: file,
    loading: true,
  }),

  // ---- 用此试卷建考试 ----
  /** A question-bank user paper becomes an exam (one subject), its questions, exam students and card. */
  createExamFromPaper: mk('examTemplate/createExamFromPaper', examFromPaperShape, examFromPaperResultSchema, true),

  // ---- findTemplateBySeId (analysis service) ----
  findTemplateBySeId: e(x('findTemplateBySeId'), { schoolId, seId }, cardTemplateSchema.nullable()),

  // ---- examStandardPaper (marking service): the analysis calls' second door ----
  findStandardPaperBySeId: sp('findStandardPaperBySeId', spCalls.findStandardPaperBySeId),
  findStandardPaperByTeacherId: sp('findStandardPaperByTeacherId', spCalls.findStandardPaperByTeacherId),
  findStandardPaperByMark: sp('findStandardPaperByMark', spCalls.findStandardPaperByMark),
  saveStandardPaper: sp('save', spCalls.saveStandardPaper),
  updateStandardPaper: sp('update', spCalls.updateStandardPaper),
  deleteStandardPaper: sp('delete', spCalls.deleteStandardPaper),
};
