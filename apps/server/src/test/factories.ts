import { randomBytes } from 'node:crypto';
import {
  areas,
  classes,
  classTeachers,
  classYears,
  gradeTerms,
  organLeaders,
  schoolGradeCourses,
  schoolGrades,
  schoolRelations,
  schools,
  schoolYears,
  students,
  teachers,
  users,
} from '../db/schema.ts';
import { hashPassword } from '../modules/auth/index.ts';
import type { Db } from '../platform/db.ts';

// Test data through factories, not through the demo seed (house style).

export const TEST_PASSWORD = 'Test@2026pw';
let cachedHash: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

export async function makeArea(db: Db, name = '测试区') {
  const [row] = await db
    .insert(areas)
    .values({ code: `A-${unique()}`, name })
    .returning();
  return row!;
}

export async function makeSchool(db: Db, options: { name?: string; areaId?: number } = {}) {
  const [row] = await db
    .insert(schools)
    .values({ code: `S-${unique()}`, name: options.name ?? '测试中学', areaId: options.areaId })
    .returning();
  return row!;
}

export async function makeUser(
  db: Db,
  options: { schoolId: number; type: 1 | 2 | 4 | 5; loginName?: string; password?: string; name?: string },
) {
  // argon2 is slow on purpose; the common test password is hashed once per test file.
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = options.password ? await hashPassword(options.password) : await cachedHash;
  const [row] = await db
    .insert(users)
    .values({
      loginName: options.loginName ?? `u${unique()}`,
      passwordHash,
      type: options.type,
      schoolId: options.schoolId,
      userCode: `C${unique()}`,
      name: options.name ?? '测试用户',
    })
    .returning();
  return { ...row!, password: options.password ?? TEST_PASSWORD };
}

export async function relateManager(db: Db, userId: number, schoolId: number, areaId: number) {
  await db.insert(schoolRelations).values({ userId, schoolId, areaId });
}

export async function makeSchoolYear(db: Db, schoolId: number, startYear: number) {
  const [year] = await db
    .insert(schoolYears)
    .values({
      schoolId,
      name: `${startYear}-${startYear + 1}学年`,
      startDate: `${startYear}-09-01`,
      endDate: `${startYear + 1}-08-31`,
    })
    .returning();
  const terms = await db
    .insert(gradeTerms)
    .values([
      {
        schoolId,
        schoolYearId: year!.id,
        termNo: 1,
        name: '上学期',
        startDate: `${startYear}-09-01`,
        endDate: `${startYear + 1}-01-31`,
      },
      {
        schoolId,
        schoolYearId: year!.id,
        termNo: 2,
        name: '下学期',
        startDate: `${startYear + 1}-02-01`,
        endDate: `${startYear + 1}-08-31`,
      },
    ])
    .returning();
  return { year: year!, terms };
}

// ---- School base data (issue #3): grades, classes, teachers, students, links, leaders. ----

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/** A school grade (catalogue gradeId 1..12) with courses (catalogue ids 1..16); returns sgId and sgcId by courseId. */
export async function makeGrade(db: Db, schoolId: number, gradeId: number, courseIds: number[] = []) {
  const [grade] = await db.insert(schoolGrades).values({ schoolId, gradeId }).returning();
  const courses =
    courseIds.length === 0
      ? []
      : await db
          .insert(schoolGradeCourses)
          .values(courseIds.map((courseId) => ({ schoolId, schoolGradeId: grade!.id, courseId })))
          .returning();
  return { sgId: grade!.id, sgcIds: new Map(courses.map((c) => [c.courseId, c.id])) };
}

/** A class with its class_years row for the given school year. */
export async function makeClass(
  db: Db,
  options: { schoolId: number; gradeId: number; schoolYearId: number; name?: string; enterYear?: number },
) {
  const [row] = await db
    .insert(classes)
    .values({
      schoolId: options.schoolId,
      name: options.name ?? `${digits(3)}班`,
      gradeId: options.gradeId,
      enterYear: options.enterYear ?? 2024,
    })
    .returning();
  await db
    .insert(classYears)
    .values({ classId: row!.id, schoolYearId: options.schoolYearId, gradeId: options.gradeId });
  return row!;
}

/** A teacher whose account (loginName = phone) logs in with TEST_PASSWORD. */
export async function makeTeacher(db: Db, options: { schoolId: number; name?: string; phone?: string; type?: 1 | 5 }) {
  const phone = options.phone ?? `139${digits(8)}`;
  const name = options.name ?? '测试教师';
  const user = await makeUser(db, { schoolId: options.schoolId, type: options.type ?? 1, loginName: phone, name });
  const [row] = await db
    .insert(teachers)
    .values({ schoolId: options.schoolId, userId: user.id, name, phone })
    .returning();
  return { ...row!, user };
}

/** A student whose account logs in with TEST_PASSWORD. */
export async function makeStudent(
  db: Db,
  options: { schoolId: number; classId: number; name?: string; studentNo?: string; examNo?: string; status?: number },
) {
  const studentNo = options.studentNo ?? digits(10);
  const name = options.name ?? '测试学生';
  const user = await makeUser(db, { schoolId: options.schoolId, type: 2, loginName: `stu${studentNo}`, name });
  const [row] = await db
    .insert(students)
    .values({
      schoolId: options.schoolId,
      userId: user.id,
      classId: options.classId,
      name,
      gender: 1,
      studentNo,
      examNo: options.examNo,
      status: options.status ?? 1,
    })
    .returning();
  return { ...row!, user };
}

export async function makeClassTeacher(
  db: Db,
  options: {
    schoolId: number;
    termId: number;
    classId: number;
    teacherId: number;
    courseId?: number;
    isHead?: boolean;
  },
) {
  const [row] = await db
    .insert(classTeachers)
    .values({ ...options, courseId: options.courseId ?? null, isHead: options.isHead ?? false })
    .returning();
  return row!;
}

export async function makeOrganLeader(
  db: Db,
  options: { schoolId: number; teacherId: number; role: number; gradeId?: number; courseId?: number },
) {
  const [row] = await db.insert(organLeaders).values(options).returning();
  return row!;
}
