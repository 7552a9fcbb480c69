import { desc, eq, inArray, sql } from 'drizzle-orm';
import { chunksOf, type Executor } from '../../../platform/db.ts';
import { classes, classTeachers, classYears, organLeaders, schoolYears, students, teachers } from '../schema.ts';
import { CHUNK } from './lookup-repo.ts';

// The writes of an import: multi-row INSERT … ON CONFLICT on the natural keys, CHUNK rows per
// statement (well under PostgreSQL's 65,535 parameters), never one statement per row. The service
// sends only rows that create or change something.

async function chunked<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (const chunk of chunksOf(rows, CHUNK)) await write(chunk);
}

export type StudentWrite = typeof students.$inferInsert & { userId: number };

/** By (school, 学号): a known 学号 takes the row's name, gender, 考号 and class (a move). */
export function upsertStudents(tx: Executor, rows: StudentWrite[]) {
  return chunked(rows, (chunk) =>
    tx
      .insert(students)
      .values(chunk)
      .onConflictDoUpdate({
        target: [students.schoolId, students.studentNo],
        set: {
          name: sql`excluded.name`,
          gender: sql`excluded.gender`,
          examNo: sql`excluded.exam_no`,
          classId: sql`excluded.class_id`,
          updatedAt: sql`now()`,
        },
      }),
  );
}

export type TeacherWrite = typeof teachers.$inferInsert & { userId: number };

/** By (school, phone). */
export function upsertTeachers(tx: Executor, rows: TeacherWrite[]) {
  return chunked(rows, (chunk) =>
    tx
      .insert(teachers)
      .values(chunk)
      .onConflictDoUpdate({
        target: [teachers.schoolId, teachers.phone],
        set: { name: sql`excluded.name`, gender: sql`excluded.gender`, updatedAt: sql`now()` },
      }),
  );
}

/** By (school, enter year, name) among active classes; returns the ids of every row written. */
export async function upsertClasses(tx: Executor, rows: (typeof classes.$inferInsert)[]) {
  const written: { id: number; enterYear: number; name: string }[] = [];
  await chunked(rows, async (chunk) => {
    written.push(
      ...(await tx
        .insert(classes)
        .values(chunk)
        .onConflictDoUpdate({
          target: [classes.schoolId, classes.enterYear, classes.name],
          targetWhere: sql`not graduated`,
          set: { gradeId: sql`excluded.grade_id`, classType: sql`excluded.class_type` },
        })
        .returning({ id: classes.id, enterYear: classes.enterYear, name: classes.name })),
    );
  });
  return written;
}

/** The latest school year each class has a grade for: classId → schoolYearId. */
export async function latestClassYears(tx: Executor, classIds: number[]): Promise<Map<number, number>> {
  const latest = new Map<number, number>();
  await chunked(classIds, async (chunk) => {
    const rows = await tx
      .selectDistinctOn([classYears.classId], { classId: classYears.classId, schoolYearId: classYears.schoolYearId })
      .from(classYears)
      .innerJoin(schoolYears, eq(schoolYears.id, classYears.schoolYearId))
      .where(inArray(classYears.classId, chunk))
      .orderBy(classYears.classId, desc(schoolYears.startDate));
    for (const row of rows) latest.set(row.classId, row.schoolYearId);
  });
  return latest;
}

export function upsertClassYears(tx: Executor, rows: (typeof classYears.$inferInsert)[]) {
  return chunked(rows, (chunk) =>
    tx
      .insert(classYears)
      .values(chunk)
      .onConflictDoUpdate({
        target: [classYears.classId, classYears.schoolYearId],
        set: { gradeId: sql`excluded.grade_id` },
      }),
  );
}

/** Takes the 班主任 flag off course links, and removes 班主任-only links, before a new head is written. */
export async function releaseHeads(tx: Executor, courseLinkIds: number[], headOnlyLinkIds: number[]) {
  await chunked(courseLinkIds, (chunk) =>
    tx.update(classTeachers).set({ isHead: false }).where(inArray(classTeachers.id, chunk)),
  );
  await chunked(headOnlyLinkIds, (chunk) => tx.delete(classTeachers).where(inArray(classTeachers.id, chunk)));
}

export type LinkWrite = typeof classTeachers.$inferInsert;

/** Course links by (term, class, course): the teacher and the 班主任 flag follow the row. */
export function upsertCourseLinks(tx: Executor, rows: LinkWrite[]) {
  return chunked(rows, (chunk) =>
    tx
      .insert(classTeachers)
      .values(chunk)
      .onConflictDoUpdate({
        target: [classTeachers.termId, classTeachers.classId, classTeachers.courseId],
        targetWhere: sql`course_id is not null`,
        set: { teacherId: sql`excluded.teacher_id`, isHead: sql`excluded.is_head` },
      }),
  );
}

/** 班主任-only links by (term, class). */
export function upsertHeadLinks(tx: Executor, rows: LinkWrite[]) {
  return chunked(rows, (chunk) =>
    tx
      .insert(classTeachers)
      .values(chunk)
      .onConflictDoUpdate({
        target: [classTeachers.termId, classTeachers.classId],
        targetWhere: sql`is_head`,
        set: { teacherId: sql`excluded.teacher_id` },
      }),
  );
}

/** Leaders have no natural unique key in the table; the service sends only ones not on record. */
export function insertLeaders(tx: Executor, rows: (typeof organLeaders.$inferInsert)[]) {
  return chunked(rows, (chunk) => tx.insert(organLeaders).values(chunk));
}
