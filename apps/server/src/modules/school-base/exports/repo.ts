import { and, asc, count, desc, eq, not, type SQL } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { classes, classTeachers, eduCourses, eduGrades, organLeaders, students, teachers } from '../schema.ts';

// The lists an export writes, each one query, in the order the screens show them.

export function studentsForExport(ex: Executor, schoolId: number, classId: number | null) {
  const where: SQL[] = [eq(students.schoolId, schoolId), eq(students.status, 1)];
  if (classId !== null) where.push(eq(students.classId, classId));
  return ex
    .select({
      name: students.name,
      gender: students.gender,
      studentNo: students.studentNo,
      examNo: students.examNo,
      className: classes.name,
      gradeName: eduGrades.name,
      loginName: users.loginName,
    })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .innerJoin(eduGrades, eq(eduGrades.id, classes.gradeId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(...where))
    .orderBy(asc(eduGrades.sortOrder), asc(classes.name), asc(students.studentNo));
}

export function teachersForExport(ex: Executor, schoolId: number) {
  return ex
    .select({
      name: teachers.name,
      phone: teachers.phone,
      gender: teachers.gender,
      type: users.type,
      loginName: users.loginName,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.schoolId, schoolId), eq(teachers.status, 1)))
    .orderBy(asc(teachers.id));
}

export async function classesForExport(ex: Executor, schoolId: number) {
  const counts = ex
    .select({ classId: students.classId, n: count().as('n') })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 1)))
    .groupBy(students.classId)
    .as('counts');
  return ex
    .select({
      name: classes.name,
      gradeName: eduGrades.name,
      enterYear: classes.enterYear,
      classType: classes.classType,
      studentCount: counts.n,
    })
    .from(classes)
    .innerJoin(eduGrades, eq(eduGrades.id, classes.gradeId))
    .leftJoin(counts, eq(counts.classId, classes.id))
    .where(and(eq(classes.schoolId, schoolId), not(classes.graduated)))
    .orderBy(asc(eduGrades.sortOrder), desc(classes.enterYear), asc(classes.name));
}

export function classTeachersForExport(ex: Executor, termId: number, classId: number | null) {
  const where: SQL[] = [eq(classTeachers.termId, termId)];
  if (classId !== null) where.push(eq(classTeachers.classId, classId));
  return ex
    .select({
      className: classes.name,
      courseName: eduCourses.name,
      phone: teachers.phone,
      isHead: classTeachers.isHead,
      teacherName: teachers.name,
      gradeName: eduGrades.name,
    })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .innerJoin(eduGrades, eq(eduGrades.id, classes.gradeId))
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .leftJoin(eduCourses, eq(eduCourses.id, classTeachers.courseId))
    .where(and(...where))
    .orderBy(asc(eduGrades.sortOrder), asc(classes.name), asc(eduCourses.sortOrder));
}

export function organLeadersForExport(ex: Executor, schoolId: number) {
  return ex
    .select({
      phone: teachers.phone,
      role: organLeaders.role,
      gradeName: eduGrades.name,
      courseName: eduCourses.name,
      teacherName: teachers.name,
    })
    .from(organLeaders)
    .innerJoin(teachers, eq(teachers.id, organLeaders.teacherId))
    .leftJoin(eduGrades, eq(eduGrades.id, organLeaders.gradeId))
    .leftJoin(eduCourses, eq(eduCourses.id, organLeaders.courseId))
    .where(eq(organLeaders.schoolId, schoolId))
    .orderBy(asc(organLeaders.role), asc(eduGrades.sortOrder), asc(eduCourses.sortOrder), asc(teachers.id));
}
