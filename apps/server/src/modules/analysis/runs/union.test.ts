import type { ItemsReport, LinesReport, OverviewReport, StudentRow } from '@huikao/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisReports, analysisStudentRows, multiExams } from '../../../db/schema.ts';
import { CHINESE, fillAndFinalise, MATH, type SmallExam, setUpSmallExam } from '../../../test/analysis-fixture.ts';
import { login } from '../../../test/client.ts';
import { makeStudent, makeTeacher } from '../../../test/factories.ts';
import { makeExam } from '../../../test/scores-fixture.ts';
import { reportBody } from '../read/repo.ts';
import { unpackStudentRow } from '../store/student-row-codec.ts';

// A 联考 of two schools of one area: the small exam (第一中学, s1–s6, totals 190 130 160 130 70 30)
// and 第二中学 with three students t1–t3 in one class:
//          数学                      语文                      总分
//   t1     B 20 40 40 = 100         T 20 30 50 = 100          200
//   t2     A  0 20 20 =  40         F  0 10 10 =  20           60
//   t3     B 20 30 40 =  90         T 20 20 20 =  60          150
// Union totals 200 190 160 150 130 130 70 60 30: N 9, Σ 1120.

let s: SmallExam;
let otherMeId: number;
const UNION = 'LK-2025-八年级';
const t: number[] = [];
beforeAll(async () => {
  s = await setUpSmallExam();
  const other = s.other;
  for (const [i, name] of ['甲', '乙', '丙'].entries()) {
    const st = await makeStudent(s.db, {
      schoolId: other.school.id,
      classId: other.class.id,
      name,
      studentNo: `3000${i}`,
    });
    t.push(st.id);
  }
  const exam = await makeExam(s.db, {
    schoolId: other.school.id,
    schoolYearId: other.year.id,
    termId: other.terms[0]!.id,
    name: '八年级联考',
    subjects: [MATH, CHINESE],
    students: t.map((id) => ({ id, classId: other.class.id })),
  });
  otherMeId = exam.multi.id;
  const adminTeacher = await makeTeacher(s.db, { schoolId: other.school.id, type: 5 });
  const admin = await login(s.t.app, adminTeacher.phone, adminTeacher.user.password);
  await fillAndFinalise(
    { call: (e, p) => s.as(admin, e, p), sid: String(other.school.id), students: t.map((id) => ({ id })) },
    exam,
    [
      ['B', 40, 40],
      ['A', 20, 20],
      ['B', 30, 40],
    ],
    [
      ['T', 30, 50],
      ['F', 10, 10],
      ['T', 20, 20],
    ],
  );
  await s.db
    .update(multiExams)
    .set({ unionKey: UNION })
    .where(inArray(multiExams.id, [Number(s.meId), otherMeId]));
  // The union run and both schools' own runs, from one load.
  expect(await s.analysis.runs.runPending()).toBe(3);
  expect(await s.analysis.runs.runPending()).toBe(0);
});
afterAll(() => s.t.close());

const unionKey = `union:${UNION}`;
async function doc<T>(runKey: string, kind: string, subjectKey: string, scopeKey: string): Promise<T> {
  const body = await reportBody(s.db, { runKey, kind, subjectKey, scopeKey });
  expect(body, `${runKey} ${kind} ${subjectKey} ${scopeKey}`).not.toBeNull();
  return body as T;
}
async function row(runKey: string, studentId: number): Promise<StudentRow> {
  const [r] = await s.db
    .select({ body: analysisStudentRows.body })
    .from(analysisStudentRows)
    .where(and(eq(analysisStudentRows.runKey, runKey), eq(analysisStudentRows.studentId, studentId)));
  return unpackStudentRow(r!.body);
}
const close = (actual: number | null | undefined, expected: number) => expect(actual).toBeCloseTo(expected, 9);
const MEAN = 1120 / 9;

describe('联考 run', () => {
  it('is done, with union, area and school scopes', async () => {
    expect(await s.analysis.runs.status(unionKey)).toMatchObject({ status: 3, stale: false, error: null });
    const keys = await s.db
      .select({ scopeKey: analysisReports.scopeKey })
      .from(analysisReports)
      .where(
        and(
          eq(analysisReports.runKey, unionKey),
          eq(analysisReports.kind, 'overview'),
          eq(analysisReports.subjectKey, '0'),
        ),
      );
    expect(keys.map((k) => k.scopeKey).sort()).toEqual(
      [
        'union>area',
        'union>class',
        'union>school',
        `area:${s.school.areaId}`,
        `school:${s.school.id}`,
        `school:${s.other.school.id}`,
      ].sort(),
    );
  });

  it('schools against the union: 超均率, T, rank; the area against itself', async () => {
    const o = await doc<OverviewReport>(unionKey, 'overview', '0', 'union>school');
    expect(o.scope).toMatchObject({ kind: 'union', id: UNION });
    close(o.summary!.mean, MEAN);
    // σ of the union: Σx² = 101300 + 200² + 60² + 150² = 167400; σ² = 167400/9 − mean².
    const sd = Math.sqrt(167400 / 9 - MEAN ** 2);
    close(o.summary!.sd, sd);
    const [one, two] = o.units;
    expect([one!.scope.name, two!.scope.name]).toEqual(['第一中学', '第二中学']);
    // 第一中学 710/6, 第二中学 410/3.
    close(one!.overMeanRate, (710 / 6 - MEAN) / MEAN);
    close(two!.overMeanRate, (410 / 3 - MEAN) / MEAN);
    close(two!.tScore, 50 + (10 * (410 / 3 - MEAN)) / sd);
    expect([one!.rank, two!.rank]).toEqual([2, 1]);
    expect(two!.evaluation).not.toBeNull();

    const areas = await doc<OverviewReport>(unionKey, 'overview', '0', 'union>area');
    expect(areas.units).toHaveLength(1);
    expect(areas.units[0]).toMatchObject({ overMeanRate: 0, tScore: 50, rank: 1, evaluation: null });

    // A school's own document: its classes against the school, itself against the union.
    const school = await doc<OverviewReport>(unionKey, 'overview', '0', `school:${s.other.school.id}`);
    expect(school.parent).toMatchObject({ kind: 'union' });
    close(school.overMeanRate, (410 / 3 - MEAN) / MEAN);
    expect(school.units.map((u) => [u.scope.kind, u.overMeanRate])).toEqual([['class', 0]]);
  });

  it('union items and lines', async () => {
    // 数学 Q1 over the 8 present: s1 s2 s4 t1 t3 right (20), s3 s6 t2 wrong → 100/8 of 20.
    const items = await doc<ItemsReport>(unionKey, 'items', '2', 'union');
    expect(items.count).toBe(8);
    close(items.items[0]!.difficulty, 100 / 8 / 20);
    const school = await doc<ItemsReport>(unionKey, 'items', '2', `school:${s.other.school.id}`);
    // t1 t2 t3: 20 0 20.
    close(school.items[0]!.difficulty, 40 / 3 / 20);

    const lines = await doc<LinesReport>(unionKey, 'lines', '0', 'union');
    // 重点 ⌈0.15·9⌉ = 2 → 190, 2 on it; 本科 ⌈4.5⌉ = 5 → 130, 6 on it (200 190 160 150 130 130).
    expect(lines.lines.map((l) => [l.score, l.onLine])).toEqual([
      [190, 2],
      [130, 6],
    ]);
    expect(lines.lines[1]!.units.map((u) => [u.scope.name, u.count, u.onLine])).toEqual([
      ['第一中学', 6, 4],
      ['第二中学', 3, 2],
    ]);
  });

  it('student rows: rank in the union and in the school; PR and T against the union', async () => {
    const s1 = await row(unionKey, s.students[0]!.id);
    // 190: 2nd in the union, 1st in 第一中学; PR (7 below + ½)/9.
    expect(s1.subjects['0']).toMatchObject({ score: 190, unionRank: 2, gradeRank: 1, classRank: 1 });
    close(s1.subjects['0']!.pr, 7.5 / 9);
    const t3 = await row(unionKey, t[2]!);
    // 150: 4th in the union, 2nd in 第二中学 (200 150 60).
    expect(t3).toMatchObject({ schoolName: '第二中学', name: '丙' });
    expect(t3.subjects['0']).toMatchObject({ score: 150, unionRank: 4, gradeRank: 2 });
    close(t3.subjects['0']!.beat, 5 / 9);
    expect(t3.progress).toBeNull();
  });

  it("each school's own run is the same as computing that school alone", async () => {
    const own = await doc<OverviewReport>(`me:${s.meId}`, 'overview', '2', 'grade');
    expect(own.summary).toMatchObject({ count: 5, mean: 70 });
    expect(own.subject.seId).toBe(String(s.mathSubject.single.id));
    const ownItems = await doc<ItemsReport>(`me:${s.meId}`, 'items', '2', 'grade');
    expect(ownItems.items.map((i) => i.questionId)).toEqual(
      ['1', '2', '3'].map((no) => String(s.mathSubject.byNo.get(no)!.id)),
    );
    const t1 = await row(`me:${otherMeId}`, t[0]!);
    expect(t1.subjects['0']).toMatchObject({ score: 200, gradeRank: 1, unionRank: null });
    close(t1.subjects['0']!.pr, 2.5 / 3);
  });
});
