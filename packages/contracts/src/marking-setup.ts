import { z } from 'zod';
import { idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// 阅卷设置 beyond the 题块 list (issue #17, marking.md "Into scores"): papers from the scans and
// 合成成绩 (finals with the scanned objective scores into the exam's scores).

const j = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('mark', name, { kind: 'json', access: 'session', params: z.object(shape), response });

export const markingSetupApi = {
  /** Creates the papers of students whose sheets were recognised since (idempotent). */
  syncPapers: j(
    'examMark/syncPapers',
    { blockId: idSchema('题块') },
    z.object({ added: z.number(), total: z.number() }),
  ),
  /**
   * Who may be set as markers of the 题块: the school's teachers (types 1, 5, not disabled) and the
   * 联考's valid 临时阅卷账号 (`temporary`).
   */
  markerCandidates: j(
    'examTask/findTeachers',
    { blockId: idSchema('题块') },
    z.array(z.object({ userId: z.string(), name: z.string(), loginName: z.string(), temporary: z.boolean() })),
  ),
  /** A student's scanned sheet (signed image links) with the score per question: own / taught classes. */
  studentSheet: j(
    'examStudentContent/findStudentSheet',
    { seId: idSchema('科目考试'), studentId: idSchema('学生').optional() },
    z.object({
      pages: z.array(z.object({ pageNo: z.number(), url: z.string() })),
      questions: z.array(
        z.object({
          questionId: z.string(),
          questionNo: z.string(),
          fullMark: z.number(),
          score: z.number().nullable(),
        }),
      ),
      totalScore: z.number().nullable(),
    }),
  ),
  /** 合成成绩: every 题块 of the subject finished; writes the finals through the score path. */
  mergeScores: j(
    'examMark/mergeScores',
    { seId: idSchema('科目考试') },
    z.object({ students: z.number(), changedScores: z.number(), problems: z.array(z.string()) }),
  ),
};
