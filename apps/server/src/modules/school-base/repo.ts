import { and, eq, gte, inArray, lte, not, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db.ts';
import { areas, schools } from '../../platform/schema.ts';
import {
  classes,
  classTeachers,
  gradeTerms,
  organLeaders,
  schoolGrades,
  schoolRelations,
  schoolYears,
  students,
  teachers,
} from './schema.ts';

export interface SchoolRow {
  id: number;
  code: string;
  name: string;
  areaId: number | null;
}

export async function findSchool(db: Executor, schoolId: number): Promise<SchoolRow | null> {
  const [row] = await db
    .select({ id: schools.id, code: schools.code, name: schools.name, areaId: schools.areaId })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? null;
}

export async function relationsOfUser(db: Executor, userId: number) {
  return db
    .select({
      schoolId: schoolRelations.schoolId,
      schoolName: schools.name,
      relationId: schoolRelations.areaId,
      relationName: areas.name,
    })
    .from(schoolRelations)
    .innerJoin(schools, eq(schools.id, schoolRelations.schoolId))
    .innerJoin(areas, eq(areas.id, schoolRelations.areaId))
    .where(eq(schoolRelations.userId, userId))
    .orderBy(schoolRelations.schoolId);
}

/** A school's own area, as a relation: what findUserInfo shows users other than managers. */
export async function schoolArea(db: Executor, schoolId: number) {
  const [row] = await db
    .select({ schoolId: schools.id, schoolName: schools.name, relationId: areas.id, relationName: areas.name })
    .from(schools)
    .innerJoin(areas, eq(areas.id, schools.areaId))
    .where(eq(schools.id, schoolId));
  return row ?? null;
}

export async function relationSchoolIds(db: Executor, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: schoolRelations.userId, schoolId: schoolRelations.schoolId })
    .from(schoolRelations)
    .where(inArray(schoolRelations.userId, userIds));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.schoolId]);
  return byUser;
}

/** The school year and the term of it whose dates cover `date` (YYYY-MM-DD). */
export async function yearAndTermCovering(db: Executor, schoolId: number, date: string) {
  const [row] = await db
    .select({
      schyId: schoolYears.id,
      yearName: schoolYears.name,
      yearStart: schoolYears.startDate,
      yearEnd: schoolYears.endDate,
      termId: gradeTerms.id,
      termNo: gradeTerms.termNo,
      termName: gradeTerms.name,
      termStart: gradeTerms.startDate,
      termEnd: gradeTerms.endDate,
    })
    .from(schoolYears)
    .innerJoin(gradeTerms, eq(gradeTerms.schoolYearId, schoolYears.id))
    .where(
      and(
        eq(schoolYears.schoolId, schoolId),
        lte(schoolYears.startDate, date),
        gte(schoolYears.endDate, date),
        lte(gradeTerms.startDate, date),
        gte(gradeTerms.endDate, date),
      ),
    )
    .orderBy(gradeTerms.termNo)
    .limit(1);
  return row ?? null;
}

/** table_info/refresh: the school's base data counted in one round trip. */
export async function tableCounts(db: Executor, schoolId: number) {
  const countOf = (table: PgTable, where: SQL) =>
    sql<number>`(select count(*) from ${table} where ${where})`.mapWith(Number);
  const [row] = await db
    .select({
      grades: countOf(schoolGrades, eq(schoolGrades.schoolId, schoolId)),
      classes: countOf(classes, and(eq(classes.schoolId, schoolId), not(classes.graduated))!),
      students: countOf(students, and(eq(students.schoolId, schoolId), eq(students.status, 1))!),
      teachers: countOf(teachers, and(eq(teachers.schoolId, schoolId), eq(teachers.status, 1))!),
      classTeachers: countOf(classTeachers, eq(classTeachers.schoolId, schoolId)),
      organLeaders: countOf(organLeaders, eq(organLeaders.schoolId, schoolId)),
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? { grades: 0, classes: 0, students: 0, teachers: 0, classTeachers: 0, organLeaders: 0 };
}
