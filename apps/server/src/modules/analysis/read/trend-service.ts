import {
  hiddenOptionOn,
  type OverviewReport,
  type SubjectRef,
  TOTAL_SUBJECT,
  type TrendReport,
} from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, forbidden, notFound } from '../../../platform/errors.ts';
import { type ReadScope, requireClass, requireSubject } from '../../../platform/read-scope.ts';
import { teacherLinks } from '../../../platform/read-scope-repo.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { classIn, type ExamContext, examContexts, readableExam, subjectOf } from './context.ts';
import { examsWhere, schoolOfStudent } from './exams-repo.ts';
import type { CallParams } from './exams-service.ts';
import { reportPartsOfRuns, studentRowOf, studentRowsAcrossRuns } from './repo.ts';
import { requireFinalised, type StoredReports, schoolRunKey } from './stored.ts';

// Trends composed at read time from stored documents: each class's mean, 超均率, class T and rank
// per exam from the exams' grade overviews (grade-trend-analysis, trend-analysis, teacher-analysis),
// and a chosen student's score, ranks and T from their stored rows. Nothing is recomputed.

export function createReadTrendService(db: Db, stored: StoredReports) {
  async function reader(actor: Actor, schoolId: string, meId: string) {
    const found = await readableExam(db, actor, schoolId, meId);
    requireFinalised(found.context.exam);
    return found;
  }

  /** The exams (oldest first) of the filter that have the subject and a stored grade overview of it. */
  async function trend(
    context: ExamContext,
    subject: SubjectRef,
    classIds: readonly number[],
    filter: { schoolYearId?: number; termId?: number },
  ) {
    const { exam } = context;
    // The current exam's own document first: its absence is answered with the computation's state.
    await stored.read<OverviewReport>(schoolRunKey(exam.id), 'overview', subject.subjectKey, 'grade');
    const rows = await examsWhere(db, {
      schoolIds: [exam.schoolId],
      gradeId: exam.gradeId,
      minStatus: 3,
      oldestFirst: true,
      ...filter,
    });
    const withSubject = (await examContexts(db, rows)).filter((c) =>
      c.subjects.some((s) => s.subjectKey === subject.subjectKey),
    );
    const docs = await reportPartsOfRuns(
      db,
      withSubject.map((c) => schoolRunKey(c.exam.id)),
      { kind: 'overview', subjectKey: subject.subjectKey, scopeKey: 'grade' },
      'units',
    );
    const exams = withSubject.filter((c) => docs.has(schoolRunKey(c.exam.id)));
    const units = classIds.map((classId) => {
      const name = context.classes.find((c) => c.classId === classId)?.name ?? '';
      return {
        scope: { kind: 'class' as const, id: String(classId), name },
        points: exams.map((c) => {
          const units = docs.get(schoolRunKey(c.exam.id)) as OverviewReport['units'];
          const unit = units.find((u) => u.scope.id === String(classId));
          if (!unit) return null;
          return {
            meId: String(c.exam.id),
            mean: unit.summary?.mean ?? null,
            overMeanRate: unit.overMeanRate,
            tScore: unit.tScore,
            rank: unit.rank,
          };
        }),
      };
    });
    return { exams, units };
  }

  /** A student of the readable classes, with their points over the exams. */
  async function studentTrend(
    context: ExamContext,
    scope: ReadScope,
    subjectKey: string,
    studentId: string,
    exams: ExamContext[],
  ): Promise<TrendReport['student']> {
    const id = idOf(studentId, '学生');
    const row = await studentRowOf(db, schoolRunKey(context.exam.id), id);
    if (!row) {
      const school = await schoolOfStudent(db, id);
      if (school !== null && school !== context.exam.schoolId) throw forbidden('无权访问其他学校的数据');
      throw notFound('该学生没有参加本次考试');
    }
    if (!scope.byClass.get(Number(row.classId))?.has(subjectKey)) throw forbidden('你无权查看该学生的报告');
    const rows = await studentRowsAcrossRuns(
      db,
      exams.map((c) => schoolRunKey(c.exam.id)),
      id,
    );
    return {
      studentId: row.studentId,
      name: row.name,
      points: exams.map((c) => {
        const figures = rows.get(schoolRunKey(c.exam.id))?.subjects[subjectKey];
        if (!figures) return null;
        const hidden = !scope.whole && hiddenOptionOn(c.exam.hiddenStudentOrder, 0);
        return {
          meId: String(c.exam.id),
          score: figures.score,
          classRank: hidden ? null : figures.classRank,
          gradeRank: hidden ? null : figures.gradeRank,
          t: figures.t,
        };
      }),
    };
  }

  const examList = (exams: ExamContext[]) =>
    exams.map((c) => ({ meId: String(c.exam.id), name: c.exam.name, startDate: c.exam.startDate }));

  return {
    /** Over the grade's exams of the school year: each readable class (or the one asked), and a student. */
    async findTrendReport(actor: Actor, p: CallParams<'findTrendReport'>): Promise<TrendReport> {
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      const subject = subjectOf(context, p.subjectKey);
      let classIds = [...requireSubject(scope, subject.subjectKey)];
      if (p.classId !== undefined) {
        const klass = await classIn(db, context, p.classId);
        requireClass(scope, klass.classId, subject.subjectKey);
        classIds = [klass.classId];
      }
      const { exams, units } = await trend(context, subject, classIds, { schoolYearId: context.exam.schoolYearId });
      const student =
        p.studentId === undefined ? null : await studentTrend(context, scope, subject.subjectKey, p.studentId, exams);
      return { subject, exams: examList(exams), units, student };
    },

    /** teacher-analysis: the caller's classes of one course over the term's exams of the grade. */
    async findTeacherReport(actor: Actor, p: CallParams<'findTeacherReport'>): Promise<TrendReport> {
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      if (p.subjectKey === TOTAL_SUBJECT) throw badInput('教师教学分析请选择一个科目');
      const subject = subjectOf(context, p.subjectKey);
      const allowed = requireSubject(scope, subject.subjectKey);
      const links = await teacherLinks(db, actor.userId, [context.exam.termId]);
      const taught = links.filter((l) => String(l.courseId) === subject.subjectKey && allowed.has(l.classId));
      const classIds = taught.length > 0 ? [...new Set(taught.map((l) => l.classId))] : [...allowed];
      const { exams, units } = await trend(context, subject, classIds, { termId: context.exam.termId });
      return { subject, exams: examList(exams), units, student: null };
    },
  };
}
