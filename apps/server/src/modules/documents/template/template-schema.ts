import { bigint, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { schools } from '../../../platform/schema.ts';

// The school's paper templates (template/saveTemplate): one per school and scope ('' the whole
// school, `year:2026` a school year, `exam:<id>` an exam). The template itself is the contract's
// PaperTemplate, checked by zod before it is written, so it is kept whole as JSON.

export const paperTemplates = pgTable(
  'paper_templates',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    scope: text().notNull().default(''),
    template: jsonb().notNull(),
    updatedBy: bigint({ mode: 'number' }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.schoolId, t.scope)],
);
