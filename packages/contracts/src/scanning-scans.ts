import { z } from 'zod';
import { idSchema, intInSchema, textInput, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { pageOf } from './school-base-models.ts';

// Scanning and recognition (issue #16, answer-cards-and-scanning.md "Scanning"): batches of scans
// uploaded file by file, each original stored once with its sha-256, every page recognised in a
// background job, the exceptions a person resolves, and the reconciliation per exam room. Marking
// service calls (`/mark/api`, JSON; the upload is multipart). A file response (page image, crop)
// is the JPEG itself, never the envelope.

const schoolId = idSchema('学校');
const seId = idSchema('科目考试');
const batchId = idSchema('扫描批次');
const pageId = idSchema('扫描页');
const room = textSchema('考场', { max: 50 });

const mark = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R, loading = false) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response, loading });

/** A JPEG answered as the file itself (page images and crops for the resolve screen and marking). */
const jpegFile = z.unknown();

// ---- Files, pages, batches ----

/** What an uploaded file became. `duplicate`: the same bytes are already in this exam (not stored twice). */
export const SCAN_FILE_STATUSES = {
  stored: '已保存',
  duplicate: '重复文件',
  refused: '已拒收',
} as const;
export type ScanFileStatus = keyof typeof SCAN_FILE_STATUSES;

/** A page's recognition: queued → recognising → done (read or refused into an exception) | failed (retried, then left). */
export const SCAN_PAGE_STATUSES = {
  queued: '排队中',
  recognising: '识别中',
  done: '已识别',
  failed: '识别失败',
} as const;
export type ScanPageStatus = keyof typeof SCAN_PAGE_STATUSES;

export const scanFileSchema = z.object({
  fileId: z.string(),
  batchId: z.string(),
  fileName: z.string(),
  /** For an entry of an uploaded zip: the zip's name. */
  archiveName: z.string().nullable(),
  size: z.number(),
  sha256: z.string(),
  status: z.enum(['stored', 'duplicate', 'refused']),
  /** Why a file was refused, or which earlier file a duplicate repeats (Chinese). */
  message: z.string().nullable(),
  pageCount: z.number(),
  /** Pages of this file by recognition status. */
  pages: z.object({ queued: z.number(), recognising: z.number(), done: z.number(), failed: z.number() }),
  uploadedAt: z.string(),
});
export type ScanFile = z.infer<typeof scanFileSchema>;

export const scanBatchSchema = z.object({
  batchId: z.string(),
  seId: z.string(),
  room: z.string().nullable(),
  dpi: z.number(),
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedByName: z.string().nullable(),
  deleteReason: z.string().nullable(),
  files: z.object({ stored: z.number(), duplicate: z.number(), refused: z.number() }),
  /** Pages of the batch by status; `total` of them done is the recognition progress. */
  pages: z.object({
    total: z.number(),
    queued: z.number(),
    recognising: z.number(),
    done: z.number(),
    failed: z.number(),
  }),
  /** Open exceptions raised by pages of this batch. */
  openExceptions: z.number(),
});
export type ScanBatch = z.infer<typeof scanBatchSchema>;

export const scanBatchStatusSchema = scanBatchSchema.extend({ fileList: z.array(scanFileSchema) });
export type ScanBatchStatus = z.infer<typeof scanBatchStatusSchema>;

/** Per page: where it came from and what recognition read (the resolve screen shows it beside the image). */
export const scanPageSchema = z.object({
  pageId: z.string(),
  batchId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  /** 0-based page of a multi-page TIFF or PDF. */
  pageIndex: z.number(),
  status: z.enum(['queued', 'recognising', 'done', 'failed']),
  /** 'read', or why the page could not be read (locators-missing, unknown-page, layout-mismatch, undecodable, other-exam). */
  outcome: z.string().nullable(),
  detail: z.string().nullable(),
  templateId: z.string().nullable(),
  templateVersion: z.number().nullable(),
  /** The card page number from the page code (1-based). */
  pageNo: z.number().nullable(),
  turned: z.boolean(),
  /** The 考号 as read (null: unreadable), and as corrected by a person. */
  examNoRead: z.string().nullable(),
  examNo: z.string().nullable(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  absentMarked: z.boolean(),
  /** Objective answers by question number as read; null = flagged (never guessed). */
  answers: z.record(z.string(), z.string().nullable()),
  /** Per question: fill ratios and flags (multiple, blank, faint). */
  questions: z.array(
    z.object({
      questionNo: z.string(),
      ratios: z.array(z.number()),
      letters: z.array(z.string()),
      flags: z.array(z.string()),
      answer: z.string().nullable(),
      /** A person's correction, when there is one. */
      corrected: z.string().nullable(),
    }),
  ),
  /** Subjective crops: box id → label; read them with makeScan/cropImage. */
  crops: z.array(z.object({ boxId: z.string(), label: z.string(), questionNumbers: z.array(z.string()) })),
  /** Set aside by a person (a duplicate not kept, an unreadable page). */
  discarded: z.boolean(),
  recognisedAt: z.string().nullable(),
});
export type ScanPage = z.infer<typeof scanPageSchema>;

// ---- Exceptions ----

/** One kind per bullet of the design's exception list; each has its own queue. */
export const RECOGNIZE_EXCEPTION_KINDS = {
  1: '无法识别的页面',
  2: '未知页面',
  3: '考号无法识别',
  4: '考号不是本科目考生',
  5: '重复答题卡',
  6: '答题卡缺页',
  7: '客观题涂卡异常',
  8: '缺考但有作答',
} as const;
export type RecognizeExceptionKind = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
const kindSchema = intInSchema('异常类型只能是 1 到 8', 1, 8);

/** 0 待处理, 1 已处理. */
export const RECOGNIZE_EXCEPTION_STATUSES = { 0: '待处理', 1: '已处理' } as const;

export const recognizeExceptionSchema = z.object({
  exceptionId: z.string(),
  seId: z.string(),
  kind: z.number(),
  kindName: z.string(),
  status: z.number(),
  /** What is wrong, in Chinese (the queue's line). */
  detail: z.string(),
  /** The page it concerns (image: makeScan/pageImage); duplicates and missing pages name the student instead. */
  pageId: z.string().nullable(),
  batchId: z.string().nullable(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  examNo: z.string().nullable(),
  /** 客观题涂卡异常: the question. */
  questionNo: z.string().nullable(),
  /** What recognition read, for the resolve screen (ratios, letters, flags, candidate pages…). */
  data: z.record(z.string(), z.unknown()),
  /** The person's decision once resolved. */
  resolution: z.record(z.string(), z.unknown()).nullable(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RecognizeException = z.infer<typeof recognizeExceptionSchema>;

const exceptionFilters = {
  kind: kindSchema.optional(),
  status: intInSchema('处理状态只能是 0（待处理）或 1（已处理）', 0, 1).optional(),
  currentPage: z.coerce.number().int('页码必须是整数').min(1, '页码从1开始').default(1),
  pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页至少1条').max(200, '每页最多200条').default(20),
};

const examNoSchema = z
  .string({ error: '考号必须是文字' })
  .trim()
  .regex(/^\d{1,20}$/, '考号只能是 1 到 20 位数字');

/**
 * How a person resolves an exception (examRecognizeException/update). Exactly the field its kind needs:
 * - 1 无法识别 / 2 未知页面: `discard` true (set the page aside; rescan and upload it again to read it);
 * - 3 考号无法识别 / 4 考号不是考生: `examNo` (an exam student's 考号), or `discard`;
 * - 5 重复答题卡: `keepPageIds` (the pages kept; the others of that student are set aside) and `reason`;
 * - 6 答题卡缺页: `accept` true (the missing page's questions stay unanswered) — or upload the page;
 * - 7 客观题涂卡异常: `answer` (letters, '' for 未作答);
 * - 8 缺考但有作答: `absent` (true keeps 缺考 and no scores; false scores the answers).
 */
export const exceptionResolutionSchema = z.object({
  discard: z.boolean().optional(),
  examNo: examNoSchema.optional(),
  keepPageIds: z.array(pageId).min(1, '请选择保留的答题卡').max(20, '最多保留20页').optional(),
  accept: z.boolean().optional(),
  answer: textInput('选项').trim().toUpperCase().max(8, '选项最多8个字母').optional(),
  absent: z.boolean().optional(),
  reason: textSchema('处理说明', { max: 200 }).optional(),
});
export type ExceptionResolution = z.infer<typeof exceptionResolutionSchema>;

export const exceptionSummarySchema = z.object({
  kinds: z.array(z.object({ kind: z.number(), kindName: z.string(), open: z.number(), resolved: z.number() })),
  open: z.number(),
  resolved: z.number(),
});

/** examRecognizeException card count: pages and students' answer sheets of the single exam. */
export const cardCountSchema = z.object({
  pages: z.number(),
  pagesRead: z.number(),
  pagesRefused: z.number(),
  pagesPending: z.number(),
  /** Students with at least one page. */
  sheets: z.number(),
  /** Students whose every card page arrived and was read. */
  completeSheets: z.number(),
  examStudents: z.number(),
});

// ---- Reconciliation ----

export const roomScanInfoSchema = z.object({
  /** null: students without a room. */
  room: z.string().nullable(),
  examStudents: z.number(),
  /** examStudents × pages of the card. */
  expectedPages: z.number(),
  receivedPages: z.number(),
  /** Students with every page. */
  complete: z.number(),
  absent: z.number(),
  missingStudents: z.array(z.object({ studentId: z.string(), name: z.string(), examNo: z.string().nullable() })),
  missingPages: z.array(
    z.object({ studentId: z.string(), name: z.string(), examNo: z.string().nullable(), pageNos: z.array(z.number()) }),
  ),
  /** Pages uploaded in this room's batches that belong to no student of the room (unknown, other room). */
  extras: z.array(
    z.object({
      pageId: z.string(),
      examNo: z.string().nullable(),
      detail: z.string(),
      studentRoom: z.string().nullable(),
    }),
  ),
  openExceptions: z.number(),
  /** Everyone placed in the room is scanned or 缺考, and no exception is open. */
  reconciled: z.boolean(),
});
export type RoomScanInfo = z.infer<typeof roomScanInfoSchema>;

export const examScanInfoSchema = z.object({
  seId: z.string(),
  /** Pages per student's card (from the card template in use). */
  pagesPerCard: z.number(),
  rooms: z.array(roomScanInfoSchema),
  totals: roomScanInfoSchema.omit({ room: true, missingStudents: true, missingPages: true, extras: true }).extend({
    missingStudents: z.number(),
    missingPages: z.number(),
    extras: z.number(),
  }),
});
export type ExamScanInfo = z.infer<typeof examScanInfoSchema>;

// ---- The single exam's procedure (stage) ----

/** The stages of a single exam from card to scores (singleProcedure code). */
export const SINGLE_PROCEDURES = {
  1: '制作答题卡',
  2: '扫描识别',
  3: '网上阅卷',
  4: '成绩核对',
  5: '已完成',
} as const;
export const singleProcedureSchema = z.object({
  seId: z.string(),
  code: z.number(),
  name: z.string(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  /** Whether the next stage may start now, and why not (e.g. open exceptions before 成绩核对). */
  blockers: z.array(z.string()),
});

export const studentCardSchema = z.object({
  seId: z.string(),
  studentId: z.string(),
  name: z.string(),
  examNo: z.string().nullable(),
  absent: z.boolean(),
  /** Effective objective answers by question number (read, corrected, or typed). */
  answers: z.record(z.string(), z.string().nullable()),
  pages: z.array(scanPageSchema),
});

export const scanningScansApi = {
  createBatch: mark(
    'makeScan/createBatch',
    {
      schoolId,
      seId,
      room: room.optional(),
      dpi: intInSchema('扫描分辨率应为 100 到 600 dpi', 100, 600).default(200),
    },
    scanBatchSchema,
  ),
  /**
   * One file into a batch (the web sends a folder file by file): JPEG, PNG, TIFF (multi-page), PDF or zip.
   * Returns what each file became (a zip: one line per entry). A refused file is a line with its message,
   * never an error of the call: nothing else in the batch is affected.
   */
  uploadScanFile: endpoint('mark', 'makeScan/uploadScanFile', {
    kind: 'multipart',
    access: 'session',
    params: z.object({ schoolId, batchId }),
    response: z.object({ files: z.array(scanFileSchema) }),
  }),
  findBatches: mark('makeScan/findBatches', { schoolId, seId }, z.array(scanBatchSchema)),
  batchStatus: mark('makeScan/batchStatus', { schoolId, batchId }, scanBatchStatusSchema),
  /** Soft delete: the batch's pages leave scores and reconciliation; the originals are kept (history). */
  deleteBatch: mark(
    'makeScan/deleteBatch',
    { schoolId, batchId, reason: textSchema('删除原因', { min: 1, max: 200 }) },
    scanBatchSchema,
  ),
  /** Every batch of the single exam, deleted ones included, with who uploaded and who deleted. */
  batchHistory: mark('makeScan/batchHistory', { schoolId, seId }, z.array(scanBatchSchema)),
  /** Runs recognition again for a batch's pages (or the given pages); corrections are kept. */
  recognizeAgain: mark(
    'makeScan/recognizeAgain',
    { schoolId, batchId, pageIds: z.array(pageId).max(5000, '最多5000页').optional() },
    z.object({ queued: z.number() }),
  ),
  findPages: mark(
    'makeScan/findPages',
    {
      schoolId,
      batchId,
      currentPage: z.coerce.number().int('页码必须是整数').min(1, '页码从1开始').default(1),
      pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页至少1条').max(200, '每页最多200条').default(50),
    },
    pageOf(scanPageSchema),
  ),
  findPage: mark('makeScan/findPage', { schoolId, pageId }, scanPageSchema),
  /** The page as scanned (a JPEG; a PDF or TIFF page as rasterised), for the resolve screen. School admins only. */
  pageImage: mark('makeScan/pageImage', { schoolId, pageId }, jpegFile),
  /** One subjective box's crop (2 mm margin, upright), for the resolve screen and marking. */
  cropImage: mark(
    'makeScan/cropImage',
    { schoolId, pageId, boxId: textSchema('答题框', { min: 1, max: 40 }) },
    jpegFile,
  ),
  /** Rooms whose scans do not add up (missing students or pages, extras, open exceptions). */
  findRoomErrors: mark('makeScan/findRoomErrors', { schoolId, seId }, z.array(roomScanInfoSchema)),
  /** Reconciliation per exam room and for the single exam: expected against received. */
  syncExamRoomScanInfo: mark(
    'makeScan/syncExamRoomScanInfo',
    { schoolId, seId, room: room.optional() },
    examScanInfoSchema,
  ),

  findExceptionsBySeId: mark(
    'examRecognizeException/findBySeId',
    { schoolId, seId, ...exceptionFilters },
    pageOf(recognizeExceptionSchema),
  ),
  /** The exceptions of one scanned page (epId: the page). */
  findExceptionsByEpId: mark(
    'examRecognizeException/findByEpId',
    { schoolId, epId: pageId },
    z.array(recognizeExceptionSchema),
  ),
  findExceptionsByStatus: mark(
    'examRecognizeException/findByStatus',
    { schoolId, seId, status: intInSchema('处理状态只能是 0（待处理）或 1（已处理）', 0, 1) },
    z.array(recognizeExceptionSchema),
  ),
  exceptionCardCount: mark('examRecognizeException/cardCount', { schoolId, seId }, cardCountSchema),
  exceptionSummary: mark('examRecognizeException/summary', { schoolId, seId }, exceptionSummarySchema),
  /** A person reports a problem recognition missed (e.g. a page that read but is wrong). */
  saveException: mark(
    'examRecognizeException/save',
    { schoolId, seId, pageId, detail: textSchema('异常说明', { min: 1, max: 200 }) },
    recognizeExceptionSchema,
  ),
  /** Resolves an exception: writes the corrected value and who did it (audit), never the image. */
  updateException: mark(
    'examRecognizeException/update',
    { schoolId, exceptionId: idSchema('异常'), resolution: exceptionResolutionSchema },
    recognizeExceptionSchema,
  ),

  findExamStudentCard: mark(
    'examStudentCard/findExamStudentCard',
    { schoolId, seId, studentId: idSchema('学生') },
    studentCardSchema,
  ),
  /**
   * A student's objective answers entered by hand (a sheet that cannot be scanned), or 缺考:
   * stored as corrections over what was scanned and written to the scores through the score path.
   */
  saveOrUpdateExamStudentCard: mark(
    'examStudentCard/saveOrUpdateExamStudentCard',
    {
      schoolId,
      seId,
      studentId: idSchema('学生'),
      /** Question number → letters ('' 未作答). */
      answers: z
        .record(
          textSchema('题号', { min: 1, max: 20 }),
          textInput('选项').trim().toUpperCase().max(8, '选项最多8个字母'),
        )
        .optional(),
      absent: z.boolean().optional(),
    },
    studentCardSchema,
  ),

  getSingleProcedure: mark('singleProcedure/get', { schoolId, seId }, singleProcedureSchema),
  updateSingleProcedure: mark(
    'singleProcedure/updateSingleProcedure',
    { schoolId, seId, code: intInSchema('阶段只能是 1 到 5', 1, 5) },
    singleProcedureSchema,
  ),
  /** Writes every student's recognised objective answers to the scores again (after corrections or a re-scan). */
  updateExamScoreByHwscore: mark(
    'examStudentHwscore/updateExamScoreByHwscore',
    { schoolId, seId },
    z.object({ students: z.number(), changedScores: z.number() }),
    true,
  ),
};
