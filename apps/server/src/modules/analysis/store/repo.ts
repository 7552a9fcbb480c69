import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db.ts';
import type { RunResult, StoredDocument } from '../compute/run.ts';
import type { StoredStudentRow } from '../compute/student-rows.ts';
import { packStudentRow } from './student-row-codec.ts';

// A run's results replace the stored ones in one transaction: delete, then multi-row inserts, then
// the caller's state update. A slice of rows travels as one text per column, a line per row, split
// by string_to_array and zipped by unnest: each JSON body is checked once, by its cast to json, and
// kept as it came (no binary form to build: jsonb cost twice as much), with no bound parameter per
// value to build here. (One JSON array of row objects, unpacked by json_to_recordset, had the
// database parse every body three times: 40 % more of its time per report.) A line cannot break
// inside a value: JSON text never holds a raw line break, keys have none, and the students' names
// and numbers travel as JSON strings. Student rows are turned into text slice by slice, so a
// 100,000-student union never holds its rows' text at once; one slice is in flight while the next
// is built.

/** Rough size of one statement's text. */
const SLICE_CHARS = 4_000_000;
const STUDENT_SLICE = 2_000;

const lines = (values: readonly string[]) => values.join('\n');
const split = (text: string) => sql`string_to_array(${text}::text, E'\\n')`;

async function insertDocuments(tx: Tx, runKey: string, slice: StoredDocument[]): Promise<void> {
  await tx.execute(sql`
    insert into analysis_reports (run_key, kind, subject_key, scope_key, body)
    select ${runKey}, u.kind, u.subject_key, u.scope_key, u.body::json
    from unnest(${split(lines(slice.map((d) => d.kind)))}, ${split(lines(slice.map((d) => d.subjectKey)))},
      ${split(lines(slice.map((d) => d.scopeKey)))}, ${split(lines(slice.map((d) => d.body)))})
      as u(kind, subject_key, scope_key, body)`);
}

/** A slice of student rows as one text list per column, in the order insertStudents unnests them. */
const STUDENT_COLUMNS = [
  'ids',
  'schools',
  'classes',
  'exams',
  'names',
  'numbers',
  'totals',
  'ranks',
  'scores',
  'bodies',
] as const;
type StudentColumns = Record<(typeof STUDENT_COLUMNS)[number], string[]>;

const studentColumns = () => Object.fromEntries(STUDENT_COLUMNS.map((k) => [k, [] as string[]])) as StudentColumns;

/** One row into the columns (numbers as text, empty for none; names and numbers as JSON strings). */
function addStudent(c: StudentColumns, r: StoredStudentRow): void {
  const scores: Record<string, number | null> = {};
  for (const [key, figures] of Object.entries(r.body.subjects)) scores[key] = figures.score;
  c.ids.push(String(r.studentId));
  c.schools.push(String(r.schoolId));
  c.classes.push(String(r.classId));
  c.exams.push(String(r.multiExamId));
  c.names.push(JSON.stringify(r.name));
  c.numbers.push(JSON.stringify(r.studentNo));
  c.totals.push(r.total === null ? '' : String(r.total));
  c.ranks.push(r.gradeRank === null ? '' : String(r.gradeRank));
  c.scores.push(JSON.stringify(scores));
  c.bodies.push(JSON.stringify(packStudentRow(r.body)));
}

async function insertStudents(tx: Tx, runKey: string, c: StudentColumns): Promise<void> {
  await tx.execute(sql`
    insert into analysis_student_rows (run_key, student_id, school_id, class_id, multi_exam_id, name, student_no,
      total, grade_rank, subject_scores, body)
    select ${runKey}, u.id::bigint, u.school::bigint, u.class::bigint, u.exam::bigint, u.name::json #>> '{}',
      u.number::json #>> '{}', nullif(u.total, '')::float8, nullif(u.rank, '')::int, u.scores::jsonb, u.body::json
    from unnest(${sql.join(
      STUDENT_COLUMNS.map((k) => split(lines(c[k]))),
      sql`, `,
    )})
      as u(id, school, class, exam, name, number, total, rank, scores, body)`);
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
      // Awaited when the next slice is ready: observed now, so a failure meanwhile is not an
      // unhandled rejection (that await still throws it).
      sending.catch(() => {});
    };
    let slice: StoredDocument[] = [];
    let chars = 0;
    for (const doc of result.documents) {
      slice.push(doc);
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
      const columns = studentColumns();
      for (let i = start; i < Math.min(n, start + STUDENT_SLICE); i++) addStudent(columns, result.studentRow(i));
      await send(() => insertStudents(tx, runKey, columns));
    }
    await sending;
    await finish(tx);
  });
}
