import type { UserPaperContent, UserPaperFilter, UserPaperSummary } from '@huikao/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { eduCourses } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { qbCollectionItems, qbUserPapers } from '../schema.ts';

// qb_user_papers: the editor's paper is the jsonb `content` (with the server's totals, the upload
// type and the owner's name); title, course, grade, paper type and use status are columns to filter.

const p = qbUserPapers;

/** What `content` holds besides the contract's paper. */
export interface StoredContent extends UserPaperContent {
  uploadType: number;
  userName: string;
}

export interface PaperRow {
  values: {
    ownerId: number;
    schoolId: number;
    title: string;
    courseId: number;
    gradeId: number | null;
    paperTypeId: number | null;
    content: StoredContent;
  };
}

const columns = {
  id: p.id,
  ownerId: p.ownerId,
  content: p.content,
  courseId: p.courseId,
  courseName: eduCourses.name,
  gradeId: p.gradeId,
  paperTypeId: p.paperTypeId,
  status: p.status,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
};
type Selected = {
  id: number;
  ownerId: number;
  content: unknown;
  courseId: number | null;
  courseName: string | null;
  gradeId: number | null;
  paperTypeId: number | null;
  status: number;
  createdAt: Date;
  updatedAt: Date;
};

const s = (n: number | null) => (n === null ? null : String(n));

export function toSummary(row: Selected): UserPaperSummary & { ownerId: number; content: StoredContent } {
  const content = row.content as StoredContent;
  return {
    ownerId: row.ownerId,
    content,
    paperId: String(row.id),
    title: content.title,
    subtitle: content.subtitle,
    courseId: s(row.courseId),
    courseName: row.courseName,
    gradeId: s(row.gradeId),
    paperTypeId: s(row.paperTypeId),
    uploadType: content.uploadType,
    useStatus: row.status,
    questionCount: content.questionCount,
    totalScore: content.totalScore,
    userName: content.userName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function courseExists(db: Executor, courseId: number): Promise<boolean> {
  const rows = await db.select({ id: eduCourses.id }).from(eduCourses).where(eq(eduCourses.id, courseId));
  return rows.length > 0;
}

/** The owner's paper with exactly this title and content, if one exists. */
export async function findSamePaper(db: Executor, ownerId: number, title: string, content: unknown) {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.ownerId, ownerId), eq(p.title, title), sql`${p.content} = ${JSON.stringify(content)}::jsonb`))
    .orderBy(p.id)
    .limit(1);
  return row?.id ?? null;
}

export async function insertPaper(db: Executor, row: PaperRow['values']): Promise<number> {
  const [inserted] = await db
    .insert(p)
    .values({ ...row, status: 0 })
    .returning({ id: p.id });
  return inserted!.id;
}

export async function updatePaper(db: Executor, id: number, row: Omit<PaperRow['values'], 'ownerId' | 'schoolId'>) {
  await db
    .update(p)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(p.id, id));
}

export async function setStatus(db: Executor, id: number, status: number) {
  await db.update(p).set({ status, updatedAt: new Date() }).where(eq(p.id, id));
}

export async function paperById(db: Executor, id: number) {
  const [row] = await db
    .select(columns)
    .from(p)
    .leftJoin(eduCourses, eq(eduCourses.id, p.courseId))
    .where(eq(p.id, id));
  return row ? toSummary(row) : null;
}

/** Deletes the paper and the collection items that name it (type 3). Downloads keep their row. */
export async function deletePaper(db: Executor, id: number) {
  await db
    .delete(qbCollectionItems)
    .where(and(eq(qbCollectionItems.kind, 'userpaper'), eq(qbCollectionItems.targetId, id)));
  await db.delete(p).where(eq(p.id, id));
}

const shanghai = (column: SQL | typeof p.createdAt) => sql`(${column} at time zone 'Asia/Shanghai')`;

const ORDERS: Record<number, SQL[]> = {
  1: [sql`${p.updatedAt} desc`, sql`${p.id} desc`],
  2: [asc(p.createdAt), asc(p.id)],
  3: [asc(p.title), desc(p.id)],
};

export async function findPage(db: Executor, ownerId: number, filter: UserPaperFilter) {
  const where = and(
    eq(p.ownerId, ownerId),
    filter.courseId ? eq(p.courseId, Number(filter.courseId)) : undefined,
    filter.gradeId ? eq(p.gradeId, Number(filter.gradeId)) : undefined,
    filter.paperType ? eq(p.paperTypeId, Number(filter.paperType)) : undefined,
    filter.resourceType ? sql`(${p.content}->>'uploadType')::int = ${filter.resourceType}` : undefined,
    filter.month ? sql`to_char(${shanghai(p.createdAt)}, 'YYYY-MM') = ${filter.month}` : undefined,
    filter.startDate ? sql`${shanghai(p.createdAt)}::date >= ${filter.startDate}::date` : undefined,
    filter.endDate ? sql`${shanghai(p.createdAt)}::date <= ${filter.endDate}::date` : undefined,
  );
  const rows = await db
    .select(columns)
    .from(p)
    .leftJoin(eduCourses, eq(eduCourses.id, p.courseId))
    .where(where)
    .orderBy(...(ORDERS[filter.orderId] ?? ORDERS[1]!))
    .limit(filter.limit)
    .offset((filter.pageIndex - 1) * filter.limit);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(p).where(where);
  return { rows: rows.map(toSummary), total: Number(count?.total ?? 0) };
}

/** Titles of user papers by id, with their owner, for collections. */
export function titlesOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: p.id, ownerId: p.ownerId, title: p.title, courseId: p.courseId })
    .from(p)
    .where(inArray(p.id, ids));
}
