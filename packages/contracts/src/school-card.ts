import { z } from 'zod';
import { overviewReportSchema, studentRowSchema, subjectRefSchema } from './analysis-models.ts';
import { idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { meId, schoolId } from './exam-call-kit.ts';

// The older school service's three GETs (spec §7, issue #19 part 5): read-only views of a finalised
// exam for school displays and parent portals, answered with an ETag so a poller revalidates with
// If-None-Match and gets 304 until the stored reports change. Same permissions as the analysis pages.

const g = <S extends z.ZodRawShape, R extends z.ZodType>(name: string, shape: S, response: R) =>
  endpoint('schoolcard', name, { kind: 'get', access: 'session', params: z.object(shape), response });

export const classScoreListSchema = z.object({
  subjects: z.array(subjectRefSchema),
  ranksHidden: z.boolean(),
  list: z.array(studentRowSchema),
});
export type ClassScoreList = z.infer<typeof classScoreListSchema>;

export const schoolCardApi = {
  /** 汇总卡: the exam's total overview (counts, means, highest and lowest, rates) of the grade or one class. */
  summaryCard: g('summaryCard', { schoolId, meId, classId: idSchema('班级').optional() }, overviewReportSchema),
  /** 成绩卡: one student's scores, ranks and progress in the exam. */
  studentScoreCard: g('studentScoreCard', { schoolId, meId, studentId: idSchema('学生') }, studentRowSchema),
  /** 班级成绩单: every student of one class in the exam, by total descending. */
  classScoreList: g('classScoreList', { schoolId, meId, classId: idSchema('班级') }, classScoreListSchema),
};
