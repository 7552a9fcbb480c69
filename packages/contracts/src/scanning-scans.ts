import { z } from 'zod';
import { idSchema, intInSchema, textInput, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  cardCountSchema,
  exceptionFilters,
  exceptionResolutionSchema,
  exceptionSummarySchema,
  recognizeExceptionSchema,
} from './scanning-scan-exceptions.ts';
import { scanBatchSchema, scanBatchStatusSchema, scanFileSchema, scanPageSchema } from './scanning-scan-pages.ts';
import {
  examScanInfoSchema,
  roomScanInfoSchema,
  singleProcedureSchema,
  studentCardSchema,
} from './scanning-scan-results.ts';
import { pageOf } from './school-base-models.ts';

// Scanning and recognition (issue #16, answer-cards-and-scanning.md "Scanning"): batches of scans
// uploaded file by file, each original stored once with its sha-256, every page recognised in a
// background job, the exceptions a person resolves, and the reconciliation per exam room. Marking
// service calls (`/mark/api`, JSON; the upload is multipart). A file response (page image, crop)
// is the JPEG itself, never the envelope. The models are in scanning-scan-pages.ts (files, pages, batches),
// scanning-scan-exceptions.ts and scanning-scan-results.ts (reconciliation, stage, a student's card).

const schoolId = idSchema('学校');
const seId = idSchema('科目考试');
const batchId = idSchema('扫描批次');
const pageId = idSchema('扫描页');
const room = textSchema('考场', { max: 50 });

const mark = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R, loading = false) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response, loading });

/** A JPEG answered as the file itself (page images and crops for the resolve screen and marking). */
const jpegFile = z.unknown();

export {
  cardCountSchema,
  type ExceptionResolution,
  exceptionResolutionSchema,
  exceptionSummarySchema,
  RECOGNIZE_EXCEPTION_KINDS,
  RECOGNIZE_EXCEPTION_STATUSES,
  type RecognizeException,
  type RecognizeExceptionKind,
  recognizeExceptionSchema,
} from './scanning-scan-exceptions.ts';
export {
  SCAN_FILE_STATUSES,
  SCAN_PAGE_STATUSES,
  type ScanBatch,
  type ScanBatchStatus,
  type ScanFile,
  type ScanFileStatus,
  type ScanPage,
  type ScanPageStatus,
  scanBatchSchema,
  scanBatchStatusSchema,
  scanFileSchema,
  scanPageSchema,
} from './scanning-scan-pages.ts';
export {
  type ExamScanInfo,
  examScanInfoSchema,
  type RoomScanInfo,
  roomScanInfoSchema,
  SINGLE_PROCEDURES,
  singleProcedureSchema,
  studentCardSchema,
} from './scanning-scan-results.ts';

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
