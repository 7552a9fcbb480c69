import { z } from 'zod';

// Scanning contracts, files, pages and batches (issue #16): what an upload became and what
// recognition read on each page. The calls are in scanning-scans.ts.

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
