import { CLASS_TYPES, type SchoolClass } from '@huikao/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, not, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { classes, classTeachers, classYears, eduGrades, schoolYears, students, teachers } from '../schema.ts';

export type ClassRow = typeof classes.$inferSelect;

export interface ClassFilter {
  schoolId: number;
  /** With a school year: the classes of that year, each with the grade it had that year. */
  schoolYearId?: number;
  /** The term whose 班主任 is shown; null shows none. */
  termId: number | null;
  classIds?: number[];
  gradeId?: number;
  enterYear?: number;
  activeOnly?: boolean;
}

/**
 * Classes with their grade, student count and 班主任 in one query (no per-class queries): counts
 * come from a grouped subquery; students who left (转出) are not counted.
 */
export async function classViews(ex: Executor, f: ClassFilter): Promise<SchoolClass[]> {
  const counts = ex
    .select({ classId: students.classId, n: count().as('n') })
    .from(students)
    .where(ne(students.status, 3))
    .groupBy(students.classId)
    .as('student_counts');
  const gradeOf = sql<number>`coalesce(${classYears.gradeId}, ${classes.gradeId})`;
  const rows = await ex
    .select({
      classId: classes.id,
      name: classes.name,
      gradeId: eduGrades.id,
      gradeName: eduGrades.name,
      enterYear: classes.enterYear,
      classType: classes.classType,
      graduated: classes.graduated,
      studentCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
      headTeacherName: teachers.name,
    })
    .from(classes)
    .leftJoin(classYears, and(eq(classYears.classId, classes.id), eq(classYears.schoolYearId, f.schoolYearId ?? 0)))
    .innerJoin(eduGrades, eq(eduGrades.id, gradeOf))
    .leftJoin(counts, eq(counts.classId, classes.id))
    .leftJoin(
      classTeachers,
      and(eq(classTeachers.classId, classes.id), eq(classTeachers.termId, f.termId ?? 0), classTeachers.isHead),
    )
    .leftJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .where(
      and(
        eq(classes.schoolId, f.schoolId),
        f.schoolYearId === undefined ? undefined : isNotNull(classYears.classId),
        f.classIds === undefined ? undefined : inArray(classes.id, f.classIds),
        f.gradeId === undefined ? undefined : eq(gradeOf, f.gradeId),
        f.enterYear === undefined ? undefined : eq(classes.enterYear, f.enterYear),
        f.activeOnly ? not(classes.graduated) : undefined,
      ),
    )
    // 1班, 2班 … 10班: shorter names first keeps the numbers in order.
    .orderBy(asc(eduGrades.sortOrder), desc(classes.enterYear), sql`length(${classes.name})`, asc(classes.name));
  return rows.map((r) => ({
    classId: String(r.classId),
    name: r.name,
    gradeId: String(r.gradeId),
    gradeName: r.gradeName,
    enterYear: r.enterYear,
    classType: r.classType,
    classTypeName: CLASS_TYPES[r.classType as keyof typeof CLASS_TYPES] ?? '',
    studentCount: r.studentCount,
    headTeacherName: r.headTeacherName,
    graduated: r.graduated,
  }));
}

export async function findClass(ex: Executor, classId: number): Promise<ClassRow | null> {
  const [row] = await ex.select().from(classes).where(eq(classes.id, classId));
  return row ?? null;
}

/** The other active class with this name in the same enter year, if any. */
export async function activeClassNamed(
  ex: Executor,
  schoolId: number,
  enterYear: number,
  name: string,
  exceptId?: number,
) {
  const [row] = await ex
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, schoolId),
        eq(classes.enterYear, enterYear),
        eq(classes.name, name),
        not(classes.graduated),
        exceptId === undefined ? undefined : ne(classes.id, exceptId),
      ),
    );
  return row !== undefined;
}

export interface ClassValues {
  name: string;
  gradeId: number;
  enterYear: number;
  classType: number;
}

export async function insertClass(ex: Executor, schoolId: number, values: ClassValues): Promise<number> {
  const [row] = await ex
    .insert(classes)
    .values({ schoolId, ...values })
    .returning({ id: classes.id });
  return row!.id;
}

export async function updateClass(ex: Executor, classId: number, values: ClassValues) {
  await ex.update(classes).set(values).where(eq(classes.id, classId));
}

export async function upsertClassYear(ex: Executor, classId: number, schoolYearId: number, gradeId: number) {
  await ex
    .insert(classYears)
    .values({ classId, schoolYearId, gradeId })
    .onConflictDoUpdate({ target: [classYears.classId, classYears.schoolYearId], set: { gradeId } });
}

/** Corrects the grade of the class's latest school year (an edit fixing a wrong grade). */
export async function setLatestYearGrade(ex: Executor, classId: number, gradeId: number) {
  const [latest] = await ex
    .select({ schoolYearId: classYears.schoolYearId })
    .from(classYears)
    .innerJoin(schoolYears, eq(schoolYears.id, classYears.schoolYearId))
    .where(eq(classYears.classId, classId))
    .orderBy(desc(schoolYears.startDate))
    .limit(1);
  if (!latest) return;
  await ex
    .update(classYears)
    .set({ gradeId })
    .where(and(eq(classYears.classId, classId), eq(classYears.schoolYearId, latest.schoolYearId)));
}

/** The grade the class had in that school year, or null when it was not a class of that year. */
export async function gradeInYear(ex: Executor, classId: number, schoolYearId: number): Promise<number | null> {
  const [row] = await ex
    .select({ gradeId: classYears.gradeId })
    .from(classYears)
    .where(and(eq(classYears.classId, classId), eq(classYears.schoolYearId, schoolYearId)));
  return row?.gradeId ?? null;
}

/** Every student row of the class, whatever the status: any of them keeps the class. */
export async function countStudentsOfClass(ex: Executor, classId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(students).where(eq(students.classId, classId));
  return row?.n ?? 0;
}

export async function countLinksOfClass(ex: Executor, classId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(classTeachers).where(eq(classTeachers.classId, classId));
  return row?.n ?? 0;
}

/** The class and its own year history; callers refuse first when students or links use it. */
export async function deleteClass(ex: Executor, classId: number) {
  await ex.delete(classYears).where(eq(classYears.classId, classId));
  await ex.delete(classes).where(eq(classes.id, classId));
}
