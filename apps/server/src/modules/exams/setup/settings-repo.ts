import type { ExamLevelScheme, SchoolRelation, ScoreConfig } from '@huikao/contracts';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { areas, schoolRelations, schools } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { examLevelSchemes, multiExams, schoolScoreConfigs } from '../schema.ts';

// School settings of the exams domain: the score configuration (SSC) and level schemes (ELA).

export type LevelSchemeRow = typeof examLevelSchemes.$inferSelect;

export async function findScoreConfig(ex: Executor, schoolId: number): Promise<ScoreConfig | null> {
  const [row] = await ex.select().from(schoolScoreConfigs).where(eq(schoolScoreConfigs.schoolId, schoolId));
  return row?.config ?? null;
}

export async function upsertScoreConfig(tx: Executor, schoolId: number, config: ScoreConfig, userId: number) {
  await tx
    .insert(schoolScoreConfigs)
    .values({ schoolId, config, updatedBy: userId })
    .onConflictDoUpdate({
      target: schoolScoreConfigs.schoolId,
      set: { config, updatedBy: userId, updatedAt: sql`now()` },
    });
}

export function toScheme(row: LevelSchemeRow): ExamLevelScheme {
  return {
    elaId: String(row.id),
    schoolId: row.schoolId === null ? null : String(row.schoolId),
    areaId: row.areaId === null ? null : String(row.areaId),
    name: row.name,
    builtIn: false,
    levels: row.levels,
  };
}

/** Schemes of the school and of its area. */
export async function schemesOf(ex: Executor, schoolId: number | null, areaId: number | null) {
  const rows = await ex
    .select()
    .from(examLevelSchemes)
    .where(
      or(
        schoolId === null ? sql`false` : eq(examLevelSchemes.schoolId, schoolId),
        areaId === null ? sql`false` : and(eq(examLevelSchemes.areaId, areaId), isNull(examLevelSchemes.schoolId)),
      ),
    )
    .orderBy(asc(examLevelSchemes.id));
  return rows.map(toScheme);
}

export async function findScheme(ex: Executor, elaId: number): Promise<LevelSchemeRow | null> {
  const [row] = await ex.select().from(examLevelSchemes).where(eq(examLevelSchemes.id, elaId));
  return row ?? null;
}

export async function insertScheme(
  tx: Executor,
  values: { schoolId: number; name: string; levels: ExamLevelScheme['levels'] },
) {
  const [row] = await tx.insert(examLevelSchemes).values(values).returning();
  return row!;
}

export async function updateScheme(
  tx: Executor,
  elaId: number,
  values: { name: string; levels: ExamLevelScheme['levels'] },
) {
  const [row] = await tx
    .update(examLevelSchemes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(examLevelSchemes.id, elaId))
    .returning();
  return row!;
}

export async function deleteScheme(tx: Executor, elaId: number): Promise<void> {
  await tx.delete(examLevelSchemes).where(eq(examLevelSchemes.id, elaId));
}

export async function areaOfSchool(ex: Executor, schoolId: number): Promise<number | null> {
  const [row] = await ex.select({ areaId: schools.areaId }).from(schools).where(eq(schools.id, schoolId));
  return row?.areaId ?? null;
}

export async function findArea(ex: Executor, areaId: number) {
  const [row] = await ex.select().from(areas).where(eq(areas.id, areaId));
  return row ?? null;
}

/** Schools with their area as the relation (schoolId, relationId = area id). */
export async function schoolsWithArea(ex: Executor, schoolIds: number[]): Promise<SchoolRelation[]> {
  if (schoolIds.length === 0) return [];
  const rows = await ex
    .select({ schoolId: schools.id, schoolName: schools.name, areaId: areas.id, areaName: areas.name })
    .from(schools)
    .leftJoin(areas, eq(areas.id, schools.areaId))
    .where(inArray(schools.id, schoolIds))
    .orderBy(asc(schools.id));
  return rows.map((r) => ({
    schoolId: String(r.schoolId),
    schoolName: r.schoolName,
    relationId: r.areaId === null ? '' : String(r.areaId),
    relationName: r.areaName ?? '',
  }));
}

/** A manager's relations among these schools. */
export async function relationsOf(ex: Executor, userId: number, schoolIds: number[]): Promise<SchoolRelation[]> {
  if (schoolIds.length === 0) return [];
  const rows = await ex
    .select({ schoolId: schools.id, schoolName: schools.name, areaId: areas.id, areaName: areas.name })
    .from(schoolRelations)
    .innerJoin(schools, eq(schools.id, schoolRelations.schoolId))
    .innerJoin(areas, eq(areas.id, schoolRelations.areaId))
    .where(and(eq(schoolRelations.userId, userId), inArray(schoolRelations.schoolId, schoolIds)))
    .orderBy(asc(schools.id));
  return rows.map((r) => ({
    schoolId: String(r.schoolId),
    schoolName: r.schoolName,
    relationId: String(r.areaId),
    relationName: r.areaName,
  }));
}

/** An exam of the school whose analysis settings apply the scheme. */
export async function examUsingScheme(ex: Executor, schoolId: number, elaId: number): Promise<string | null> {
  const [row] = await ex
    .select({ name: multiExams.name })
    .from(multiExams)
    .where(and(eq(multiExams.schoolId, schoolId), sql`${multiExams.settings}->>'elaId' = ${String(elaId)}`))
    .limit(1);
  return row?.name ?? null;
}
