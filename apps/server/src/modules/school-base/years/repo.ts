import type { SchoolYearWithTerms, Term } from '@huikao/contracts';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { classTeachers, classYears, gradeTerms, schoolYears } from '../schema.ts';

export type SchoolYearRow = typeof schoolYears.$inferSelect;
export type TermRow = typeof gradeTerms.$inferSelect;

const termColumns = {
  termId: gradeTerms.id,
  schyId: gradeTerms.schoolYearId,
  schoolYearName: schoolYears.name,
  termNo: gradeTerms.termNo,
  name: gradeTerms.name,
  startDate: gradeTerms.startDate,
  endDate: gradeTerms.endDate,
};

function toTerm(row: { termId: number; schyId: number } & Omit<Term, 'termId' | 'schyId'>): Term {
  return {
    termId: String(row.termId),
    schyId: String(row.schyId),
    schoolYearName: row.schoolYearName,
    termNo: row.termNo,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

/** The school's terms in date order, each with its school year's name. */
export async function termsOf(ex: Executor, schoolId: number): Promise<Term[]> {
  const rows = await ex
    .select(termColumns)
    .from(gradeTerms)
    .innerJoin(schoolYears, eq(schoolYears.id, gradeTerms.schoolYearId))
    .where(eq(gradeTerms.schoolId, schoolId))
    .orderBy(asc(gradeTerms.startDate));
  return rows.map(toTerm);
}

export async function termView(ex: Executor, termId: number): Promise<Term | null> {
  const [row] = await ex
    .select(termColumns)
    .from(gradeTerms)
    .innerJoin(schoolYears, eq(schoolYears.id, gradeTerms.schoolYearId))
    .where(eq(gradeTerms.id, termId));
  return row ? toTerm(row) : null;
}

/** School years, latest first, with their terms in order: two queries however many years. */
export async function schoolYearsWithTerms(ex: Executor, schoolId: number, schyId?: number) {
  const years = await ex
    .select()
    .from(schoolYears)
    .where(and(eq(schoolYears.schoolId, schoolId), schyId === undefined ? undefined : eq(schoolYears.id, schyId)))
    .orderBy(desc(schoolYears.startDate));
  const terms = await termsOf(ex, schoolId);
  return years.map(
    (y): SchoolYearWithTerms => ({
      schyId: String(y.id),
      name: y.name,
      startDate: y.startDate,
      endDate: y.endDate,
      terms: terms.filter((t) => t.schyId === String(y.id)).sort((a, b) => a.termNo - b.termNo),
    }),
  );
}

export function schoolYearsOf(ex: Executor, schoolId: number): Promise<SchoolYearRow[]> {
  return ex.select().from(schoolYears).where(eq(schoolYears.schoolId, schoolId)).orderBy(asc(schoolYears.startDate));
}

export async function findSchoolYear(ex: Executor, schyId: number): Promise<SchoolYearRow | null> {
  const [row] = await ex.select().from(schoolYears).where(eq(schoolYears.id, schyId));
  return row ?? null;
}

export async function findTerm(ex: Executor, termId: number): Promise<TermRow | null> {
  const [row] = await ex.select().from(gradeTerms).where(eq(gradeTerms.id, termId));
  return row ?? null;
}

export function termRowsOfYear(ex: Executor, schyId: number): Promise<TermRow[]> {
  return ex.select().from(gradeTerms).where(eq(gradeTerms.schoolYearId, schyId)).orderBy(asc(gradeTerms.termNo));
}

export function termRowsOfSchool(ex: Executor, schoolId: number): Promise<TermRow[]> {
  return ex.select().from(gradeTerms).where(eq(gradeTerms.schoolId, schoolId)).orderBy(asc(gradeTerms.startDate));
}

export async function schoolYearNamed(ex: Executor, schoolId: number, name: string, exceptId?: number) {
  const [row] = await ex
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(
      and(
        eq(schoolYears.schoolId, schoolId),
        eq(schoolYears.name, name),
        exceptId === undefined ? undefined : ne(schoolYears.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function insertSchoolYear(
  ex: Executor,
  values: { schoolId: number; name: string; startDate: string; endDate: string },
): Promise<number> {
  const [row] = await ex.insert(schoolYears).values(values).returning({ id: schoolYears.id });
  return row!.id;
}

export async function updateSchoolYear(
  ex: Executor,
  schyId: number,
  values: { name: string; startDate: string; endDate: string },
) {
  await ex.update(schoolYears).set(values).where(eq(schoolYears.id, schyId));
}

export async function deleteSchoolYear(ex: Executor, schyId: number) {
  await ex.delete(schoolYears).where(eq(schoolYears.id, schyId));
}

export async function insertTerm(
  ex: Executor,
  values: { schoolId: number; schoolYearId: number; termNo: number; name: string; startDate: string; endDate: string },
): Promise<number> {
  const [row] = await ex.insert(gradeTerms).values(values).returning({ id: gradeTerms.id });
  return row!.id;
}

export async function updateTerm(ex: Executor, termId: number, values: { startDate: string; endDate: string }) {
  await ex.update(gradeTerms).set(values).where(eq(gradeTerms.id, termId));
}

export async function deleteTerm(ex: Executor, termId: number) {
  await ex.delete(gradeTerms).where(eq(gradeTerms.id, termId));
}

export async function countClassYearsOfYear(ex: Executor, schyId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(classYears).where(eq(classYears.schoolYearId, schyId));
  return row?.n ?? 0;
}

export async function countLinksOfTerm(ex: Executor, termId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(classTeachers).where(eq(classTeachers.termId, termId));
  return row?.n ?? 0;
}
