import { randomBytes } from 'node:crypto';
import { areas, gradeTerms, schoolRelations, schools, schoolYears, users } from '../db/schema.ts';
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
