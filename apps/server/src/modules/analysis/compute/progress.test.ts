import type { AttentionReport, LevelsReport, StudentRow } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisReports, analysisStudentRows } from '../../../db/schema.ts';
import {
  CHINESE,
  CHINESE_PAPERS,
  fillAndFinalise,
  MATH,
  MATH_PAPERS,
  type SmallExam,
  setUpSmallExam,
} from '../../../test/analysis-fixture.ts';
import { makeExam } from '../../../test/scores-fixture.ts';
import { unpackStudentRow } from '../store/student-row-codec.ts';

// 进退步 against the previous exam of the grade: a second exam of the same six students, where s1
// and s2 swap their 语文 scores (90 ↔ 50). Totals then 150 170 160 130 70 30 (ranks 3 1 2 4 5 6)
// against the first exam's 190 130 160 130 70 30 (ranks 1 3 2 3 5 6).

let s: SmallExam;
let second: number;
beforeAll(async () => {
  s = await setUpSmallExam();
  const exam = await makeExam(s.db, {
    schoolId: s.school.id,
    schoolYearId: s.year.id,
    termId: s.term.id,
    name: '八年级第二次月考',
    subjects: [MATH, CHINESE],
    students: s.students.map((st) => ({ id: st.id, classId: st.classId })),
  });
  second = exam.multi.id;
  const swapped = [CHINESE_PAPERS[1]!, CHINESE_PAPERS[0]!, ...CHINESE_PAPERS.slice(2)];
  await fillAndFinalise(s, exam, MATH_PAPERS, swapped);
  // Both exams: the earlier one first, then the later one against it.
  expect(await s.analysis.runs.runPending()).toBe(2);
});
afterAll(() => s.t.close());

async function doc<T>(kind: string, subjectKey: string): Promise<T> {
  const [row] = await s.db
    .select({ body: analysisReports.body })
    .from(analysisReports)
    .where(
      and(
        eq(analysisReports.runKey, `me:${second}`),
        eq(analysisReports.kind, kind),
        eq(analysisReports.subjectKey, subjectKey),
        eq(analysisReports.scopeKey, 'grade'),
      ),
    );
  return row!.body as T;
}
async function row(i: number): Promise<StudentRow> {
  const [r] = await s.db
    .select({ body: analysisStudentRows.body })
    .from(analysisStudentRows)
    .where(and(eq(analysisStudentRows.runKey, `me:${second}`), eq(analysisStudentRows.studentId, s.students[i]!.id)));
  return unpackStudentRow(r!.body);
}

describe('progress against the previous exam', () => {
  it('student rows: grade and class rank change of the total, and the change of T', async () => {
    const [s1, s2, s3] = await Promise.all([row(0), row(1), row(2)]);
    // Grade: s1 1 → 3 (−2), s2 3 → 1 (+2), s3 2 → 2. Class (1): s1 1 → 3, s2 3 → 1, s3 2 → 2.
    expect(s1.progress).toMatchObject({ previousMeId: s.meId, gradeRankChange: -2, classRankChange: -2 });
    expect(s2.progress).toMatchObject({ gradeRankChange: 2, classRankChange: 2 });
    expect(s3.progress).toMatchObject({ gradeRankChange: 0, classRankChange: 0 });
    // s3 scored 160 both times; the mean is 710/6 both times but σ changed (190 130 → 150 170), so
    // tChange = T₂ − T₁ = 10·(160 − mean)/σ₂ − 10·(160 − mean)/σ₁.
    const mean = 710 / 6;
    const sd1 = Math.sqrt((190 ** 2 + 130 ** 2 + 160 ** 2 + 130 ** 2 + 70 ** 2 + 30 ** 2) / 6 - mean ** 2);
    const sd2 = Math.sqrt((150 ** 2 + 170 ** 2 + 160 ** 2 + 130 ** 2 + 70 ** 2 + 30 ** 2) / 6 - mean ** 2);
    expect(s3.progress!.tChange).toBeCloseTo((10 * (160 - mean)) / sd2 - (10 * (160 - mean)) / sd1, 9);
  });

  it('attention: movers by rank change, biggest rise first', async () => {
    const total = await doc<AttentionReport>('attention', '0');
    expect(total.previousExam).toEqual({ meId: s.meId, name: '八年级第一次月考' });
    // s2 +2, s4 3 → 4 (−1), s1 −2; s3 s5 s6 unchanged.
    const ids = s.students.map((st) => String(st.id));
    expect(total.movers.map((m) => [m.studentId, m.change, m.previousRank, m.rank])).toEqual([
      [ids[1], 2, 3, 1],
      [ids[3], -1, 3, 4],
      [ids[0], -2, 1, 3],
    ]);
    // 语文: s1 2 → 4 (50 now ties s4 at 4th), s2 4 → 2.
    const chinese = await doc<AttentionReport>('attention', '1');
    expect(chinese.movers.map((m) => [m.studentId, m.change])).toEqual([
      [ids[1], 2],
      [ids[0], -2],
    ]);
  });

  it('levels: the previous exam bands the class students by their previous grade rank', async () => {
    const levels = await doc<LevelsReport>('levels', '0');
    // Now: class (1) s2 1/6 → 10–30 %, s3 2/6 and s1 3/6 → 30–50 %; class (2) s4 4/6 → 50–70 %, s5 s6 → 70–100 %.
    expect(levels.units.map((u) => u.counts)).toEqual([
      [0, 1, 2, 0, 0],
      [0, 0, 0, 1, 2],
    ]);
    // Before: class (1) s1 1/6, s3 2/6, s2 3/6; class (2) s4 3/6, s5 5/6, s6 6/6.
    expect(levels.units.map((u) => u.previousCounts)).toEqual([
      [0, 1, 2, 0, 0],
      [0, 0, 1, 0, 2],
    ]);
  });

  it('recomputing the earlier exam recomputes the later one (its stamp names the previous results)', async () => {
    await s.analysis.runs.request(Number(s.meId));
    // The earlier exam, then the later one whose previous results were recomputed.
    expect(await s.analysis.runs.runPending()).toBe(2);
    expect(await s.analysis.runs.runPending()).toBe(0);
  });
});
