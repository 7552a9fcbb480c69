// Shared by the analysis benches (not a bench itself): fills every exam student's scores of a
// multi-exam in SQL, one INSERT … SELECT per single exam, so set-up takes seconds even for a
// 100,000-student union. Scores follow a per-student ability with per-question noise (a stable hash,
// the same every run), about 2 % of seats 缺考; objective answers are the key or a wrong letter.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/platform/db.ts';

export async function fillScoresInSql(db: Db, meIds: number[]): Promise<void> {
  const ids = meIds.join(',');
  await db.execute(sql`
    update exam_students es set absent = true
    from single_exams s
    where s.id = es.single_exam_id and s.multi_exam_id = any(string_to_array(${ids}, ',')::bigint[])
      and (es.student_id * 31 + es.single_exam_id * 17) % 50 = 0`);
  const singles = (await db.execute(sql`
    select id::float8 as id from single_exams where multi_exam_id = any(string_to_array(${ids}, ',')::bigint[])
    order by id`)) as unknown as { rows: { id: number }[] };
  for (const { id } of singles.rows) {
    await db.execute(sql`
      insert into student_scores (school_id, single_exam_id, exam_student_id, student_id, scores, choices,
        objective_score, subjective_score, total_score)
      select es.school_id, es.single_exam_id, es.id, es.student_id, x.scores, x.choices, x.obj, x.subj, x.obj + x.subj
      from exam_students es
      cross join lateral (
        select jsonb_object_agg(p.qid, p.score) as scores,
          coalesce(jsonb_object_agg(p.qid, p.choice) filter (where p.choice is not null), '{}'::jsonb) as choices,
          coalesce(sum(p.score) filter (where p.kind = 1), 0) as obj,
          coalesce(sum(p.score) filter (where p.kind = 2), 0) as subj
        from (
          select q.id::text as qid, q.kind,
            case when q.kind = 2 then floor(q.full_mark * least(1, a.ability + h.r * 0.4) * 2) / 2
              when h.r < a.ability + 0.3 then q.full_mark else 0 end as score,
            case when q.kind = 1 then
              case when h.r < a.ability + 0.3 then q.answer
                when q.objective_type = 3 then case q.answer when 'T' then 'F' else 'T' end
                when position('A' in q.answer) > 0 then 'B' else 'A' end
            end as choice
          from exam_questions q
          cross join (select ((es.student_id * 7919) % 1000) / 1000.0 * 0.7 as ability) a
          cross join lateral (select ((es.student_id * 2654435761 + q.id * 40503) % 1000) / 1000.0 as r) h
          where q.single_exam_id = es.single_exam_id
        ) p
      ) x
      where es.single_exam_id = ${id} and not es.absent`);
  }
}
