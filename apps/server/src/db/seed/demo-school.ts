import type { ImportKind, ImportResult } from '@huikao/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { ensureUser, hashIssuedPasswords } from '../../modules/auth/index.ts';
import { runImport } from '../../modules/school-base/index.ts';
import { type Db, type Executor, inTurn } from '../../platform/db.ts';
import {
  areas,
  classes,
  classYears,
  eduCourses,
  eduGrades,
  gradeTerms,
  schoolGradeCourses,
  schoolGrades,
  schoolRelations,
  schools,
  schoolYears,
  users,
} from '../schema.ts';
import { DEMO_GRADES, DEMO_LINKED, demoBaseData } from './demo-base-data.ts';
import { seedDemoCards } from './demo-cards.ts';
import { seedDemoExams } from './demo-exams.ts';
import { seedDemoOnlineExam } from './demo-online-exam.ts';
import { type DemoBankSummary, seedDemoQuestionBank } from './demo-question-bank.ts';
import { DEMO_QUESTION_BANKS } from './demo-questions/index.ts';
import { DEMO_UNION, seedDemoUnion } from './demo-union.ts';

/** The demo accounts of README; every one has the password below. Later issues extend the seed. */
export const DEMO_PASSWORD = 'Huikao@2026';
export const DEMO_SCHOOL = { code: 'HKSY', name: '慧考实验中学' };
export const DEMO_AREA = { code: 'HK-DEMO', name: '慧考示范区' };
export const DEMO_ACCOUNTS = [
  { loginName: 'admin01', type: 5, userCode: 'T0001', name: '王建国', role: '教务管理员' },
  { loginName: 'teacher01', type: 1, userCode: 'T0002', name: '李明华', role: '数学教师' },
  { loginName: 'student01', type: 2, userCode: '20240801', name: '张子涵', role: '八年级学生' },
  { loginName: 'manager01', type: 4, userCode: 'M0001', name: '赵文静', role: '区域管理者' },
] as const;

const SCHOOL_YEARS = [
  { name: '2025-2026学年', start: '2025-09-01', end: '2026-08-31', terms: ['2026-01-31', '2026-02-01'] },
  { name: '2026-2027学年', start: '2026-09-01', end: '2027-08-31', terms: ['2027-01-31', '2027-02-01'] },
] as const;

async function idOf(db: Executor, table: typeof areas | typeof schools, code: string): Promise<number> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.code, code));
  if (!row) throw new Error(`seed: ${code} missing`);
  return row.id;
}

/**
 * Seeds the demo school on first start; running it again changes nothing. `created` names the
 * demo accounts it had to create; `baseData` is what each import of the base data did; `exams`
 * names the demo exams it created; `questionBank` what the demo question bank holds.
 */
export async function seedDemoSchool(db: Db): Promise<{
  created: string[];
  baseData: Record<ImportKind, ImportResult>;
  exams: string[];
  /** Answer cards made (none when they exist). */
  cards: number;
  union: string[];
  questionBank: DemoBankSummary;
  /** Whether the online exam was made now (false when it exists). */
  onlineExam: boolean;
}> {
  const existing = await db
    .select({ loginName: users.loginName })
    .from(users)
    .where(
      inArray(
        users.loginName,
        DEMO_ACCOUNTS.map((a) => a.loginName),
      ),
    );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.some((e) => e.loginName === a.loginName));
  // The demo password is published (README), like the initial password: one hash per account, each
  // its own salt, at the issued-password cost; before any transaction, only for what is missing.
  const demoHashes = (count: number) => hashIssuedPasswords(DEMO_PASSWORD, count);
  const ownHashes = await demoHashes(missing.length);

  await db.transaction(async (tx) => {
    await tx.insert(areas).values(DEMO_AREA).onConflictDoNothing();
    const areaId = await idOf(tx, areas, DEMO_AREA.code);
    await tx
      .insert(schools)
      .values({ ...DEMO_SCHOOL, areaId })
      .onConflictDoNothing();
    const schoolId = await idOf(tx, schools, DEMO_SCHOOL.code);

    for (const year of SCHOOL_YEARS) {
      await tx
        .insert(schoolYears)
        .values({ schoolId, name: year.name, startDate: year.start, endDate: year.end })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ id: schoolYears.id })
        .from(schoolYears)
        .where(and(eq(schoolYears.schoolId, schoolId), eq(schoolYears.name, year.name)));
      const schoolYearId = row!.id;
      await tx
        .insert(gradeTerms)
        .values([
          { schoolId, schoolYearId, termNo: 1, name: '上学期', startDate: year.start, endDate: year.terms[0] },
          { schoolId, schoolYearId, termNo: 2, name: '下学期', startDate: year.terms[1], endDate: year.end },
        ])
        .onConflictDoNothing();
    }

    for (const [index, account] of missing.entries()) {
      const { role: _role, ...user } = account;
      await ensureUser(tx, { ...user, schoolId, passwordHash: ownHashes[index]! });
    }
    const [manager] = await tx.select({ id: users.id }).from(users).where(eq(users.loginName, 'manager01'));
    await tx.insert(schoolRelations).values({ userId: manager!.id, schoolId, areaId }).onConflictDoNothing();
  });
  const baseData = await seedBaseData(db, demoHashes);
  const exams = await seedDemoExams(db, DEMO_SCHOOL.code, {
    unionKeys: { [DEMO_UNION.examName]: DEMO_UNION.key },
  });
  // 九年级11月月考's answer cards, printed and ready for scanning (issue #15).
  const cards = await seedDemoCards(db, DEMO_SCHOOL.code);
  // The 联考 of the demo area (issue #5): three partner schools sit the demo school's 期中考试.
  const union = await seedDemoUnion(db, DEMO_SCHOOL.code, demoHashes);
  // The team's own question bank (issue #6), so a fresh start has questions without ../shared/data.
  const questionBank = await seedDemoQuestionBank(db, DEMO_QUESTION_BANKS);
  // The 八年级 数学 online practice (issue #18), open from now, from the bank just seeded.
  const onlineExam = await seedDemoOnlineExam(db, DEMO_SCHOOL.code);
  return { created: missing.map((a) => a.loginName), baseData, exams, cards, union, questionBank, onlineExam };
}

/**
 * Grades 七年级 to 高三 with their courses, then classes, teachers, students, the current term's
 * class-teacher links and the leaders through the bulk import, as an administrator's files would.
 * Demo accounts get the demo password without a forced change, so anyone can try them.
 */
async function seedBaseData(
  db: Db,
  demoHashes: (count: number) => Promise<string[]>,
): Promise<Record<ImportKind, ImportResult>> {
  const schoolId = await idOf(db, schools, DEMO_SCHOOL.code);
  const [years, terms, catalogueGrades, catalogueCourses] = await inTurn([
    () => db.select().from(schoolYears).where(eq(schoolYears.schoolId, schoolId)),
    () => db.select().from(gradeTerms).where(eq(gradeTerms.schoolId, schoolId)),
    () => db.select().from(eduGrades),
    () => db.select().from(eduCourses),
  ]);
  const yearNamed = (name: string) => years.find((y) => y.name === name)!;
  const [lastYear, thisYear] = [yearNamed(SCHOOL_YEARS[0].name), yearNamed(SCHOOL_YEARS[1].name)];
  const gradeId = (name: string) => catalogueGrades.find((g) => g.name === name)!.id;
  const courseId = (name: string) => catalogueCourses.find((c) => c.name === name)!.id;

  await db.transaction(async (tx) => {
    for (const grade of DEMO_GRADES) {
      await tx
        .insert(schoolGrades)
        .values({ schoolId, gradeId: gradeId(grade.name) })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ id: schoolGrades.id })
        .from(schoolGrades)
        .where(and(eq(schoolGrades.schoolId, schoolId), eq(schoolGrades.gradeId, gradeId(grade.name))));
      await tx
        .insert(schoolGradeCourses)
        .values(grade.courses.map((c) => ({ schoolId, schoolGradeId: row!.id, courseId: courseId(c) })))
        .onConflictDoNothing();
    }
  });

  const data = demoBaseData();
  const rows = (list: Record<string, string>[]) => list.map((values, i) => ({ rowNo: i + 2, values }));
  const options = {
    actorUserId: null,
    password: async (count: number) => ({ hashes: await demoHashes(count), mustChange: false }),
    classYearId: thisYear.id,
    loginNames: new Map<string, string>([
      [DEMO_LINKED.admin.phone, DEMO_LINKED.admin.loginName],
      [DEMO_LINKED.teacher.phone, DEMO_LINKED.teacher.loginName],
      [DEMO_LINKED.student.studentNo, DEMO_LINKED.student.loginName],
    ]),
  };
  const run = (kind: ImportKind, list: Record<string, string>[], termId: number | null = null) =>
    runImport(db, { schoolId, kind, termId, rows: rows(list) }, options);

  const result = { classes: await run('classes', data.classes) } as Record<ImportKind, ImportResult>;
  await seedLastYearGrades(db, schoolId, lastYear.id, gradeId);
  result.teachers = await run('teachers', data.teachers);
  result.students = await run('students', data.students);
  const term = terms.find((t) => t.schoolYearId === thisYear.id && t.termNo === 1)!;
  result.class_teachers = await run('class_teachers', data.links, term.id);
  result.organ_leaders = await run('organ_leaders', data.leaders);
  return result;
}

/** 2025-2026: the classes that existed then, one grade lower (八年级 of 2026 was 七年级 of 2025). */
async function seedLastYearGrades(db: Db, schoolId: number, lastYearId: number, gradeId: (name: string) => number) {
  const lower = new Map(DEMO_GRADES.map((g, i) => [g.name, i % 3 === 0 ? null : DEMO_GRADES[i - 1]!.name]));
  const active = await db.select().from(classes).where(eq(classes.schoolId, schoolId));
  const rows = active.flatMap((c) => {
    const grade = DEMO_GRADES.find((g) => g.enterYear === c.enterYear && c.name.startsWith(g.name));
    const before = grade ? lower.get(grade.name) : null;
    return before ? [{ classId: c.id, schoolYearId: lastYearId, gradeId: gradeId(before) }] : [];
  });
  if (rows.length > 0) await db.insert(classYears).values(rows).onConflictDoNothing();
}
