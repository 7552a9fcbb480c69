import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { qbCollectionItems, qbCollectionNodes, qbPapers } from '../schema.ts';

// qb_collection_nodes (a folder tree per user and course) and qb_collection_items (a question, a
// bank paper or a user paper in a folder; kind 'question' | 'paper' | 'userpaper').

const n = qbCollectionNodes;
const i = qbCollectionItems;

export const KIND_OF_TYPE: Record<number, string> = { 1: 'question', 2: 'paper', 3: 'userpaper' };
export const TYPE_OF_KIND: Record<string, number> = { question: 1, paper: 2, userpaper: 3 };

export async function nodeById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: n.id, ownerId: n.userId, courseId: n.courseId, parentId: n.parentId })
    .from(n)
    .where(eq(n.id, id));
  return row ?? null;
}

/** The user's folders of a course with how many items each holds directly. */
export function nodesOf(db: Executor, userId: number, courseId: number) {
  return db
    .select({
      id: n.id,
      parentId: n.parentId,
      courseId: n.courseId,
      name: n.name,
      sortOrder: n.sortOrder,
      // Qualified by hand: inside the subquery an unqualified `id` would be the item's.
      itemCount: sql<number>`(select count(*)::int from qb_collection_items ci where ci.node_id = qb_collection_nodes.id)`,
    })
    .from(n)
    .where(and(eq(n.userId, userId), eq(n.courseId, courseId)))
    .orderBy(asc(n.sortOrder), asc(n.id));
}

export async function insertNode(
  db: Executor,
  row: { userId: number; courseId: number; parentId: number | null; name: string },
) {
  const siblings = row.parentId === null ? isNull(n.parentId) : eq(n.parentId, row.parentId);
  const [next] = await db
    .select({ value: sql<number>`coalesce(max(${n.sortOrder}) + 1, 0)::int` })
    .from(n)
    .where(and(eq(n.userId, row.userId), eq(n.courseId, row.courseId), siblings));
  const [inserted] = await db
    .insert(n)
    .values({ ...row, sortOrder: Number(next?.value ?? 0) })
    .returning({ id: n.id });
  return inserted!.id;
}

export async function renameNode(db: Executor, id: number, name: string) {
  await db.update(n).set({ name }).where(eq(n.id, id));
}

export async function placeNode(db: Executor, id: number, parentId: number | null, sortOrder: number) {
  await db.update(n).set({ parentId, sortOrder }).where(eq(n.id, id));
}

/** Deletes the folder and every folder below it; their items go with them (foreign key cascade). */
export async function deleteSubtree(db: Executor, id: number) {
  await db.execute(sql`
    with recursive sub(id) as (
      select ${id}::bigint
      union all
      select c.id from ${n} c join sub on c.parent_id = sub.id
    )
    delete from ${n} where id in (select id from sub)`);
}

export async function itemById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: i.id, ownerId: n.userId })
    .from(i)
    .innerJoin(n, eq(n.id, i.nodeId))
    .where(eq(i.id, id));
  return row ?? null;
}

export async function findItem(db: Executor, nodeId: number, kind: string, targetId: number) {
  const [row] = await db
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.nodeId, nodeId), eq(i.kind, kind), eq(i.targetId, targetId)));
  return row ?? null;
}

export async function insertItem(db: Executor, row: { nodeId: number; kind: string; targetId: number }) {
  const [inserted] = await db.insert(i).values(row).returning();
  return inserted!;
}

export async function deleteItem(db: Executor, id: number) {
  await db.delete(i).where(eq(i.id, id));
}

export async function itemsPage(db: Executor, nodeId: number, page: { pageIndex: number; limit: number }) {
  const rows = await db
    .select()
    .from(i)
    .where(eq(i.nodeId, nodeId))
    .orderBy(desc(i.addedAt), desc(i.id))
    .limit(page.limit)
    .offset((page.pageIndex - 1) * page.limit);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(i).where(eq(i.nodeId, nodeId));
  return { rows, total: Number(count?.total ?? 0) };
}

/** Bank papers by id, with what decides who may read them. */
export function papersOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: qbPapers.id,
      title: qbPapers.title,
      courseId: qbPapers.courseId,
      schoolId: qbPapers.schoolId,
      status: qbPapers.status,
    })
    .from(qbPapers)
    .where(inArray(qbPapers.id, ids));
}
