import type { ExamDoc, StandardPaper } from '@huikao/contracts';
import { and, asc, count, desc, eq, exists, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import { classTeachers, eduCourses, teachers, users } from '../../../db/schema.ts';
import { type Executor, inTurn } from '../../../platform/db.ts';
import { examDocs, multiExams, singleExams, standardPapers } from '../schema.ts';

// Standard papers (标准答案 and 评分细则 of a single exam) and exam documents (files in storage).

export type StandardPaperRow = typeof standardPapers.$inferSelect;
export type ExamDocRow = typeof examDocs.$inferSelect;

function paperQuery(ex: Executor, where: SQL | undefined) {
  return ex
    .select({
      paper: standardPapers,
      meId: singleExams.multiExamId,
      courseName: eduCourses.name,
      fileName: examDocs.fileName,
      updatedByName: users.name,
    })
    .from(standardPapers)
    .innerJoin(singleExams, eq(singleExams.id, standardPapers.singleExamId))
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .innerJoin(users, eq(users.id, standardPapers.updatedBy))
    .leftJoin(examDocs, eq(examDocs.id, standardPapers.docId))
    .where(where)
    .orderBy(asc(standardPapers.singleExamId), asc(standardPapers.kind), asc(standardPapers.id));
}

async function papers(ex: Executor, where: SQL | undefined): Promise<StandardPaper[]> {
  const rows = await paperQuery(ex, where);
  return rows.map((r) => ({
    spId: String(r.paper.id),
    seId: String(r.paper.singleExamId),
    meId: String(r.meId),
    courseName: r.courseName,
    kind: r.paper.kind,
    title: r.paper.title,
    content: r.paper.content,
    docId: r.paper.docId === null ? null : String(r.paper.docId),
    fileName: r.fileName,
    updatedBy: r.updatedByName,
    updatedAt: r.paper.updatedAt.toISOString(),
  }));
}

export const papersOfSingle = (ex: Executor, seId: number) => papers(ex, eq(standardPapers.singleExamId, seId));
export const papersOfSchool = (ex: Executor, schoolId: number) => papers(ex, eq(standardPapers.schoolId, schoolId));
export async function paperView(ex: Executor, spId: number): Promise<StandardPaper> {
  return (await papers(ex, eq(standardPapers.id, spId)))[0]!;
}

/** Papers of single exams whose course the user teaches in the exam's term (class-teacher links). */
export function papersTaughtBy(ex: Executor, schoolId: number, userId: number) {
  return papers(
    ex,
    and(
      eq(standardPapers.schoolId, schoolId),
      exists(
        ex
          .select({ one: sql`1` })
          .from(classTeachers)
          .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
          .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
          .where(
            and(
              eq(teachers.userId, userId),
              eq(classTeachers.courseId, singleExams.courseId),
              eq(classTeachers.termId, multiExams.termId),
            ),
          ),
      ),
    ),
  );
}

export async function findPaper(ex: Executor, spId: number): Promise<StandardPaperRow | null> {
  const [row] = await ex.select().from(standardPapers).where(eq(standardPapers.id, spId));
  return row ?? null;
}

/** A standard paper of the single exam with exactly this kind, title, content and document. */
export async function findSamePaper(
  ex: Executor,
  seId: number,
  values: { kind: number; title: string; content: string; docId: number | null },
): Promise<number | null> {
  const [row] = await ex
    .select({ id: standardPapers.id })
    .from(standardPapers)
    .where(
      and(
        eq(standardPapers.singleExamId, seId),
        eq(standardPapers.kind, values.kind),
        eq(standardPapers.title, values.title),
        eq(standardPapers.content, values.content),
        values.docId === null ? isNull(standardPapers.docId) : eq(standardPapers.docId, values.docId),
      ),
    )
    .orderBy(standardPapers.id)
    .limit(1);
  return row?.id ?? null;
}

export async function insertPaper(tx: Executor, values: Omit<typeof standardPapers.$inferInsert, 'id'>) {
  const [row] = await tx.insert(standardPapers).values(values).returning({ id: standardPapers.id });
  return row!.id;
}

export async function updatePaper(
  tx: Executor,
  spId: number,
  values: { title: string; content: string; docId: number | null; updatedBy: number },
) {
  await tx
    .update(standardPapers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(standardPapers.id, spId));
}

export async function deletePaper(tx: Executor, spId: number) {
  await tx.delete(standardPapers).where(eq(standardPapers.id, spId));
}

// ---- Exam documents ----

export async function findDoc(ex: Executor, docId: number): Promise<ExamDocRow | null> {
  const [row] = await ex.select().from(examDocs).where(eq(examDocs.id, docId));
  return row ?? null;
}

export async function docPage(
  ex: Executor,
  f: { schoolId: number; meId?: number; docId?: number; keyword?: string; offset: number; limit: number },
) {
  const pattern = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(examDocs.schoolId, f.schoolId),
    f.meId === undefined ? undefined : eq(examDocs.multiExamId, f.meId),
    f.docId === undefined ? undefined : eq(examDocs.id, f.docId),
    pattern ? ilike(examDocs.fileName, pattern) : undefined,
  );
  const [rows, [total]] = await inTurn([
    () =>
      ex
        .select({ doc: examDocs, examName: multiExams.name, courseName: eduCourses.name, uploadedBy: users.name })
        .from(examDocs)
        .innerJoin(multiExams, eq(multiExams.id, examDocs.multiExamId))
        .leftJoin(singleExams, eq(singleExams.id, examDocs.singleExamId))
        .leftJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
        .innerJoin(users, eq(users.id, examDocs.uploadedBy))
        .where(where)
        .orderBy(desc(examDocs.uploadedAt), desc(examDocs.id))
        .limit(f.limit)
        .offset(f.offset),
    () => ex.select({ n: count() }).from(examDocs).where(where),
  ]);
  const list: ExamDoc[] = rows.map((r) => ({
    docId: String(r.doc.id),
    meId: String(r.doc.multiExamId),
    examName: r.examName,
    seId: r.doc.singleExamId === null ? null : String(r.doc.singleExamId),
    courseName: r.courseName,
    kind: r.doc.kind,
    fileName: r.doc.fileName,
    size: r.doc.size,
    uploadedBy: r.uploadedBy,
    uploadedAt: r.doc.uploadedAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0 };
}

export async function docView(ex: Executor, schoolId: number, docId: number): Promise<ExamDoc> {
  const { list } = await docPage(ex, { schoolId, docId, offset: 0, limit: 1 });
  return list[0]!;
}

export async function insertDoc(tx: Executor, values: Omit<typeof examDocs.$inferInsert, 'id' | 'uploadedAt'>) {
  const [row] = await tx.insert(examDocs).values(values).returning({ id: examDocs.id });
  return row!.id;
}

export async function papersLinkingDoc(ex: Executor, docId: number) {
  return ex.select({ title: standardPapers.title }).from(standardPapers).where(eq(standardPapers.docId, docId));
}

export async function deleteDoc(tx: Executor, docId: number) {
  await tx.delete(examDocs).where(eq(examDocs.id, docId));
}
