import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SCORE_CONFIG, type Endpoint, examsApi } from '@huikao/contracts';
import { createAnalysisModule, type RunsOptions } from '../modules/analysis/index.ts';
import { localFileStorage } from '../platform/storage.ts';
import type { CallResult } from './client.ts';
import { expectOk } from './school-base-fixture.ts';
import { type SubjectSpec, setUpScores } from './scores-fixture.ts';

// The small exam of the analysis tests (issue #5), every figure of which the tests work out by
// hand: grade 8, classes (1) and (2) with three students each (s1–s3, s4–s6 in id order), 数学 and
// 语文 out of 100 with three questions each (one objective), s5 absent from 数学, ties, a zero.
//
//          数学 Q1 单选(B) 20, Q2 40, Q3 40     语文 Q1 判断(T) 20, Q2 30, Q3 50      总分
//   s1     B 20  40  40  = 100                  T 20  30  40 = 90                    190
//   s2     B 20  30  30  =  80                  F  0  20  30 = 50                    130
//   s3     A  0  40  20  =  60                  T 20  30  50 = 100                   160
//   s4     B 20  20  40  =  80                  T 20  10  20 = 50                    130
//   s5     缺考                                  T 20  20  30 = 70                     70
//   s6     C  0  10  20  =  30                  F  0   0   0 = 0                      30

export const MATH: SubjectSpec = {
  courseId: 2,
  fullMark: 100,
  questions: [
    { questionNo: '1', kind: 1, objectiveType: 1, optionCount: 4, answer: 'B', fullMark: 20 },
    { questionNo: '2', kind: 2, fullMark: 40 },
    { questionNo: '3', kind: 2, fullMark: 40 },
  ],
};
export const CHINESE: SubjectSpec = {
  courseId: 1,
  fullMark: 100,
  questions: [
    { questionNo: '1', kind: 1, objectiveType: 3, answer: 'T', fullMark: 20 },
    { questionNo: '2', kind: 2, fullMark: 30 },
    { questionNo: '3', kind: 2, fullMark: 50 },
  ],
};

/** Per student s1..s6: [choice, Q2, Q3] of 数学 (null = 缺考) and of 语文. */
export const MATH_PAPERS: ([string, number, number] | null)[] = [
  ['B', 40, 40],
  ['B', 30, 30],
  ['A', 40, 20],
  ['B', 20, 40],
  null,
  ['C', 10, 20],
];
export const CHINESE_PAPERS: [string, number, number][] = [
  ['T', 30, 40],
  ['F', 20, 30],
  ['T', 30, 50],
  ['T', 10, 20],
  ['T', 20, 30],
  ['F', 0, 0],
];

/** The settings of the small exam: the defaults, a narrower 临界生 band, the 3+1+2 level scheme. */
export const SMALL_EXAM_SETTINGS = {
  ...DEFAULT_SCORE_CONFIG,
  critical: { mode: 'score' as const, below: 50, above: 40, rankBand: 20 },
  classIds: [],
  elaId: '-1',
};

export function analysisModule(db: Parameters<typeof createAnalysisModule>[0], runs?: RunsOptions) {
  const storage = localFileStorage(mkdtempSync(path.join(tmpdir(), 'huikao-analysis-')));
  return createAnalysisModule(db, { storage, runs });
}

type Exam = Awaited<ReturnType<typeof setUpScores>>['exam'];

/** Who enters scores: a school administrator's call, the school, its students in paper order. */
export interface ScoreDesk {
  call: (endpoint: Endpoint, params: Record<string, unknown>) => Promise<CallResult>;
  sid: string;
  students: { id: number }[];
}

/** Enters the papers of an exam of MATH and CHINESE, one per student, and finalises it. */
export async function fillAndFinalise(
  s: ScoreDesk,
  exam: Exam,
  mathPapers: ([string, number, number] | null)[],
  chinesePapers: [string, number, number][],
) {
  const [math, chinese] = exam.subjects;
  const q = (subject: typeof math, no: string) => String(subject!.byNo.get(no)!.id);
  const paper = (subject: typeof math, p: [string, number, number]) => ({
    choices: { [q(subject, '1')]: p[0] },
    scores: { [q(subject, '2')]: p[1], [q(subject, '3')]: p[2] },
  });
  expectOk(
    await s.call(examsApi.updateSingleStudentsAndScores, {
      schoolId: s.sid,
      seId: String(math!.single.id),
      scores: s.students.map((st, i) => {
        const p = mathPapers[i];
        return p ? { studentId: String(st.id), ...paper(math, p) } : { studentId: String(st.id), absent: true };
      }),
    }),
  );
  expectOk(
    await s.call(examsApi.updateSingleStudentsAndScores, {
      schoolId: s.sid,
      seId: String(chinese!.single.id),
      scores: s.students.map((st, i) => ({ studentId: String(st.id), ...paper(chinese, chinesePapers[i]!) })),
    }),
  );
  expectOk(await s.call(examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId: String(exam.multi.id) }));
  return { math: math!, chinese: chinese!, q };
}

/** The small exam, scores entered and finalised through the exams calls (status 3, not computed yet). */
export async function setUpSmallExam() {
  const s = await setUpScores({ perClass: 3, subjects: [MATH, CHINESE] });
  expectOk(
    await s.call(examsApi.saveExamAnalysisSettings, { schoolId: s.sid, meId: s.meId, settings: SMALL_EXAM_SETTINGS }),
  );
  const { math, chinese, q } = await fillAndFinalise(s, s.exam, MATH_PAPERS, CHINESE_PAPERS);
  return { ...s, analysis: analysisModule(s.db), mathSubject: math, chineseSubject: chinese, q };
}

export type SmallExam = Awaited<ReturnType<typeof setUpSmallExam>>;
