import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';

// What a run's results are computed from, as one text (the stamp): the exam's status and last
// edit (settings, publishing), every single exam's score version and full mark, the stored level
// scheme's last edit, and (school runs, for 进退步) which previous exam's results and when they were
// computed. Reports are stale when the stamp moved on since the stored results.

export interface ExamStamp {
  meId: number;
  schoolId: number;
  unionKey: string | null;
  status: number;
  /** The exam's own part (a union's stamp joins its members' base parts). */
  base: string;
  /** The previous exam's id and computation time, or '-'. */
  previous: string;
}

export const schoolStamp = (e: ExamStamp) => `${e.base}|${e.previous}`;
export const unionStamp = (members: ExamStamp[]) =>
  [...members]
    .sort((a, b) => a.meId - b.meId)
    .map((m) => `${m.meId}:${m.base}`)
    .join(';');

/** Stamps of finalised or published exams: every one, or those named, or those of union keys. */
export async function examStamps(
  ex: Executor,
  only: { meIds?: number[]; unionKeys?: string[] } = {},
): Promise<ExamStamp[]> {
  const filter =
    only.meIds !== undefined
      ? sql`and m.id = any(string_to_array(${only.meIds.join(',')}, ',')::bigint[])`
      : only.unionKeys !== undefined
        ? sql`and m.union_key = any(string_to_array(${only.unionKeys.join('\u0001')}, '\u0001'))`
        : sql``;
  const result = (await ex.execute(sql`
    select m.id::float8 as "meId", m.school_id::float8 as "schoolId", m.union_key as "unionKey", m.status::int as status,
      m.status || '@' || floor(extract(epoch from m.updated_at) * 1000)::bigint
        || '#' || coalesce((select string_agg(s.id || '.' || s.score_version || '.' || s.full_mark, ',' order by s.id)
          from single_exams s where s.multi_exam_id = m.id), '')
        || '~' || coalesce((select floor(extract(epoch from e.updated_at) * 1000)::bigint::text from exam_level_schemes e
          where e.id::text = m.settings->>'elaId'), '-') as base,
      coalesce((select p.id || '@' || floor(extract(epoch from r.computed_at) * 1000)::bigint
        from multi_exams p join analysis_runs r on r.run_key = 'me:' || p.id
        where p.school_id = m.school_id and p.grade_id = m.grade_id and p.status >= 3 and r.computed_at is not null
          and r.computed_stamp is not null and (p.start_date, p.id) < (m.start_date, m.id)
        order by p.start_date desc, p.id desc limit 1), '-') as previous
    from multi_exams m
    where m.status >= 3 ${filter}
    order by m.id`)) as unknown as { rows: ExamStamp[] };
  return result.rows;
}
