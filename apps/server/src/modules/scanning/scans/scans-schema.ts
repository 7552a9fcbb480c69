import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { schools } from '../../../platform/schema.ts';
import { users } from '../../auth/schema.ts';
import { examStudents, singleExams } from '../../exams/schema.ts';

// Scans of answer cards (issue #16, answer-cards-and-scanning.md "Scanning"). An original is stored
// once per school by its sha-256 and never changed; an uploaded file points at it; each page of a
// file is a row that a background job recognises, its result written in one transaction with the
// page's checksum. Exceptions are what a person must decide; corrections never touch an image.

/** The bytes of an uploaded file, once per school and checksum (object storage holds them). */
export const scanOriginals = pgTable(
  'scan_originals',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.schoolId, t.sha256)],
);

/** A batch of scans of one single exam, optionally one exam room. Deleted batches are kept (soft delete). */
export const scanBatches = pgTable(
  'scan_batches',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    room: text(),
    dpi: smallint().notNull().default(200),
    createdBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: bigint({ mode: 'number' }).references(() => users.id),
    deleteReason: text(),
  },
  (t) => [index().on(t.singleExamId)],
);

/** One uploaded file (or one entry of an uploaded zip): stored, a duplicate of an earlier file, or refused. */
export const scanFiles = pgTable(
  'scan_files',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    batchId: bigint({ mode: 'number' })
      .notNull()
      .references(() => scanBatches.id),
    originalId: bigint({ mode: 'number' }).references(() => scanOriginals.id),
    fileName: text().notNull(),
    archiveName: text(),
    /** jpeg, png, tiff, pdf (what the bytes are, not what the name says). */
    format: text(),
    size: integer().notNull(),
    sha256: text().notNull(),
    /** stored | duplicate | refused (contracts SCAN_FILE_STATUSES). */
    status: text().notNull(),
    message: text(),
    pageCount: integer().notNull().default(0),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.batchId), index().on(t.singleExamId, t.sha256)],
);

/** What recognition read on a page, as stored (answers, ratios, flags, crop keys). */
export interface StoredPageResult {
  questions: {
    questionNo: string;
    ratios: number[];
    letters: string[];
    uncertain: string[];
    flags: string[];
    answer: string | null;
  }[];
  examNoDigits: { digit: number | null; flags: string[] }[] | null;
  barcode: string | null;
  absentShare: number | null;
  skewDegrees: number;
  measuredDpi: number;
  crops: { boxId: string; label: string; questionNumbers: string[]; key: string }[];
}

/** A person's corrections of a page: never the image, only values. */
export interface PageCorrections {
  examNo?: string;
  /** questionNo → letters ('' 未作答). */
  answers?: Record<string, string>;
  absent?: boolean;
}

/** One page of a file, recognised by a background job; re-running replaces the result, keeps corrections. */
export const scanPages = pgTable(
  'scan_pages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    batchId: bigint({ mode: 'number' })
      .notNull()
      .references(() => scanBatches.id),
    fileId: bigint({ mode: 'number' })
      .notNull()
      .references(() => scanFiles.id),
    pageIndex: integer().notNull(),
    /**
     * The page's own bytes in storage: the original for a one-page file, a page split off a PDF
     * (pdfseparate, a one-page PDF) or a TIFF (a lossless PNG) otherwise. The original is never changed.
     */
    sourceKey: text().notNull(),
    /** jpeg | png | pdf: how the source is decoded. */
    sourceFormat: text().notNull(),
    /** sha-256 of the page's own bytes (a JPEG, PNG or zip entry: the file's; a TIFF or PDF page: file + index). */
    checksum: text().notNull(),
    /** queued | recognising | done | failed (contracts SCAN_PAGE_STATUSES). */
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    error: text(),
    /** read | locators-missing | layout-mismatch | unknown-page | other-exam | undecodable. */
    outcome: text(),
    detail: text(),
    templateId: text(),
    templateVersion: integer(),
    pageNo: integer(),
    turned: boolean().notNull().default(false),
    examNoRead: text(),
    /** Whose page it is: from the 考号 read or corrected; null while unknown. */
    examStudentId: bigint({ mode: 'number' }).references(() => examStudents.id),
    absentMarked: boolean().notNull().default(false),
    result: jsonb().$type<StoredPageResult>(),
    /** The checksum the result was read from (equal to `checksum`: a result always names its page's bytes). */
    resultChecksum: text(),
    /** A PDF or TIFF page as rasterised for the resolve screen; a JPEG or PNG page shows its original. */
    imageKey: text(),
    corrections: jsonb().$type<PageCorrections>().notNull().default({}),
    discarded: boolean().notNull().default(false),
    recognisedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.fileId, t.pageIndex),
    index().on(t.batchId, t.status),
    index().on(t.singleExamId, t.examStudentId),
  ],
);

/**
 * examRecognizeException: what a person must decide (contracts RECOGNIZE_EXCEPTION_KINDS). `key` names
 * what it is about (a page and question, or a student), so recognising again keeps one row per problem
 * and a resolved one stays resolved.
 */
export const recognizeExceptions = pgTable(
  'recognize_exceptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    key: text().notNull(),
    kind: smallint().notNull(),
    /** 0 待处理, 1 已处理. */
    status: smallint().notNull().default(0),
    detail: text().notNull(),
    pageId: bigint({ mode: 'number' }).references(() => scanPages.id),
    examStudentId: bigint({ mode: 'number' }).references(() => examStudents.id),
    questionNo: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    resolution: jsonb().$type<Record<string, unknown>>(),
    resolvedBy: bigint({ mode: 'number' }).references(() => users.id),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recognize_exceptions_key').on(t.singleExamId, t.key),
    index().on(t.singleExamId, t.kind, t.status),
    index().on(t.pageId),
  ],
);

/** Answers typed for a student whose sheet cannot be scanned (examStudentCard), over whatever was scanned. */
export const scanStudentCards = pgTable('scan_student_cards', {
  examStudentId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => examStudents.id),
  schoolId: bigint({ mode: 'number' })
    .notNull()
    .references(() => schools.id),
  singleExamId: bigint({ mode: 'number' })
    .notNull()
    .references(() => singleExams.id),
  answers: jsonb().$type<Record<string, string>>().notNull().default({}),
  absent: boolean(),
  updatedBy: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** singleProcedure: the stage of a single exam from card to scores (contracts SINGLE_PROCEDURES). */
export const singleProcedures = pgTable('single_procedures', {
  singleExamId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => singleExams.id),
  schoolId: bigint({ mode: 'number' })
    .notNull()
    .references(() => schools.id),
  code: smallint().notNull().default(1),
  updatedBy: bigint({ mode: 'number' }).references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
