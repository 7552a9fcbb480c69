import type { ItemsReport, MisRecommend } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, forbidden, notFound } from '../../../platform/errors.ts';
import { requireClass } from '../../../platform/read-scope.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { findPracticeQuestions } from '../../question-bank/index.ts';
import { classIn, scopeIn, singleExamOf } from './context.ts';
import { schoolOfStudent, studentPaperScores } from './exams-repo.ts';
import type { CallParams } from './exams-service.ts';
import { studentRowOf } from './repo.ts';
import { requireFinalised, type StoredReports, schoolRunKey } from './stored.ts';

// 错题推荐 (mis-recommend): the questions a class (its stored item means) or one of its students
// (their own question scores) lost the biggest share of, with their knowledge points and up to
// three practice questions from the question bank for those points.

/** How many questions the page lists, and practice questions per question. */
export const MIS_QUESTIONS = 10;
export const PRACTICE_PER_QUESTION = 3;

export function createReadMisService(db: Db, stored: StoredReports) {
  return {
    async findMisRecommend(actor: Actor, p: CallParams<'findMisRecommend'>): Promise<MisRecommend> {
      const { context, course } = await singleExamOf(db, actor, p.schoolId, p.seId);
      requireFinalised(context.exam);
      const scope = await scopeIn(db, actor, context);
      const subjectKey = String(course.courseId);
      const klass = await classIn(db, context, p.classId);
      requireClass(scope, klass.classId, subjectKey);
      const runKey = schoolRunKey(context.exam.id);
      const grade = await stored.read<ItemsReport>(runKey, 'items', subjectKey, 'grade', '该科目没有小题数据');
      const unit = await stored.read<ItemsReport>(runKey, 'items', subjectKey, `class:${klass.classId}`);
      const gradeMean = new Map(grade.items.map((i) => [i.questionId, i.mean]));

      let means = new Map(unit.items.map((i) => [i.questionId, i.mean]));
      if (p.studentId !== undefined) {
        const studentId = idOf(p.studentId, '学生');
        const row = await studentRowOf(db, runKey, studentId);
        if (!row) {
          const school = await schoolOfStudent(db, studentId);
          if (school !== null && school !== context.exam.schoolId) throw forbidden('无权访问其他学校的数据');
          throw notFound('该学生没有参加本次考试');
        }
        if (Number(row.classId) !== klass.classId) throw forbidden('该学生不在所选班级');
        const paper = await studentPaperScores(db, course.seId, studentId);
        if (!paper || paper.absent) throw badInput('该学生本科目缺考，没有错题');
        means = new Map(unit.items.map((i) => [i.questionId, paper.scores[i.questionId] ?? 0]));
      }

      const lost = unit.items
        .map((item) => {
          const mean = means.get(item.questionId) ?? 0;
          return { item, mean, lostRate: item.fullMark > 0 ? 1 - mean / item.fullMark : 0 };
        })
        .filter((q) => q.lostRate > 0)
        .sort((a, b) => b.lostRate - a.lostRate)
        .slice(0, MIS_QUESTIONS);

      const suggested: number[] = [];
      const items: MisRecommend['items'] = [];
      for (const { item, mean, lostRate } of lost) {
        const similar = await findPracticeQuestions(db, {
          courseId: course.courseId,
          schoolId: context.exam.schoolId,
          knowledgePointNames: item.knowledgePoints,
          limit: PRACTICE_PER_QUESTION,
          excludeIds: suggested,
        });
        suggested.push(...similar.map((s) => Number(s.quesId)));
        items.push({
          questionId: item.questionId,
          questionNo: item.questionNo,
          fullMark: item.fullMark,
          mean,
          gradeMean: gradeMean.get(item.questionId) ?? 0,
          lostRate,
          knowledgePoints: item.knowledgePoints,
          similar,
        });
      }
      return {
        subject: context.subjects.find((s) => s.subjectKey === subjectKey)!,
        scope: { kind: 'class', id: String(klass.classId), name: klass.name },
        items,
      };
    },
  };
}
