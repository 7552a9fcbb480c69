import { and, eq } from 'drizzle-orm';
import { ensureUser, hashPassword } from '../../modules/auth/index.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { areas, gradeTerms, schoolRelations, schools, schoolYears, users } from '../schema.ts';

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

/** Seeds the demo school on first start; running it again changes nothing. */
export async function seedDemoSchool(db: Db): Promise<{ created: string[] }> {
  const existing = await db.select({ loginName: users.loginName }).from(users);
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.some((e) => e.loginName === a.loginName));
  // Hashing is slow on purpose, so it happens before the transaction and only for missing accounts.
  const passwordHash = missing.length > 0 ? await hashPassword(DEMO_PASSWORD) : '';

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

    for (const account of missing) {
      const { role: _role, ...user } = account;
      await ensureUser(tx, { ...user, schoolId, passwordHash });
    }
    const [manager] = await tx.select({ id: users.id }).from(users).where(eq(users.loginName, 'manager01'));
    await tx.insert(schoolRelations).values({ userId: manager!.id, schoolId, areaId }).onConflictDoNothing();
  });
  return { created: missing.map((a) => a.loginName) };
}
