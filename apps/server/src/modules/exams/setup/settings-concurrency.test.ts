import { examsApi as api, DEFAULT_SCORE_CONFIG, type ExamLevelScheme, type StandardPaper } from '@huikao/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, singleExams, standardPapers, studentScores } from '../../../db/schema.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';

// Issue #21 item 2 for the settings documents (SSC, level schemes, an exam's analysis settings):
// parallel saves each replace the whole document, so what must hold is the history: read in
// order, each audit's "before" is the previous save's "after", and the stored one is the last.
// On PostgreSQL the saves run in parallel; on PGlite one after another.

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

const levels = [
  { name: 'A', share: 0.2, high: 100, low: 85 },
  { name: 'B', share: 0.5, high: 84, low: 60 },
  { name: 'C', share: 0.3, high: 59, low: 30 },
];

/** The audits of an action in commit order, each taking over from the one before. */
async function expectChained(action: string, pick: (change: unknown) => unknown = (c) => c) {
  const audits = await s.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
  for (let i = 1; i < audits.length; i++) expect(pick(audits[i]!.before)).toEqual(pick(audits[i - 1]!.after));
  return audits;
}

describe('parallel saves of one settings document', () => {
  it('SSC: 20 saves, a consistent history, the last one kept', async () => {
    const configs = Array.from({ length: 20 }, (_, i) => ({
      ...DEFAULT_SCORE_CONFIG,
      rates: { ...DEFAULT_SCORE_CONFIG.rates, excellent: 80 + i },
    }));
    for (const result of await Promise.all(
      configs.map((config) => s.call(api.saveOrUpdateSSC, { schoolId: s.sid, config })),
    )) {
      expectOk(result);
    }
    const audits = await expectChained('exams.ssc.save');
    expect(audits).toHaveLength(20);
    expect(expectOk(await s.call(api.getSSCBySchoolId, { schoolId: s.sid }))).toEqual(audits.at(-1)!.after);
  });

  it('level scheme: 15 renames, a consistent history', async () => {
    const scheme = expectOk(
      await s.call<ExamLevelScheme>(api.saveOrUpdateELA, { schoolId: s.sid, name: '方案', levels }),
    );
    for (const result of await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        s.call(api.saveOrUpdateELA, { schoolId: s.sid, elaId: scheme.elaId, name: `方案${i}`, levels }),
      ),
    )) {
      expectOk(result);
    }
    const audits = await expectChained('exams.ela.update', (c) => (c as { name: string }).name);
    expect(audits).toHaveLength(15);
  });

  it("an exam's analysis settings: 15 saves, a consistent history", async () => {
    const settings = (excellent: number) => ({
      ...DEFAULT_SCORE_CONFIG,
      rates: { ...DEFAULT_SCORE_CONFIG.rates, excellent },
      classIds: [],
      elaId: null,
    });
    for (const result of await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        s.call(api.saveExamAnalysisSettings, { schoolId: s.sid, meId: s.ids.meId, settings: settings(80 + i) }),
      ),
    )) {
      expectOk(result);
    }
    const audits = await expectChained('exams.multi-exam.settings', (c) => (c as { settings: unknown }).settings);
    expect(audits).toHaveLength(15);
  });

  it('standard paper: 20 identical saves make one paper; 15 edits a consistent history', async () => {
    const save = () =>
      s.call<StandardPaper>(api.saveStandardPaper, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        kind: 1,
        title: '数学标准答案',
        content: '1. A',
      });
    const saved = (await Promise.all(Array.from({ length: 20 }, save))).map((r) => expectOk(r));
    expect(new Set(saved.map((p) => p.spId)).size).toBe(1);
    const rows = await s.db.select().from(standardPapers).where(eq(standardPapers.title, '数学标准答案'));
    expect(rows).toHaveLength(1);
    for (const result of await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        s.call(api.updateStandardPaper, {
          schoolId: s.sid,
          spId: saved[0]!.spId,
          title: '数学标准答案',
          content: `第${i}版`,
        }),
      ),
    )) {
      expectOk(result);
    }
    const audits = await expectChained('exams.standard-paper.update', (c) => (c as { content: string }).content);
    expect(audits).toHaveLength(15);
  });

  it('never stores a total above a full mark lowered while totals are saved', async () => {
    const englishId = Number(s.ids.englishSeId);
    const [lower, ...saves] = await Promise.all([
      s.call(api.updateSingleExam, { schoolId: s.sid, seId: s.ids.englishSeId, fullMark: 80 }),
      ...s.students.map((student) =>
        s.call(api.updateStudentCardScores, {
          schoolId: s.sid,
          seId: s.ids.englishSeId,
          score: { studentId: String(student.id), totalScore: 95 },
        }),
      ),
    ]);
    const [single] = await s.db.select().from(singleExams).where(eq(singleExams.id, englishId));
    const totals = await s.db.select().from(studentScores).where(eq(studentScores.singleExamId, englishId));
    for (const row of totals) expect(row.totalScore ?? 0).toBeLessThanOrEqual(single!.fullMark);
    // Serially: the lower mark first refuses the totals; any total first refuses the lower mark.
    if (lower!.status === 200) expect(saves.every((r) => r.status !== 200)).toBe(true);
    else expect(saves.some((r) => r.status === 200)).toBe(true);
  });
});
