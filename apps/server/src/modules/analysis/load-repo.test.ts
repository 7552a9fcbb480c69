import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examStudents, studentScores } from '../../db/schema.ts';
import type { Database } from '../../platform/db.ts';
import { openTestDatabase } from '../../test/database.ts';
import { makeClass, makeGrade, makeSchool, makeSchoolYear, makeStudent } from '../../test/factories.ts';
import { makeExam, type QuestionSpec } from '../../test/scores-fixture.ts';
import { seatPage } from './load-repo.ts';

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

    const page = await seatPage(db, subject.single.id, keys, keys.slice(0, 100), 0, 100);
    expect(page.count).toBe(1);
    expect(page.last).toBe(student.id);
    const [sid, absent, total, scores, choices] = page.text.split('|');
    expect([sid, absent, total]).toEqual([String(student.id), '0', '75']);
    expect(scores!.split(',')).toEqual(keys.map((_, i) => (i % 2 === 0 ? '1' : '0')));
    expect(choices!.split(',')).toEqual(keys.slice(0, 100).map((_, i) => (i % 2 === 0 ? 'A' : 'B')));
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
