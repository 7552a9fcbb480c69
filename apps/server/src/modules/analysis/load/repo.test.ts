import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { examStudents, studentScores } from '../../../db/schema.ts';
import type { Database } from '../../../platform/db.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { makeClass, makeGrade, makeSchool, makeSchoolYear, makeStudent } from '../../../test/factories.ts';
import { makeExam, type QuestionSpec } from '../../../test/scores-fixture.ts';
import { seatPage } from './repo.ts';
import { readChoicesAt, readScoresAt, seatLayout } from './seat-text.ts';

// A paper of 150 questions (an English paper easily has 80): every score and choice comes back in
// paper order. The embedded database once answered such a page with no row at all.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('seatPage', () => {
  it('lists every question of a long paper in paper order', async () => {
    const db = database.db;
    const school = await makeSchool(db);
    const { year, terms } = await makeSchoolYear(db, school.id, 2025);
    await makeGrade(db, school.id, 8, [2]);
    const cls = await makeClass(db, { schoolId: school.id, gradeId: 8, schoolYearId: year.id });
    const student = await makeStudent(db, { schoolId: school.id, classId: cls.id });
    const questions = Array.from(
      { length: 150 },
      (_, i): QuestionSpec =>
        i < 100
          ? { questionNo: String(i + 1), kind: 1, objectiveType: 1, optionCount: 4, answer: 'A', fullMark: 1 }
          : { questionNo: String(i + 1), kind: 2, fullMark: 1 },
    );
    const exam = await makeExam(db, {
      schoolId: school.id,
      schoolYearId: year.id,
      termId: terms[0]!.id,
      subjects: [{ courseId: 2, fullMark: 150, questions }],
      students: [{ id: student.id, classId: cls.id }],
    });
    const subject = exam.subjects[0]!;
    const [seat] = await db.select().from(examStudents);
    const keys = subject.questions.map((q) => String(q.id));
    // Odd questions scored 1, even ones 0; choices A for odd objective questions, B for even ones.
    await db.insert(studentScores).values({
      schoolId: school.id,
      singleExamId: subject.single.id,
      examStudentId: seat!.id,
      studentId: student.id,
      scores: Object.fromEntries(keys.map((k, i) => [k, i % 2 === 0 ? 1 : 0])),
      choices: Object.fromEntries(keys.slice(0, 100).map((k, i) => [k, i % 2 === 0 ? 'A' : 'B'])),
      totalScore: 75,
    });

    const page = await seatPage(db, subject.single.id, true, 0, 100);
    expect(page.count).toBe(1);
    expect(page.last).toBe(student.id);
    const [sid, absent, total, scores, choices] = page.text.split('\t');
    expect([sid, absent, total]).toEqual([String(student.id), '0', '75']);
    // The database's own text is read on the quick path (its key order is the one seat-text expects).
    const layout = seatLayout(
      keys,
      keys.slice(0, 100).map((_, j) => j),
      keys.map((_, j) => (j < 100 ? ['A', 'B', 'C', 'D'] : [])),
    );
    const columns = keys.map(() => new Float64Array(1));
    const coded = keys.map((_, j) => (j < 100 ? new Uint16Array(1) : null));
    const parse = vi.spyOn(JSON, 'parse');
    readScoresAt(scores!, 0, scores!.length, layout, columns, 0);
    readChoicesAt(choices!, 0, choices!.length, layout, coded, 0);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(columns.map((c) => c[0])).toEqual(keys.map((_, i) => (i % 2 === 0 ? 1 : 0)));
    expect(coded.slice(0, 100).map((c) => c![0])).toEqual(keys.slice(0, 100).map((_, i) => (i % 2 === 0 ? 1 : 2)));
  });

  it("reads any scores object as the database's ->> reads it (missing, null or text values)", async () => {
    const keys = ['7', '99', '101', '1000', '二'];
    const layout = seatLayout(
      keys,
      [],
      keys.map(() => []),
    );
    const shapes = [
      { '7': 1, '99': 2.5, '101': 0.07, '1000': 12, 二: 3 },
      { '7': 1, '101': null, '1000': '4.5', 二: 'x' },
      { '7': 1, '99': 2, '101': 3, '1000': 4, 二: 5, '8': 6 },
      {},
    ];
    for (const shape of shapes) {
      const json = JSON.stringify(shape);
      const result = (await database.db.execute(sql`
        select ${json}::jsonb::text as text,
          array[${sql.join(
            keys.map((k) => sql`coalesce(${json}::jsonb->>${k}, '0')`),
            sql`, `,
          )}]::text[] as arrow`)) as unknown as { rows: { text: string; arrow: string[] }[] };
      const { text, arrow } = result.rows[0]!;
      const columns = keys.map(() => new Float64Array(1));
      readScoresAt(text, 0, text.length, layout, columns, 0);
      expect(
        columns.map((c) => c[0]),
        text,
      ).toEqual(arrow.map(Number));
    }
  });
});

// Migration 0011: the stored reports' bodies use lz4 on a server that has it (PostgreSQL here is
// Debian's, built with lz4); the embedded database has no lz4 and keeps its default.
describe('stored report compression', () => {
  it('is lz4 on PostgreSQL and the default on the embedded database', async () => {
    const result = (await database.db.execute(sql`
      select attrelid::regclass::text as "table", attcompression::text as method from pg_attribute
      where attname = 'body' and attrelid in ('analysis_reports'::regclass, 'analysis_student_rows'::regclass)
      order by 1`)) as unknown as { rows: { table: string; method: string }[] };
    const expected = database.kind === 'postgresql' ? 'l' : '';
    expect(result.rows).toEqual([
      { table: 'analysis_reports', method: expected },
      { table: 'analysis_student_rows', method: expected },
    ]);
  });
});
