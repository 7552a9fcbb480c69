import { and, eq, isNull } from 'drizzle-orm';
import { runImport } from '../../modules/school-base/index.ts';
import type { Db } from '../../platform/db.ts';
import {
  eduCourses,
  eduGrades,
  gradeTerms,
  multiExams,
  schoolGradeCourses,
  schoolGrades,
  schoolRelations,
  schools,
  schoolYears,
  users,
} from '../schema.ts';
import { DEMO_GRADES } from './demo-base-data.ts';
import { DEMO_EXAMS } from './demo-exam-calendar.ts';
import { seedDemoExams } from './demo-exams.ts';
import { drawPeople, seededRandom } from './demo-people.ts';

// The demo 联考 (issue #5): three more schools of the demo area sit the demo school's 八年级期中考试
// on the same papers, so manager01 has a real area of four schools (about 2,000 students) to compare.
// Only what a 联考 needs is seeded for them: the school year, 八年级 with its courses, classes and
// students (through the same bulk import as the demo school), and the exam.

export const DEMO_UNION = { key: 'HK-DEMO-2026-G8-MID', examName: '八年级期中考试' } as const;

/** The partner schools: their classes and how strong each class is (class 1 first). */
export const PARTNER_SCHOOLS = [
  { code: 'HKEZ', name: '慧考第二中学', classOffsets: [0.3, 0.1, 0.2, -0.1, 0, 0.15, -0.2, 0.05, 0.1, -0.05, 0.25, 0] },
  {
    code: 'HKYC',
    name: '育才实验学校',
    classOffsets: [-0.2, -0.35, 0, -0.1, -0.3, 0.1, -0.25, -0.15, 0.05, -0.4, -0.1, -0.2, 0, -0.3],
  },
  {
    code: 'HKCN',
    name: '城南中学',
    classOffsets: [0.1, -0.1, -0.3, 0.2, -0.2, 0, -0.15, 0.05, -0.05, -0.25, 0.1, -0.1],
  },
] as const;
const STUDENTS_PER_CLASS = 45;
const GRADE = DEMO_GRADES.find((g) => g.gradeCode === 8)!;
const YEAR = { name: '2026-2027学年', start: '2026-09-01', end: '2027-08-31', termEnd: '2027-01-31' };

const two = (n: number) => String(n).padStart(2, '0');

/** Seeds what is missing of the 联考; running it again changes nothing. Returns the partner schools created. */
export async function seedDemoUnion(
  db: Db,
  demoSchoolCode: string,
  password: (count: number) => Promise<string[]>,
): Promise<string[]> {
  const [demo] = await db
    .select({ id: schools.id, areaId: schools.areaId })
    .from(schools)
    .where(eq(schools.code, demoSchoolCode));
  // The demo school's own exam joins the 联考 (a data directory seeded before the 联考 existed too).
  await db
    .update(multiExams)
    .set({ unionKey: DEMO_UNION.key })
    .where(
      and(eq(multiExams.schoolId, demo!.id), eq(multiExams.name, DEMO_UNION.examName), isNull(multiExams.unionKey)),
    );

  const [grade8] = await db.select({ id: eduGrades.id }).from(eduGrades).where(eq(eduGrades.name, GRADE.name));
  const courseRows = await db.select({ id: eduCourses.id, name: eduCourses.name }).from(eduCourses);
  const exam = DEMO_EXAMS.find((e) => e.name === DEMO_UNION.examName)!;
  const created: string[] = [];
  for (const [index, partner] of PARTNER_SCHOOLS.entries()) {
    const schoolId = await ensureSchool(db, partner, demo!.areaId, grade8!.id, courseRows);
    const fresh = await seedPartnerPeople(db, schoolId, index, partner.classOffsets.length, password);
    if (fresh) created.push(partner.name);
    await seedDemoExams(db, partner.code, {
      exams: [exam],
      classOffsets: partner.classOffsets,
      unionKeys: { [exam.name]: DEMO_UNION.key },
    });
  }
  // manager01 reads every school of the area.
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, 'manager01'));
  if (manager) {
    const partnerIds = await db.select({ id: schools.id }).from(schools).where(eq(schools.areaId, demo!.areaId!));
    await db
      .insert(schoolRelations)
      .values(partnerIds.map((s) => ({ userId: manager.id, schoolId: s.id, areaId: demo!.areaId! })))
      .onConflictDoNothing();
  }
  return created;
}

async function ensureSchool(
  db: Db,
  partner: (typeof PARTNER_SCHOOLS)[number],
  areaId: number | null,
  gradeId: number,
  courseRows: { id: number; name: string }[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(schools).values({ code: partner.code, name: partner.name, areaId }).onConflictDoNothing();
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, partner.code));
    const schoolId = school!.id;
    await tx
      .insert(schoolYears)
      .values({ schoolId, name: YEAR.name, startDate: YEAR.start, endDate: YEAR.end })
      .onConflictDoNothing();
    const [year] = await tx
      .select({ id: schoolYears.id })
      .from(schoolYears)
      .where(and(eq(schoolYears.schoolId, schoolId), eq(schoolYears.name, YEAR.name)));
    await tx
      .insert(gradeTerms)
      .values({
        schoolId,
        schoolYearId: year!.id,
        termNo: 1,
        name: '上学期',
        startDate: YEAR.start,
        endDate: YEAR.termEnd,
      })
      .onConflictDoNothing();
    await tx.insert(schoolGrades).values({ schoolId, gradeId }).onConflictDoNothing();
    const [schoolGrade] = await tx
      .select({ id: schoolGrades.id })
      .from(schoolGrades)
      .where(and(eq(schoolGrades.schoolId, schoolId), eq(schoolGrades.gradeId, gradeId)));
    const courseId = (name: string) => courseRows.find((c) => c.name === name)!.id;
    await tx
      .insert(schoolGradeCourses)
      .values(GRADE.courses.map((c) => ({ schoolId, schoolGradeId: schoolGrade!.id, courseId: courseId(c) })))
      .onConflictDoNothing();
    return schoolId;
  });
}

/** Classes and students through the bulk import; false when the school already has them. */
async function seedPartnerPeople(
  db: Db,
  schoolId: number,
  index: number,
  classCount: number,
  password: (count: number) => Promise<string[]>,
): Promise<boolean> {
  const [year] = await db.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.schoolId, schoolId));
  const className = (classNo: number) => `${GRADE.name}(${classNo})班`;
  const classRows = Array.from({ length: classCount }, (_, i) => ({
    班级名称: className(i + 1),
    年级: GRADE.name,
    入学年份: String(GRADE.enterYear),
    班级类型: '行政班',
  }));
  const random = seededRandom(20_261_105 + index);
  const taken = new Set<string>();
  const studentRows = classRows.flatMap((_, c) =>
    drawPeople(random, STUDENTS_PER_CLASS, taken).map((person, i) => ({
      姓名: person.name,
      性别: person.gender === 1 ? '男' : '女',
      // 学号 and 考号 carry the school's number, so no two schools of the 联考 share one.
      学号: `${GRADE.enterYear}${index + 2}${two(c + 1)}${two(i + 1)}`,
      考号: `${index + 2}${two(GRADE.gradeCode)}${two(c + 1)}${two(i + 1)}`,
      班级: className(c + 1),
    })),
  );
  const rows = (list: Record<string, string>[]) => list.map((values, i) => ({ rowNo: i + 2, values }));
  const options = {
    actorUserId: null,
    password: async (count: number) => ({ hashes: await password(count), mustChange: false }),
    classYearId: year!.id,
    loginNames: new Map<string, string>(),
  };
  const classes = await runImport(db, { schoolId, kind: 'classes', termId: null, rows: rows(classRows) }, options);
  const students = await runImport(db, { schoolId, kind: 'students', termId: null, rows: rows(studentRows) }, options);
  return classes.created + students.created > 0;
}
