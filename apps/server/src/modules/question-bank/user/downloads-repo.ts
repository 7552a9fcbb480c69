import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { eduCourses } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { qbDownloads, qbUserPapers } from '../schema.ts';

// qb_downloads: one row per export of a user paper (written by the Word/PDF export through
// `recordDownload`), read by the sub-data calls.

const d = qbDownloads;
const p = qbUserPapers;

export interface DownloadRecord {
  userId: number;
  /** null when the file was not made from a saved user paper. */
  userPaperId: number | null;
  fileName: string;
  /** 'docx' or 'pdf'. */
  format: string;
}

/** Records one export; call it inside the export's transaction or with the database. */
export async function recordDownload(tx: Executor, record: DownloadRecord): Promise<number> {
  const [row] = await tx.insert(d).values(record).returning({ id: d.id });
  return row!.id;
}

const shanghaiDay = sql`(${d.at} at time zone 'Asia/Shanghai')::date`;
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;

export async function counts(db: Executor, userId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${shanghaiDay} = ${today}))::int`,
      month: sql<number>`(count(*) filter (where date_trunc('month', ${shanghaiDay}) = date_trunc('month', ${today})))::int`,
      last: sql<Date | string | null>`max(${d.at})`,
    })
    .from(d)
    .where(eq(d.userId, userId));
  return row!;
}

const columns = {
  id: d.id,
  ownerId: d.userId,
  userPaperId: d.userPaperId,
  fileName: d.fileName,
  format: d.format,
  at: d.at,
  title: p.title,
  courseId: p.courseId,
  courseName: eduCourses.name,
};

export async function findPage(
  db: Executor,
  userId: number,
  filter: {
    startTime?: string;
    endTime?: string;
    courseId?: string;
    pageIndex: number;
    pageSize: number;
    sort: number;
  },
) {
  const where = and(
    eq(d.userId, userId),
    filter.startTime ? sql`${shanghaiDay} >= ${filter.startTime}::date` : undefined,
    filter.endTime ? sql`${shanghaiDay} <= ${filter.endTime}::date` : undefined,
    filter.courseId ? eq(p.courseId, Number(filter.courseId)) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(d)
    .leftJoin(p, eq(p.id, d.userPaperId))
    .leftJoin(eduCourses, eq(eduCourses.id, p.courseId))
    .where(where)
    .orderBy(...(filter.sort === 2 ? [asc(d.at), asc(d.id)] : [desc(d.at), desc(d.id)]))
    .limit(filter.pageSize)
    .offset((filter.pageIndex - 1) * filter.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(d)
    .leftJoin(p, eq(p.id, d.userPaperId))
    .where(where);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function downloadById(db: Executor, id: number) {
  const [row] = await db
    .select(columns)
    .from(d)
    .leftJoin(p, eq(p.id, d.userPaperId))
    .leftJoin(eduCourses, eq(eduCourses.id, p.courseId))
    .where(eq(d.id, id));
  return row ?? null;
}
