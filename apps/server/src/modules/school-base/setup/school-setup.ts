import { randomInt } from 'node:crypto';
import { SCHOOL_SETUP_MESSAGES, type SchoolSetupParams, type SchoolSetupResult } from '@huikao/contracts';
import type { Db } from '../../../platform/db.ts';
import { badInput, conflict } from '../../../platform/errors.ts';
import { schoolToday } from '../../../platform/school-today.ts';
import { hashPassword } from '../../auth/index.ts';
import { openAccount } from '../accounts/person-accounts.ts';
import * as grades from '../grades/repo.ts';
import * as years from '../years/repo.ts';
import { TERM_NAMES } from '../years/service.ts';
import * as setup from './school-setup-repo.ts';

// A school from nothing (issue #20): the school, its grades with every course of their stage, the
// current school year with its two terms, and its first administrator (type 5) with a one-time
// password to be changed at first login. The first-run page and `npm run school:create` both come
// here: there is one way to create a school.

export interface SchoolSetupOptions {
  /** The first-run page: refused once the platform has any school. The command may add more. */
  onlyFirst: boolean;
}

export function hasSchool(db: Db): Promise<boolean> {
  return setup.countSchools(db).then((n) => n > 0);
}

export async function createSchool(
  db: Db,
  input: SchoolSetupParams,
  options: SchoolSetupOptions,
): Promise<SchoolSetupResult> {
  const { grades: catalogue, courses } = await grades.eduCatalogue(db);
  const wanted = [...new Set(input.grades)];
  const unknown = wanted.filter((name) => !catalogue.some((g) => g.name === name));
  if (unknown.length > 0) throw badInput(SCHOOL_SETUP_MESSAGES.unknownGrade(unknown.join('、')));
  const chosen = catalogue.filter((g) => wanted.includes(g.name));
  // Hashing is slow on purpose: before the transaction.
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const year = currentSchoolYear(schoolToday());

  const schoolId = await db.transaction(async (tx) => {
    // Two first runs at once must create one school: the count and the insert happen under one
    // lock (PostgreSQL's advisory lock; PGlite has one connection and runs them in turn anyway).
    await setup.lockSchoolSetup(tx);
    if (options.onlyFirst && (await setup.countSchools(tx)) > 0) throw conflict(SCHOOL_SETUP_MESSAGES.alreadySetUp);
    if (await setup.schoolCodeTaken(tx, input.code)) throw conflict(SCHOOL_SETUP_MESSAGES.codeTaken);
    const id = await setup.insertSchool(tx, { code: input.code, name: input.name });
    const schoolYearId = await years.insertSchoolYear(tx, { schoolId: id, ...year.span });
    for (const [termNo, span] of year.terms.entries()) {
      await years.insertTerm(tx, {
        schoolId: id,
        schoolYearId,
        termNo: termNo + 1,
        name: TERM_NAMES[termNo + 1]!,
        ...span,
      });
    }
    for (const grade of chosen) {
      const sgId = await grades.ensureSchoolGrade(tx, id, grade.id);
      const stageCourses = courses.filter((c) => c.stages.includes(grade.stage)).map((c) => c.id);
      await grades.insertGradeCourses(tx, id, sgId, stageCourses);
    }
    const admin = {
      loginName: input.adminLoginName,
      type: 5 as const,
      schoolId: id,
      userCode: 'ADMIN',
      name: '管理员',
    };
    await openAccount(tx, admin, '管理员', passwordHash);
    return id;
  });
  return {
    schoolId: String(schoolId),
    schoolName: input.name,
    schoolCode: input.code,
    adminLoginName: input.adminLoginName,
    oneTimePassword,
    grades: chosen.map((g) => g.name),
  };
}

/** 1 September to 31 August, the year that holds today; 上学期 to 31 January. */
function currentSchoolYear(today: string) {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const start = m >= 9 ? y : y - 1;
  return {
    span: { name: `${start}-${start + 1}学年`, startDate: `${start}-09-01`, endDate: `${start + 1}-08-31` },
    terms: [
      { startDate: `${start}-09-01`, endDate: `${start + 1}-01-31` },
      { startDate: `${start + 1}-02-01`, endDate: `${start + 1}-08-31` },
    ],
  };
}

// No 0/O, 1/l/I: read off a screen and typed once.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** 12 characters with upper case, lower case and digits: meets the password policy. */
function newOneTimePassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const all = LOWER + UPPER + DIGITS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
