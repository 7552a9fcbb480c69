import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import type { RunResult } from './compute-run.ts';
import type { StoredStudentRow } from './compute-student-rows.ts';
import { packStudentRow } from './student-row-codec.ts';

// A run's results replace the stored ones in one transaction: delete, then multi-row inserts, then
// the caller's state update. Rows travel as one JSON array text per slice, unpacked by
// json_to_recordset into json columns: the database checks the text and keeps each body as it came,
// with no binary form to build (jsonb cost twice as much) and no bound parameter per value to build
// here. Student rows are turned into text slice by slice, so a 100,000-student union never holds
// its rows' text at once; one slice is in flight while the next is built.

/** Rough size of one statement's JSON text. */
const SLICE_CHARS = 4_000_000;
const STUDENT_SLICE = 2_000;

async function insertDocuments(tx: Tx, runKey: string, slice: string[]): Promise<void> {
  await tx.execute(sql`
    insert into analysis_reports (run_key, kind, subject_key, scope_key, body)
    select ${runKey}, x.kind, x.subject_key, x.scope_key, x.body
    from json_to_recordset(${`[${slice.join(',')}]`}::json) as x(kind text, subject_key text, scope_key text, body json)`);
}

async function insertStudents(tx: Tx, runKey: string, slice: string[]): Promise<void> {
  await tx.execute(sql`
    insert into analysis_student_rows (run_key, student_id, school_id, class_id, multi_exam_id, name, student_no,
      total, grade_rank, subject_scores, body)
    select ${runKey}, x.student_id, x.school_id, x.class_id, x.multi_exam_id, x.name, x.student_no, x.total,
      x.grade_rank, x.subject_scores, x.body
    from json_to_recordset(${`[${slice.join(',')}]`}::json) as x(student_id bigint, school_id bigint,
      class_id bigint, multi_exam_id bigint, name text, student_no text, total double precision, grade_rank integer,
      subject_scores jsonb, body json)`);
}

/** One student's row as the JSON object insertStudents reads. */
function studentText(r: StoredStudentRow): string {
  const scores: Record<string, number | null> = {};
  for (const [key, figures] of Object.entries(r.body.subjects)) scores[key] = figures.score;
  return JSON.stringify({
    student_id: r.studentId,
    school_id: r.schoolId,
    class_id: r.classId,
    multi_exam_id: r.multiExamId,
    name: r.name,
    student_no: r.studentNo,
    total: r.total,
    grade_rank: r.gradeRank,
    subject_scores: scores,
    body: packStudentRow(r.body),
  });
}

export async function replaceRunResults(db: Db, result: RunResult, finish: (tx: Tx) => Promise<void>): Promise<void> {
  const { runKey } = result;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from analysis_reports where run_key = ${runKey}`);
    await tx.execute(sql`delete from analysis_student_rows where run_key = ${runKey}`);
    // Each slice is sent before the next is built, so the database parses one while this builds the next.
    let sending: Promise<void> = Promise.resolve();
    const send = async (insert: () => Promise<void>) => {
      await sending;
      sending = insert();
    };
    let slice: string[] = [];
    let chars = 0;
    for (const doc of result.documents) {
      const head = JSON.stringify({ kind: doc.kind, subject_key: doc.subjectKey, scope_key: doc.scopeKey });
      slice.push(`${head.slice(0, -1)},"body":${doc.body}}`);
      chars += doc.body.length;
      if (chars >= SLICE_CHARS) {
        const ready = slice;
        await send(() => insertDocuments(tx, runKey, ready));
        slice = [];
        chars = 0;
      }
    }
    if (slice.length > 0) await send(() => insertDocuments(tx, runKey, slice));

    const n = result.studentCount;
    for (let start = 0; start < n; start += STUDENT_SLICE) {
      const rows: string[] = [];
      for (let i = start; i < Math.min(n, start + STUDENT_SLICE); i++) rows.push(studentText(result.studentRow(i)));
      await send(() => insertStudents(tx, runKey, rows));
    }
    await sending;
    await finish(tx);
  });
}
