import type { StudentRow, StudentSubjectFigures } from '@huikao/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db.ts';
import { openTestDatabase } from '../../../test/database.ts';
import type { RunResult } from '../compute/run.ts';
import type { StoredStudentRow } from '../compute/student-rows.ts';
import { analysisReports, analysisStudentRows } from '../schema.ts';
import { replaceRunResults } from './repo.ts';
import { unpackStudentRow } from './student-row-codec.ts';

// Storing travels a line per row: values with line breaks, quotes and backslashes, empty numbers
// and missing figures must come back exactly, and a second store replaces the first.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const figures = (score: number | null, rank: number | null): StudentSubjectFigures => ({
  score,
  classRank: rank,
  gradeRank: rank,
  unionRank: null,
  classDenseRank: rank,
  gradeDenseRank: rank,
  pr: score === null ? null : 0.125,
  beat: score === null ? null : 1 / 3,
  z: score === null ? null : -1.2345678901234567,
  t: score === null ? null : 37.654321098765436,
  level: score === null ? null : 'A',
  levelScore: null,
});

function row(studentId: number, name: string, studentNo: string, score: number | null): StoredStudentRow {
  const body: StudentRow = {
    studentId: String(studentId),
    name,
    studentNo,
    classId: '7',
    className: '八年级(1)班\n"实验"',
    schoolId: '3',
    schoolName: '第一\\中学',
    subjects: { '0': figures(score, score === null ? null : 1), '2': figures(score, score === null ? null : 1) },
    imbalance: null,
    progress: null,
  };
  return {
    studentId,
    schoolId: 3,
    classId: 7,
    multiExamId: 11,
    name,
    studentNo,
    total: score,
    gradeRank: score === null ? null : 1,
    body,
  };
}

function result(rows: StoredStudentRow[], bodies: unknown[]): RunResult {
  return {
    runKey: 'me:11',
    documents: bodies.map((body, k) => ({
      kind: 'overview',
      subjectKey: String(k),
      scopeKey: k === 0 ? 'grade' : `class:${k}`,
      body: JSON.stringify(body),
    })),
    studentCount: rows.length,
    studentRow: (i) => rows[i]!,
  };
}

describe('replaceRunResults', () => {
  it('stores documents and student rows exactly, and replaces them on the next store', async () => {
    const db = database.db;
    const odd = { text: '第一行\n第二行\t"引号" \\ 反斜杠 \u2028', values: [0.1 + 0.2, -0, 1e-7, null] };
    const rows = [row(1, '王"小"明\n二', '', 91.5), row(2, 'Zoë \\ 李', '2024-002', null)];
    await replaceRunResults(db, result(rows, [odd, { empty: '' }]), async () => {});

    const docs = await db
      .select({
        subjectKey: analysisReports.subjectKey,
        scopeKey: analysisReports.scopeKey,
        body: analysisReports.body,
      })
      .from(analysisReports)
      .where(eq(analysisReports.runKey, 'me:11'))
      .orderBy(asc(analysisReports.subjectKey));
    expect(docs).toEqual([
      { subjectKey: '0', scopeKey: 'grade', body: JSON.parse(JSON.stringify(odd)) },
      { subjectKey: '1', scopeKey: 'class:1', body: { empty: '' } },
    ]);

    const stored = await db
      .select()
      .from(analysisStudentRows)
      .where(eq(analysisStudentRows.runKey, 'me:11'))
      .orderBy(asc(analysisStudentRows.studentId));
    expect(stored.map(({ body, ...columns }) => columns)).toEqual([
      {
        runKey: 'me:11',
        studentId: 1,
        schoolId: 3,
        classId: 7,
        multiExamId: 11,
        name: '王"小"明\n二',
        studentNo: '',
        total: 91.5,
        gradeRank: 1,
        subjectScores: { '0': 91.5, '2': 91.5 },
      },
      {
        runKey: 'me:11',
        studentId: 2,
        schoolId: 3,
        classId: 7,
        multiExamId: 11,
        name: 'Zoë \\ 李',
        studentNo: '2024-002',
        total: null,
        gradeRank: null,
        subjectScores: { '0': null, '2': null },
      },
    ]);
    expect(stored.map((s) => unpackStudentRow(s.body))).toEqual(rows.map((r) => r.body));

    // One student row only: the store replaces everything of the run.
    await replaceRunResults(db, result([row(3, '赵六', '3', 60)], [{ again: true }]), async () => {});
    const after = await db
      .select({ studentId: analysisStudentRows.studentId })
      .from(analysisStudentRows)
      .where(eq(analysisStudentRows.runKey, 'me:11'));
    expect(after).toEqual([{ studentId: 3 }]);
    const afterDocs = await db.select({ body: analysisReports.body }).from(analysisReports);
    expect(afterDocs).toEqual([{ body: { again: true } }]);
  });
});
