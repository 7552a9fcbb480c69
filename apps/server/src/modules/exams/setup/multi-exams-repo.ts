import type { MultiExam, SingleExam } from '@huikao/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { eduCourses, eduGrades, gradeTerms, schoolYears } from '../../../db/schema.ts';
import { type Executor, inTurn } from '../../../platform/db.ts';
import {
  examDocs,
  examQuestionGroups,
  examQuestions,
  examStudents,
  multiExams,
  scoreRecords,
  singleExams,
  standardPapers,
  studentScores,
} from '../schema.ts';

// Multi-exams (meId) as the contract shows them: names of year, term and grade, and every single
// exam with its counts (questions, students, absentees, scored). School-base tables are only read.

export type NewMultiExam = Omit<typeof multiExams.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface MultiExamFilter {
  schoolId: number;
  meIds?: number[];
  schoolYearId?: number;
  gradeIds?: number[];
  status?: number;
  keyword?: string;
  offset?: number;
  limit?: number;
}

function whereOf(f: MultiExamFilter): SQL | undefined {
  const pattern = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(multiExams.schoolId, f.schoolId),
    f.meIds ? inArray(multiExams.id, f.meIds.length ? f.meIds : [0]) : undefined,
    f.schoolYearId === undefined ? undefined : eq(multiExams.schoolYearId, f.schoolYearId),
    f.gradeIds ? inArray(multiExams.gradeId, f.gradeIds.length ? f.gradeIds : [0]) : undefined,
    f.status === undefined ? undefined : eq(multiExams.status, f.status),
    pattern ? ilike(multiExams.name, pattern) : undefined,
  );
}

/** A page of multi-exams, newest first, each with its single exams. */
export async function multiExamPage(ex: Executor, f: MultiExamFilter): Promise<{ list: MultiExam[]; total: number }> {
  const where = whereOf(f);
  let query = ex
    .select({
      exam: multiExams,
      schoolYearName: schoolYears.name,
      termName: gradeTerms.name,
      gradeName: eduGrades.name,
    })
    .from(multiExams)
    .innerJoin(schoolYears, eq(schoolYears.id, multiExams.schoolYearId))
    .innerJoin(gradeTerms, eq(gradeTerms.id, multiExams.termId))
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .where(where)
    .orderBy(desc(multiExams.startDate), desc(multiExams.id))
    .$dynamic();
  if (f.limit !== undefined) query = query.limit(f.limit).offset(f.offset ?? 0);
  const [rows, [total]] = await inTurn([() => query, () => ex.select({ n: count() }).from(multiExams).where(where)]);
  const singles = await singleExamViews(
    ex,
    rows.map((r) => r.exam.id),
  );
  const list = rows.map((r) => ({
    meId: String(r.exam.id),
    schoolId: String(r.exam.schoolId),
    name: r.exam.name,
    schyId: String(r.exam.schoolYearId),
    schoolYearName: r.schoolYearName,
    termId: String(r.exam.termId),
    termName: r.termName,
    gradeId: String(r.exam.gradeId),
    gradeName: r.gradeName,
    examType: r.exam.examType,
    startDate: r.exam.startDate,
    endDate: r.exam.endDate,
    status: r.exam.status,
    hiddenStudentOrder: r.exam.hiddenStudentOrder,
    unionKey: r.exam.unionKey,
    publishedToStudents: r.exam.publishedToStudents,
    settings: r.exam.settings,
    createdAt: r.exam.createdAt.toISOString(),
    singleExams: singles.filter((se) => se.meId === String(r.exam.id)),
  }));
  return { list, total: total?.n ?? 0 };
}

export async function multiExamView(ex: Executor, meId: number): Promise<MultiExam | null> {
  const { list } = await multiExamPage(ex, { schoolId: (await schoolOfExam(ex, meId)) ?? 0, meIds: [meId] });
  return list[0] ?? null;
}

async function schoolOfExam(ex: Executor, meId: number): Promise<number | null> {
  const [row] = await ex.select({ schoolId: multiExams.schoolId }).from(multiExams).where(eq(multiExams.id, meId));
  return row?.schoolId ?? null;
}

/** Single exams of these multi-exams (or exactly these seIds), in course order, with their counts. */
export async function singleExamViews(ex: Executor, meIds: number[], seIds?: number[]): Promise<SingleExam[]> {
  if (meIds.length === 0 && !seIds?.length) return [];
  const rows = await ex
    .select({
      single: singleExams,
      courseName: eduCourses.name,
      hiddenStudentOrder: multiExams.hiddenStudentOrder,
    })
    .from(singleExams)
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(seIds ? inArray(singleExams.id, seIds) : inArray(singleExams.multiExamId, meIds))
    .orderBy(asc(eduCourses.sortOrder), asc(singleExams.id));
  const ids = rows.map((r) => r.single.id);
  if (ids.length === 0) return [];
  const [questionCounts, studentCounts, scoredCounts] = await inTurn([
    () =>
      ex
        .select({
          seId: examQuestions.singleExamId,
          n: count(),
          marks: sql<number>`coalesce(sum(${examQuestions.fullMark}), 0)::float8`,
        })
        .from(examQuestions)
        .where(inArray(examQuestions.singleExamId, ids))
        .groupBy(examQuestions.singleExamId),
    () =>
      ex
        .select({
          seId: examStudents.singleExamId,
          n: count(),
          absent: sql<number>`count(*) filter (where ${examStudents.absent})::int`,
        })
        .from(examStudents)
        .where(inArray(examStudents.singleExamId, ids))
        .groupBy(examStudents.singleExamId),
    () =>
      ex
        .select({ seId: studentScores.singleExamId, n: count() })
        .from(studentScores)
        .where(inArray(studentScores.singleExamId, ids))
        .groupBy(studentScores.singleExamId),
  ]);
  const by = <T extends { seId: number }>(list: T[]) => new Map(list.map((r) => [r.seId, r]));
  const questions = by(questionCounts);
  const students = by(studentCounts);
  const scored = by(scoredCounts);
  return rows.map(({ single, courseName, hiddenStudentOrder }) => ({
    seId: String(single.id),
    meId: String(single.multiExamId),
    schoolId: String(single.schoolId),
    courseId: String(single.courseId),
    courseName,
    fullMark: single.fullMark,
    examDate: single.examDate,
    status: single.status,
    hiddenStudentOrder,
    questionCount: questions.get(single.id)?.n ?? 0,
    questionFullMark: Number(questions.get(single.id)?.marks ?? 0),
    studentCount: students.get(single.id)?.n ?? 0,
    absentCount: Number(students.get(single.id)?.absent ?? 0),
    scoredCount: scored.get(single.id)?.n ?? 0,
  }));
}

/** The school's exams of one school year, term and grade with this name (id and author). */
export async function examsNamed(
  ex: Executor,
  key: { schoolId: number; schoolYearId: number; termId: number; gradeId: number; name: string },
): Promise<{ id: number; createdBy: number | null }[]> {
  return ex
    .select({ id: multiExams.id, createdBy: multiExams.createdBy })
    .from(multiExams)
    .where(
      and(
        eq(multiExams.schoolId, key.schoolId),
        eq(multiExams.schoolYearId, key.schoolYearId),
        eq(multiExams.termId, key.termId),
        eq(multiExams.gradeId, key.gradeId),
        eq(multiExams.name, key.name),
      ),
    )
    .orderBy(multiExams.id);
}

export async function insertMultiExam(tx: Executor, values: NewMultiExam): Promise<number> {
  const [row] = await tx.insert(multiExams).values(values).returning({ id: multiExams.id });
  return row!.id;
}

export async function updateMultiExamRow(
  tx: Executor,
  meId: number,
  values: Partial<Omit<NewMultiExam, 'schoolId'>>,
): Promise<void> {
  await tx
    .update(multiExams)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(multiExams.id, meId));
}

export async function setSingleStatusOfMulti(tx: Executor, meId: number, status: number): Promise<void> {
  await tx.update(singleExams).set({ status }).where(eq(singleExams.multiExamId, meId));
}

export async function countScoresOfMulti(ex: Executor, meId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(studentScores)
    .innerJoin(singleExams, eq(singleExams.id, studentScores.singleExamId))
    .where(eq(singleExams.multiExamId, meId));
  return row?.n ?? 0;
}

/** Storage keys of the exam's documents, to remove the files once the delete has committed. */
export async function docKeysOfMulti(ex: Executor, meId: number): Promise<string[]> {
  const rows = await ex.select({ key: examDocs.storageKey }).from(examDocs).where(eq(examDocs.multiExamId, meId));
  return rows.map((r) => r.key);
}

/** Deletes a multi-exam and everything under it (no score row exists: the service checked). */
export async function deleteMultiExamCascade(tx: Executor, meId: number): Promise<void> {
  const seIds = (
    await tx.select({ id: singleExams.id }).from(singleExams).where(eq(singleExams.multiExamId, meId))
  ).map((r) => r.id);
  if (seIds.length > 0) {
    await tx.delete(scoreRecords).where(inArray(scoreRecords.singleExamId, seIds));
    await tx.delete(studentScores).where(inArray(studentScores.singleExamId, seIds));
    await tx.delete(standardPapers).where(inArray(standardPapers.singleExamId, seIds));
    await tx.delete(examQuestions).where(inArray(examQuestions.singleExamId, seIds));
    await tx.delete(examQuestionGroups).where(inArray(examQuestionGroups.singleExamId, seIds));
    await tx.delete(examStudents).where(inArray(examStudents.singleExamId, seIds));
  }
  await tx.delete(examDocs).where(eq(examDocs.multiExamId, meId));
  await tx.delete(singleExams).where(eq(singleExams.multiExamId, meId));
  await tx.delete(multiExams).where(eq(multiExams.id, meId));
}

/** Year, term and grade of the school's exams, for a type-1 teacher's list. */
export async function examPlacements(ex: Executor, schoolId: number, schoolYearId?: number) {
  return ex
    .select({
      id: multiExams.id,
      termId: multiExams.termId,
      schoolYearId: multiExams.schoolYearId,
      gradeId: multiExams.gradeId,
    })
    .from(multiExams)
    .where(
      and(
        eq(multiExams.schoolId, schoolId),
        schoolYearId === undefined ? undefined : eq(multiExams.schoolYearId, schoolYearId),
      ),
    );
}
