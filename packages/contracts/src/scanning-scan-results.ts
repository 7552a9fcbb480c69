import { z } from 'zod';
import { scanPageSchema } from './scanning-scan-pages.ts';

// Scanning contracts, what the scans add up to (issue #16): reconciliation per exam room, the single
// exam's stage, and one student's card. The calls are in scanning-scans.ts.

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
