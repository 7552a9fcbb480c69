import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { schools } from '../../../platform/schema.ts';
import { paperTemplates } from './template-schema.ts';

// The only Drizzle user of the paper templates.

export type PaperTemplateRow = typeof paperTemplates.$inferSelect;

export async function findTemplate(db: Db, schoolId: number, scope: string): Promise<PaperTemplateRow | null> {
  const [row] = await db
    .select()
    .from(paperTemplates)
    .where(and(eq(paperTemplates.schoolId, schoolId), eq(paperTemplates.scope, scope)));
  return row ?? null;
}

/** Writes the scope's template, replacing the one saved before (one row per school and scope). */
export async function upsertTemplate(
  db: Db,
  row: { schoolId: number; scope: string; template: unknown; updatedBy: number },
): Promise<PaperTemplateRow> {
  const [saved] = await db
    .insert(paperTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [paperTemplates.schoolId, paperTemplates.scope],
      set: { template: row.template, updatedBy: row.updatedBy, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}

export async function schoolName(db: Db, schoolId: number): Promise<string> {
  const [row] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return row?.name ?? '';
}
