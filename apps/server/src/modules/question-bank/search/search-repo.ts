import { QUESTION_TOTAL_CAP, type QuestionFilter } from '@huikao/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { qbNodes, qbQuestionNodes, qbQuestions } from '../schema.ts';
import { visibleTo } from './questions-repo.ts';
import type { KeywordQuery } from './search-query.ts';

// questions/get_fast: one page of a filter (a keyword is one more filter) in the teacher's chosen
// order, and how many match, counted up to QUESTION_TOTAL_CAP. Why it takes these steps, with the
// figures: docs/decisions.md (question search speed).

const q = qbQuestions;

/**
 * Candidates a keyword's or node's page reads in the chosen order before it gathers every match
 * instead: a common word fills a page from the first candidates; a rarer one has few matches to sort.
 */
const PROBE_CANDIDATES = 2000;

/**
 * The node and every node below it, resolved before the search: with the ids as a constant the
 * planner reads the links by their (node_id, question_id) index and knows how many there are; a
 * recursive CTE inside the filter made it guess 200 and scan every link of the bank.
 */
export async function subtreeIds(db: Executor, nodeId: number): Promise<number[]> {
  const result = await rowsOf<{ id: string | number }>(
    db,
    sql`
    with recursive sub(id) as (
      select ${nodeId}::bigint
      union all
      select n.id from ${qbNodes} n join sub on n.parent_id = sub.id
    ) select id from sub`,
  );
  return result.map((r) => Number(r.id));
}

/**
 * Linked to one of the nodes. EXISTS, not IN: in a WHERE both become the same semi-join, but the
 * candidate test of findPage evaluates it per row, where EXISTS is one lookup of the (question_id,
 * node_id) key and IN would hash every link of a large subtree, or scan them for each candidate.
 */
const linkedTo = (nodeIds: number[]) =>
  sql`exists (select 1 from ${qbQuestionNodes} qn where qn.question_id = ${q.id}
    and qn.node_id = any(${`{${nodeIds.join(',')}}`}::bigint[]))`;

/** The catalogue filters of a search, their subtrees resolved (see subtreeIds). */
export interface NodeFilters {
  knowledge: number[] | null;
  chapter: number[] | null;
}

/**
 * A search's conditions in two kinds: those on columns every order index holds (course, visibility,
 * type, difficulty, year, area, grade, paper type, school), checked inside the index, and those
 * tested on each candidate: a catalogue node's links and the keyword.
 */
export interface SearchConditions {
  indexed: SQL[];
  tested: SQL[];
}

export function searchConditions(
  filter: QuestionFilter,
  schoolId: number,
  nodes: NodeFilters,
  keyword: KeywordQuery | null,
): SearchConditions {
  const present = (list: (SQL | undefined)[]) => list.filter((c): c is SQL => c !== undefined);
  return {
    indexed: present([
      eq(q.courseId, Number(filter.courseId)),
      visibleTo(schoolId),
      filter.schoolId ? eq(q.schoolId, Number(filter.schoolId)) : undefined,
      filter.questionTypeId ? eq(q.typeId, Number(filter.questionTypeId)) : undefined,
      filter.areaId ? eq(q.areaId, Number(filter.areaId)) : undefined,
      filter.gradeId ? eq(q.gradeId, Number(filter.gradeId)) : undefined,
      filter.paperTypeId ? eq(q.paperTypeId, Number(filter.paperTypeId)) : undefined,
      filter.year ? eq(q.year, filter.year) : undefined,
      filter.diffGradeId ? eq(q.difficulty, filter.diffGradeId) : undefined,
    ]),
    tested: present([
      nodes.knowledge ? linkedTo(nodes.knowledge) : undefined,
      nodes.chapter ? linkedTo(nodes.chapter) : undefined,
      keyword ? sql`${q.search} @@ ${keyword.match}::tsquery` : undefined,
    ]),
  };
}

/**
 * The sort of each orderId (1 newest, 2 most used, 3 easiest, 4 hardest), written exactly as the
 * order indexes of schema.ts hold it (id, times_used and difficulty are never null, so `nulls last`
 * changes no order), in bare column names: the same clause sorts the table and the matches gathered
 * in `m` below.
 */
const ORDERS: Record<number, string> = {
  1: 'year desc nulls last, id desc nulls last',
  2: 'times_used desc nulls last, id desc nulls last',
  3: 'difficulty, id desc nulls last',
  4: 'difficulty desc nulls last, id desc nulls last',
};

export interface SearchPage {
  ids: number[];
  /** Exact, or QUESTION_TOTAL_CAP when more match (capped). */
  total: number;
  capped: boolean;
}

export async function findPage(
  db: Executor,
  conditions: SearchConditions,
  order: number,
  page: { currentPage: number; pageSize: number },
): Promise<SearchPage> {
  const sort = sql.raw(ORDERS[order] ?? ORDERS[1]!);
  const offset = (page.currentPage - 1) * page.pageSize;
  const { indexed, tested } = conditions;
  const matches = and(...indexed, ...tested);

  // 1. Up to one more than the cap of the matches, in whatever order is cheapest (for a keyword the
  // search index bitmap of course and words, for a node its links). When that is all of them the
  // page is sorted from them here, so a narrow search is one query; materialized, so the planner
  // neither sorts nor walks the table for the page's LIMIT.
  const [first] = await rowsOf<{ total: number; ids: (string | number)[] | null }>(
    db,
    sql`with m as materialized (
      select ${q.id} as id, ${q.year} as year, ${q.timesUsed} as times_used, ${q.difficulty} as difficulty
      from ${q} where ${matches} limit ${QUESTION_TOTAL_CAP + 1})
    select (select count(*) from m)::int as total,
      (select json_agg(p.id order by p.n) from (
        select id, row_number() over (order by ${sort}) as n from m order by ${sort}
        limit ${page.pageSize} offset ${offset}) p) as ids`,
  );
  const total = Number(first?.total ?? 0);
  if (total <= QUESTION_TOTAL_CAP) {
    return { ids: (first?.ids ?? []).map(Number), total, capped: false };
  }
  const capped = { total: QUESTION_TOTAL_CAP, capped: true };
  // 2. More than the cap match. When the order indexes hold every condition, the page is the first
  // rows of the index in the chosen order that pass them.
  if (tested.length === 0) {
    const rows = await db.select({ id: q.id }).from(q).where(matches).orderBy(sort).limit(page.pageSize).offset(offset);
    return { ids: rows.map((r) => r.id), ...capped };
  }
  // 3. A keyword or a node: read the candidates in the chosen order and test them, stopping at the
  // page's last match. The first matches among the first candidates are the first matches overall,
  // so the page is exact. The planner cannot be left to choose: it multiplies the odds of a keyword's
  // character pairs as if unrelated (二次函数 is 二次, 次函 and 函数) and of a node and its course,
  // thinks common matches rare and sorts them all, or rare ones common and walks the whole course.
  const need = offset + page.pageSize;
  const probed = await rowsOf<{ id: string | number }>(
    db,
    sql`select id from (
      select ${q.id} as id, ${q.year} as year, ${q.timesUsed} as times_used, ${q.difficulty} as difficulty,
        ${and(...tested)} as hit
      from ${q} where ${and(...indexed)} order by ${sort} limit ${PROBE_CANDIDATES}) c
    where hit order by ${sort} limit ${need}`,
  );
  if (probed.length === need) return { ids: probed.slice(offset).map((r) => Number(r.id)), ...capped };
  // 4. Few matches among the first candidates: gather them all (search index, links), then sort.
  const sorted = await rowsOf<{ id: string | number }>(
    db,
    sql`with m as materialized (
      select ${q.id} as id, ${q.year} as year, ${q.timesUsed} as times_used, ${q.difficulty} as difficulty
      from ${q} where ${matches})
    select id from m order by ${sort} limit ${page.pageSize} offset ${offset}`,
  );
  return { ids: sorted.map((r) => Number(r.id)), ...capped };
}

/** Both drivers answer raw SQL with { rows }. */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
