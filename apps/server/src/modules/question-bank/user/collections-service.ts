import type { CollectionNode } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, conflict } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { assertPaperReadable, assertReadable, paperReadable } from '../access.ts';
import * as questions from '../search/questions-repo.ts';
import * as repo from './collections-repo.ts';
import { assertCaller, ownedRow, rowId } from './user-owner.ts';
import * as userPapers from './user-papers-repo.ts';

// usercollection (spec §7): the teacher's own folders per course, holding questions (type 1), bank
// papers (2) and their own papers (3). Deleting a folder deletes its subfolders and what they hold.

interface Owner {
  userId: string;
  schoolId: string;
}

const MISSING_NODE = '收藏目录不存在';
const DUPLICATE = '已收藏在该目录中，不能重复收藏';
const MAX_NODES = 500;
const MAX_DEPTH = 5;
/** Adding and moving folders take this lock per user and course: they check the tree they change. */
const FOLDERS = 'collection-folders';

function buildTree(rows: Awaited<ReturnType<typeof repo.nodesOf>>): CollectionNode[] {
  const nodes = new Map<number, CollectionNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: String(row.id),
      parentId: row.parentId === null ? null : String(row.parentId),
      courseId: String(row.courseId),
      name: row.name,
      sortOrder: row.sortOrder,
      itemCount: Number(row.itemCount),
      children: [],
    });
  }
  const roots: CollectionNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Depth of every node (1 at the top), or null when the parents form a cycle. */
function depths(parents: Map<number, number | null>): Map<number, number> | null {
  const result = new Map<number, number>();
  for (const start of parents.keys()) {
    let depth = 0;
    let at: number | null | undefined = start;
    while (at !== null && at !== undefined) {
      depth += 1;
      if (depth > parents.size) return null;
      at = parents.get(at);
    }
    result.set(start, depth);
  }
  return result;
}

export function createCollectionsService(db: Db) {
  async function ownNode(executor: Executor, actor: Actor, id: string) {
    return ownedRow(actor, await repo.nodeById(executor, rowId(id, MISSING_NODE)), MISSING_NODE);
  }
  const tree = async (executor: Executor, actor: Actor, courseId: number) =>
    buildTree(await repo.nodesOf(executor, actor.userId, courseId));

  /** The target exists, the caller may read it, and it is of the folder's course. */
  async function checkTarget(actor: Actor, type: number, targetId: number, courseId: number | null) {
    if (type === 1) {
      const [row] = await questions.accessOf(db, [targetId], actor);
      assertReadable(actor, row, '试题');
      if (courseId !== null && row.courseId !== courseId) throw badInput('只能收藏本目录学科的试题');
    } else if (type === 2) {
      const [row] = await repo.papersOf(db, [targetId]);
      assertPaperReadable(actor, row);
      if (courseId !== null && row.courseId !== courseId) throw badInput('只能收藏本目录学科的试卷');
    } else {
      const [row] = await userPapers.titlesOf(db, [targetId]);
      ownedRow(actor, row, '试卷不存在');
      if (courseId !== null && row!.courseId !== null && row!.courseId !== courseId) {
        throw badInput('只能收藏本目录学科的试卷');
      }
    }
  }

  return {
    async getNodes(actor: Actor, params: Owner & { courseId: string }) {
      assertCaller(actor, params);
      return tree(db, actor, rowId(params.courseId, '学科不存在'));
    },

    async addNode(actor: Actor, params: Owner & { courseId: string; parentId?: string; name: string }) {
      assertCaller(actor, params);
      const courseId = rowId(params.courseId, '学科不存在');
      if (!(await userPapers.courseExists(db, courseId))) throw badInput('学科不存在');
      return db.transaction(async (tx) => {
        await lockKey(tx, FOLDERS, `${actor.userId}:${courseId}`);
        const existing = await repo.nodesOf(tx, actor.userId, courseId);
        if (existing.length >= MAX_NODES) throw badInput(`每个学科最多${MAX_NODES}个收藏目录`);
        let parentId: number | null = null;
        if (params.parentId) {
          const parent = await ownNode(tx, actor, params.parentId);
          if (parent.courseId !== courseId) throw badInput('上级目录不属于该学科');
          parentId = parent.id;
          const parents = new Map(existing.map((r) => [r.id, r.parentId]));
          if ((depths(parents)?.get(parentId) ?? 0) >= MAX_DEPTH) throw badInput(`收藏目录最多${MAX_DEPTH}层`);
        }
        // A folder of this name under this parent is the one meant (a double click, a retried request).
        const same = existing.find((r) => r.parentId === parentId && r.name === params.name);
        const id = same
          ? same.id
          : await repo.insertNode(tx, { userId: actor.userId, courseId, parentId, name: params.name });
        const created = (await repo.nodesOf(tx, actor.userId, courseId)).find((r) => r.id === id)!;
        return {
          ...buildTree([{ ...created, parentId: null }])[0]!,
          parentId: created.parentId === null ? null : String(created.parentId),
        };
      });
    },

    async renameNode(actor: Actor, params: { id: string; name: string }): Promise<null> {
      const node = await ownNode(db, actor, params.id);
      await repo.renameNode(db, node.id, params.name);
      return null;
    },

    async moveNodes(
      actor: Actor,
      params: Owner & { courseId: string; nodes: { id: string; parentId?: string; sortOrder: number }[] },
    ) {
      assertCaller(actor, params);
      const courseId = rowId(params.courseId, '学科不存在');
      return db.transaction(async (tx) => {
        // Two moves checked against the same tree could together make a cycle.
        await lockKey(tx, FOLDERS, `${actor.userId}:${courseId}`);
        const existing = await repo.nodesOf(tx, actor.userId, courseId);
        const mine = new Set(existing.map((r) => r.id));
        const parents = new Map(existing.map((r) => [r.id, r.parentId]));
        const moves = params.nodes.map((move) => ({
          id: rowId(move.id, MISSING_NODE),
          parentId: move.parentId ? rowId(move.parentId, MISSING_NODE) : null,
          sortOrder: move.sortOrder,
        }));
        for (const move of moves) {
          // Not among the caller's folders of this course: 404 or 403 from its row, else another course.
          for (const id of [move.id, move.parentId]) {
            if (id !== null && !mine.has(id)) {
              await ownNode(tx, actor, String(id));
              throw badInput('只能移动同一学科的收藏目录');
            }
          }
          parents.set(move.id, move.parentId);
        }
        const depth = depths(parents);
        if (!depth) throw badInput('不能把目录移动到它自己的下级目录中');
        if ([...depth.values()].some((d) => d > MAX_DEPTH)) throw badInput(`收藏目录最多${MAX_DEPTH}层`);
        for (const move of moves) await repo.placeNode(tx, move.id, move.parentId, move.sortOrder);
        return tree(tx, actor, courseId);
      });
    },

    async deleteNode(actor: Actor, params: { id: string }): Promise<null> {
      const node = await ownNode(db, actor, params.id);
      await db.transaction((tx) => repo.deleteSubtree(tx, node.id));
      return null;
    },

    async getItems(actor: Actor, params: Owner & { nodeId: string; pageIndex: number; limit: number }) {
      assertCaller(actor, params);
      const node = await ownNode(db, actor, params.nodeId);
      const page = await repo.itemsPage(db, node.id, params);
      const idsOf = (kind: string) => page.rows.filter((r) => r.kind === kind).map((r) => r.targetId);
      const questionAccess = await questions.accessOf(db, idsOf('question'), actor);
      const readableQuestions = questionAccess.filter((r) => r.readable).map((r) => r.id);
      const questionList = await questions.questionsByIds(db, readableQuestions);
      const papers = (await repo.papersOf(db, idsOf('paper'))).filter((r) => paperReadable(actor, r));
      const own = (await userPapers.titlesOf(db, idsOf('userpaper'))).filter((r) => r.ownerId === actor.userId);
      return {
        list: page.rows.map((row) => {
          const question =
            row.kind === 'question' ? (questionList.find((q) => q.quesId === String(row.targetId)) ?? null) : null;
          const title =
            row.kind === 'question'
              ? (question?.stem ?? null)
              : row.kind === 'paper'
                ? (papers.find((p) => p.id === row.targetId)?.title ?? null)
                : (own.find((p) => p.id === row.targetId)?.title ?? null);
          return {
            id: String(row.id),
            nodeId: String(row.nodeId),
            type: repo.TYPE_OF_KIND[row.kind] ?? 0,
            relationId: String(row.targetId),
            title,
            question,
            addedAt: row.addedAt.toISOString(),
          };
        }),
        total: page.total,
        pageIndex: params.pageIndex,
        limit: params.limit,
      };
    },

    async addItem(actor: Actor, params: Owner & { nodeId: string; type: 1 | 2 | 3; relationId: string }) {
      assertCaller(actor, params);
      const node = await ownNode(db, actor, params.nodeId);
      const targetId = rowId(params.relationId, '收藏对象不存在');
      await checkTarget(actor, params.type, targetId, node.courseId);
      const kind = repo.KIND_OF_TYPE[params.type]!;
      if (await repo.findItem(db, node.id, kind, targetId)) throw conflict(DUPLICATE);
      // The unique index is the last guard when the same item is added twice at once.
      const row = await repo.insertItem(db, { nodeId: node.id, kind, targetId }).catch((error: unknown) => {
        const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        throw code === '23505' ? conflict(DUPLICATE) : error;
      });
      return {
        id: String(row.id),
        nodeId: String(row.nodeId),
        type: params.type,
        relationId: String(targetId),
        title: null,
        question: null,
        addedAt: row.addedAt.toISOString(),
      };
    },

    async deleteItem(actor: Actor, params: { id: string }): Promise<null> {
      const item = ownedRow(actor, await repo.itemById(db, rowId(params.id, '收藏不存在')), '收藏不存在');
      await repo.deleteItem(db, item.id);
      return null;
    },
  };
}
