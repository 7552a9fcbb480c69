import type { AnswerCardTemplate, CardSettings } from '@huikao/answer-card';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { schools } from '../../../platform/schema.ts';
import { users } from '../../auth/schema.ts';
import { singleExams } from '../../exams/schema.ts';

// Answer cards (issue #15, answer-cards-and-scanning.md): one card per single exam, each saved
// layout a version. Recognition reads a page's geometry from the version its page code names, so a
// version that was printed or has scans is never rewritten: an edit makes the next version.
// Deleting an exam (the exams module's rules decide when) takes its cards with it.

/** One card per single exam: its current version, its settings and its status. */
export const cardTemplates = pgTable(
  'card_templates',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id, { onDelete: 'cascade' }),
    /** draft → printed → scanning (contracts CARD_STATUS). */
    status: text().$type<'draft' | 'printed' | 'scanning'>().notNull().default('draft'),
    version: integer().notNull().default(1),
    /** Bumped by every save: a designer's stale copy is refused by it. */
    revision: integer().notNull().default(1),
    settings: jsonb().$type<CardSettings>().notNull(),
    /** A digest of the exam's questions the card was laid out from (structure changed since?). */
    questionsStamp: text().notNull(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id),
    updatedBy: bigint({ mode: 'number' }).references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.singleExamId), index().on(t.schoolId)],
);

/** Every version's laid-out template, kept for as long as its scans are. */
export const cardTemplateVersions = pgTable(
  'card_template_versions',
  {
    templateId: bigint({ mode: 'number' })
      .notNull()
      .references(() => cardTemplates.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    template: jsonb().$type<AnswerCardTemplate>().notNull(),
    printedAt: timestamp({ withTimezone: true }),
    /** Set when the first scanned page of this version is stored: from then on it never changes. */
    scannedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);
