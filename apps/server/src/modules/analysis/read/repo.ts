import type { StudentRow } from '@huikao/contracts';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, inTurn } from '../../../platform/db.ts';
import { analysisReports, analysisRuns, analysisStudentRows } from '../schema.ts';
import { unpackStudentRow } from '../store/student-row-codec.ts';

// Reads of the stored reports (analysis_reports, analysis_student_rows, analysis_runs' computedAt). Report calls read only
// these rows; the computation (runs/, store/repo.ts) writes them.

export interface ReportKey {
  runKey: string;
  kind: string;
  subjectKey: string;
  scopeKey: string;
}

export async function reportBody(ex: Executor, key: ReportKey): Promise<unknown | null> {
  const [row] = await ex
    .select({ body: analysisReports.body })
    .from(analysisReports)
    .where(
      and(
        eq(analysisReports.runKey, key.runKey),
        eq(analysisReports.kind, key.kind),
        eq(analysisReports.subjectKey, key.subjectKey),
        eq(analysisReports.scopeKey, key.scopeKey),
      ),
    );
  return row?.body ?? null;
}

/**
 * One part of the same report of several runs (trends over exams: the overviews' `units`), by run
 * key; only that part leaves the database.
 */
export async function reportPartsOfRuns(
  ex: Executor,
  runKeys: readonly string[],
  key: Omit<ReportKey, 'runKey'>,
  part: string,
): Promise<Map<string, unknown>> {
  if (runKeys.length === 0) return new Map();
  const rows = await ex
    .select({ runKey: analysisReports.runKey, part: sql<unknown>`${analysisReports.body}->${part}` })
    .from(analysisReports)
    .where(
      and(
        inArray(analysisReports.runKey, [...runKeys]),
        eq(analysisReports.kind, key.kind),
        eq(analysisReports.subjectKey, key.subjectKey),
        eq(analysisReports.scopeKey, key.scopeKey),
      ),
    );
  return new Map(rows.map((r) => [r.runKey, r.part]));
}

/** Every report of one kind of a run, in a stable order (the report file). */
export async function reportsOfRun(ex: Executor, runKey: string, kind: string) {
  return ex
    .select({ subjectKey: analysisReports.subjectKey, scopeKey: analysisReports.scopeKey, body: analysisReports.body })
    .from(analysisReports)
    .where(and(eq(analysisReports.runKey, runKey), eq(analysisReports.kind, kind)))
    .orderBy(asc(analysisReports.subjectKey), asc(analysisReports.scopeKey));
}

export async function studentRowOf(ex: Executor, runKey: string, studentId: number): Promise<StudentRow | null> {
  const [row] = await ex
    .select({ body: analysisStudentRows.body })
    .from(analysisStudentRows)
    .where(and(eq(analysisStudentRows.runKey, runKey), eq(analysisStudentRows.studentId, studentId)));
  return row ? unpackStudentRow(row.body) : null;
}

/** One student's rows in several runs (trends), by run key. */
export async function studentRowsAcrossRuns(
  ex: Executor,
  runKeys: readonly string[],
  studentId: number,
): Promise<Map<string, StudentRow>> {
  if (runKeys.length === 0) return new Map();
  const rows = await ex
    .select({ runKey: analysisStudentRows.runKey, body: analysisStudentRows.body })
    .from(analysisStudentRows)
    .where(and(inArray(analysisStudentRows.runKey, [...runKeys]), eq(analysisStudentRows.studentId, studentId)));
  return new Map(rows.map((r) => [r.runKey, unpackStudentRow(r.body)]));
}

export interface StudentRowQuery {
  runKey: string;
  /** null: every class. */
  classIds: readonly number[] | null;
  keyword?: string;
  /** A subject key; '0' (the total) sorts by the indexed total column. */
  sortSubject: string;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A page of a run's students: filtered by class and name or 学号, sorted by a subject's score, absentees last. */
export async function studentRowPage(ex: Executor, q: StudentRowQuery): Promise<{ list: StudentRow[]; total: number }> {
  const pattern = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(analysisStudentRows.runKey, q.runKey),
    q.classIds ? inArray(analysisStudentRows.classId, q.classIds.length ? [...q.classIds] : [0]) : undefined,
    pattern ? or(ilike(analysisStudentRows.name, pattern), ilike(analysisStudentRows.studentNo, pattern)) : undefined,
  );
  const score: SQL =
    q.sortSubject === '0'
      ? sql`${analysisStudentRows.total}`
      : sql`(${analysisStudentRows.subjectScores}->>${q.sortSubject})::float8`;
  const direction = q.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const [rows, [counted]] = await inTurn([
    () =>
      ex
        .select({ body: analysisStudentRows.body })
        .from(analysisStudentRows)
        .where(where)
        .orderBy(sql`${score} ${direction}`, asc(analysisStudentRows.studentNo), asc(analysisStudentRows.studentId))
        .offset(q.offset)
        .limit(q.limit),
    () => ex.select({ total: count() }).from(analysisStudentRows).where(where),
  ]);
  return { list: rows.map((r) => unpackStudentRow(r.body)), total: Number(counted?.total ?? 0) };
}

/** Every student of a run, best total first (the report file's 成绩单). */
export async function studentRowsOfRun(ex: Executor, runKey: string): Promise<StudentRow[]> {
  const rows = await ex
    .select({ body: analysisStudentRows.body })
    .from(analysisStudentRows)
    .where(eq(analysisStudentRows.runKey, runKey))
    .orderBy(sql`${analysisStudentRows.total} desc nulls last`, asc(analysisStudentRows.studentNo));
  return rows.map((r) => unpackStudentRow(r.body));
}

/** One part of a run's reports of one kind at some scopes, every subject (a student's page: summaries). */
export async function reportPartsAtScopes(
  ex: Executor,
  runKey: string,
  kind: string,
  scopeKeys: readonly string[],
  part: string,
) {
  return ex
    .select({
      subjectKey: analysisReports.subjectKey,
      scopeKey: analysisReports.scopeKey,
      part: sql<unknown>`${analysisReports.body}->${part}`,
    })
    .from(analysisReports)
    .where(
      and(
        eq(analysisReports.runKey, runKey),
        eq(analysisReports.kind, kind),
        inArray(analysisReports.scopeKey, [...scopeKeys]),
      ),
    );
}

/** Whether a run has stored results (its last successful computation), read before any status work. */
export async function runComputed(ex: Executor, runKey: string): Promise<boolean> {
  const [row] = await ex
    .select({ computedAt: analysisRuns.computedAt })
    .from(analysisRuns)
    .where(eq(analysisRuns.runKey, runKey));
  return row?.computedAt !== null && row?.computedAt !== undefined;
}
