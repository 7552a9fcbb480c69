import type { ClassTeacher } from '@huikao/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { classes, classTeachers, classYears, eduCourses, eduGrades, gradeTerms, teachers } from '../schema.ts';

export type LinkRow = typeof classTeachers.$inferSelect;

export interface LinkFilter {
  schoolId: number;
  termId?: number;
  teacherId?: number;
  linkId?: number;
  /** The class's grade in the link's school year. */
  gradeId?: number;
  enterYear?: number;
  courseId?: number;
}

/**
 * Class-teacher links with class, grade, course and teacher names in one query. The grade is the
 * one the class had in the link's school year (class_years), so old terms keep their grades.
 */
export async function linkViews(ex: Executor, f: LinkFilter): Promise<ClassTeacher[]> {
  const gradeOf = sql<number>`coalesce(${classYears.gradeId}, ${classes.gradeId})`;
  const where: (SQL | undefined)[] = [
    eq(classTeachers.schoolId, f.schoolId),
    f.termId === undefined ? undefined : eq(classTeachers.termId, f.termId),
    f.teacherId === undefined ? undefined : eq(classTeachers.teacherId, f.teacherId),
    f.linkId === undefined ? undefined : eq(classTeachers.id, f.linkId),
    f.gradeId === undefined ? undefined : eq(gradeOf, f.gradeId),
    f.enterYear === undefined ? undefined : eq(classes.enterYear, f.enterYear),
    f.courseId === undefined ? undefined : eq(classTeachers.courseId, f.courseId),
  ];
  const rows = await ex
    .select({
      scteaId: classTeachers.id,
      termId: classTeachers.termId,
      classId: classes.id,
      className: classes.name,
      gradeId: eduGrades.id,
      gradeName: eduGrades.name,
      courseId: eduCourses.id,
      courseName: eduCourses.name,
      teacherId: teachers.id,
      teacherName: teachers.name,
      isHead: classTeachers.isHead,
    })
    .from(classTeachers)
    .innerJoin(gradeTerms, eq(gradeTerms.id, classTeachers.termId))
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .leftJoin(
      classYears,
      and(eq(classYears.classId, classTeachers.classId), eq(classYears.schoolYearId, gradeTerms.schoolYearId)),
    )
    .innerJoin(eduGrades, eq(eduGrades.id, gradeOf))
    .leftJoin(eduCourses, eq(eduCourses.id, classTeachers.courseId))
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .where(and(...where))
    .orderBy(
      desc(gradeTerms.startDate),
      asc(eduGrades.sortOrder),
      sql`length(${classes.name})`,
      asc(classes.name),
      sql`${eduCourses.sortOrder} nulls first`,
    );
  return rows.map((r) => ({
    scteaId: String(r.scteaId),
    termId: String(r.termId),
    classId: String(r.classId),
    className: r.className,
    gradeId: String(r.gradeId),
    gradeName: r.gradeName,
    courseId: r.courseId === null ? null : String(r.courseId),
    courseName: r.courseName,
    teacherId: String(r.teacherId),
    teacherName: r.teacherName,
    isHead: r.isHead,
  }));
}

export async function findLink(ex: Executor, linkId: number): Promise<LinkRow | null> {
  const [row] = await ex.select().from(classTeachers).where(eq(classTeachers.id, linkId));
  return row ?? null;
}

/** Who already teaches the course in the class this term (one teacher per term, class and course). */
export async function courseTeacherName(ex: Executor, termId: number, classId: number, courseId: number) {
  const [row] = await ex
    .select({ name: teachers.name })
    .from(classTeachers)
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .where(
      and(eq(classTeachers.termId, termId), eq(classTeachers.classId, classId), eq(classTeachers.courseId, courseId)),
    );
  return row?.name ?? null;
}

/** The class's 班主任 this term, if any (one per term and class). */
export async function headTeacherName(ex: Executor, termId: number, classId: number) {
  const [row] = await ex
    .select({ name: teachers.name })
    .from(classTeachers)
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .where(and(eq(classTeachers.termId, termId), eq(classTeachers.classId, classId), classTeachers.isHead));
  return row?.name ?? null;
}

export async function insertLink(
  ex: Executor,
  values: {
    schoolId: number;
    termId: number;
    classId: number;
    courseId: number | null;
    teacherId: number;
    isHead: boolean;
  },
): Promise<number> {
  const [row] = await ex.insert(classTeachers).values(values).returning({ id: classTeachers.id });
  return row!.id;
}

export async function deleteLink(ex: Executor, linkId: number) {
  await ex.delete(classTeachers).where(eq(classTeachers.id, linkId));
}
