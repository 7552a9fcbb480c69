import { and, asc, count, desc, eq, inArray, lt, not, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { classes, classYears, eduGrades, schoolYears, students } from '../schema.ts';
import type { ClassInYear } from './plan.ts';

/** The school year before the target: the one whose end date is the latest before the target starts. */
export async function yearBefore(ex: Executor, schoolId: number, startDate: string) {
  const [row] = await ex
    .select()
    .from(schoolYears)
    .where(and(eq(schoolYears.schoolId, schoolId), lt(schoolYears.endDate, startDate)))
    .orderBy(desc(schoolYears.endDate))
    .limit(1);
  return row ?? null;
}

/** The school's active classes of a school year, with that year's grade and their 在读 students. */
export async function activeClassesOfYear(
  ex: Executor,
  schoolId: number,
  schoolYearId: number,
): Promise<ClassInYear[]> {
  const counts = ex
    .select({ classId: students.classId, n: count().as('n') })
    .from(students)
    .where(eq(students.status, 1))
    .groupBy(students.classId)
    .as('student_counts');
  return ex
    .select({
      classId: classes.id,
      name: classes.name,
      gradeId: classYears.gradeId,
      studentCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
    })
    .from(classes)
    .innerJoin(classYears, and(eq(classYears.classId, classes.id), eq(classYears.schoolYearId, schoolYearId)))
    .innerJoin(eduGrades, eq(eduGrades.id, classYears.gradeId))
    .leftJoin(counts, eq(counts.classId, classes.id))
    .where(and(eq(classes.schoolId, schoolId), not(classes.graduated)))
    .orderBy(asc(eduGrades.sortOrder), sql`length(${classes.name})`, asc(classes.name));
}

export async function countClassYears(ex: Executor, schoolYearId: number, classIds: number[]): Promise<number> {
  if (classIds.length === 0) return 0;
  const [row] = await ex
    .select({ n: count() })
    .from(classYears)
    .where(and(eq(classYears.schoolYearId, schoolYearId), inArray(classYears.classId, classIds)));
  return row?.n ?? 0;
}

/** Moves classes to their next grade and records it for the target year: one UPDATE per target grade. */
export async function promoteClasses(
  ex: Executor,
  schoolYearId: number,
  moves: { classId: number; gradeId: number }[],
) {
  if (moves.length === 0) return;
  const byGrade = new Map<number, number[]>();
  for (const m of moves) byGrade.set(m.gradeId, [...(byGrade.get(m.gradeId) ?? []), m.classId]);
  for (const [gradeId, classIds] of byGrade) {
    await ex.update(classes).set({ gradeId }).where(inArray(classes.id, classIds));
  }
  await ex.insert(classYears).values(moves.map((m) => ({ classId: m.classId, schoolYearId, gradeId: m.gradeId })));
}

/** Archives graduating classes and marks their 在读 students 毕业; no row is deleted. */
export async function graduateClasses(ex: Executor, classIds: number[]): Promise<number> {
  if (classIds.length === 0) return 0;
  await ex.update(classes).set({ graduated: true }).where(inArray(classes.id, classIds));
  const graduated = await ex
    .update(students)
    .set({ status: 2, updatedAt: new Date() })
    .where(and(inArray(students.classId, classIds), eq(students.status, 1)))
    .returning({ id: students.id });
  return graduated.length;
}
