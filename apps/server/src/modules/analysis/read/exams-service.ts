import type { analysisApi, ReportExam, ReportStatus } from '@huikao/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { ruleBroken } from '../../../platform/errors.ts';
import { type ReadScope, readsAnything, scopeOf, scopeSource, scopeView } from '../../../platform/read-scope.ts';
import { optionalIdOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import { type ExamContext, examContexts, readableExam } from './context.ts';
import { examsWhere, schoolYearRow } from './exams-repo.ts';
import { NOT_FINALISED, type ReportRunsView, schoolRunKey } from './stored.ts';

// The report exam pickers: the school's finalised and published exams the caller may read, each
// with its courses, classes, the caller's scope and the state of its report computation; the
// report status of one exam, and (type 5) a recomputation on request.

export type CallParams<K extends keyof typeof analysisApi> = z.output<(typeof analysisApi)[K]['params']>;

export function createReadExamsService(db: Db, runs: ReportRunsView) {
  /** The exams with the caller's scope in each; `keep` decides which are listed. */
  async function listed(
    actor: Actor,
    schoolId: number,
    filter: { schoolYearId?: number; gradeId?: number },
    keep: (context: ExamContext, scope: ReadScope, source: Awaited<ReturnType<typeof scopeSource>>) => boolean,
  ): Promise<ReportExam[]> {
    const exams = await examsWhere(db, { schoolIds: [schoolId], minStatus: 3, ...filter });
    const source = await scopeSource(db, actor, schoolId, [...new Set(exams.map((e) => e.termId))]);
    const readable: { context: ExamContext; scope: ReadScope }[] = [];
    for (const context of await examContexts(db, exams)) {
      const scope = scopeOf(
        source,
        context.exam,
        context.classes.map((c) => c.classId),
        context.courses.map((c) => c.courseId),
      );
      if (readsAnything(scope) && keep(context, scope, source)) readable.push({ context, scope });
    }
    const statuses = await runs.statuses(readable.map((r) => schoolRunKey(r.context.exam.id)));
    return readable.map(({ context, scope }) => reportExam(context, scope, statuses));
  }

  function reportExam(context: ExamContext, scope: ReadScope, statuses: Map<string, ReportStatus>): ReportExam {
    const { exam } = context;
    return {
      meId: String(exam.id),
      schoolId: String(exam.schoolId),
      name: exam.name,
      examType: exam.examType,
      startDate: exam.startDate,
      schoolYearId: String(exam.schoolYearId),
      termId: String(exam.termId),
      gradeId: String(exam.gradeId),
      gradeName: exam.gradeName,
      status: exam.status,
      unionKey: exam.unionKey,
      subjects: context.subjects,
      classes: context.classes.map((c) => ({ classId: String(c.classId), name: c.name })),
      scope: scopeView(scope),
      report: statuses.get(schoolRunKey(exam.id))!,
    };
  }

  async function yearOf(schoolId: number, schoolYearId: string | undefined) {
    const id = optionalIdOf(schoolYearId, '学年');
    if (id !== null) ownedBy(await schoolYearRow(db, id), schoolId, '该学年不存在或已删除');
    return id ?? undefined;
  }

  return {
    async getUserMultiExamByTeacherIdAndSchoolId(
      actor: Actor,
      p: CallParams<'getUserMultiExamByTeacherIdAndSchoolId'>,
    ): Promise<ReportExam[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const schoolYearId = await yearOf(schoolId, p.schoolYearId);
      const gradeId = optionalIdOf(p.gradeId, '年级') ?? undefined;
      return listed(actor, schoolId, { schoolYearId, gradeId }, () => true);
    },

    /** Exams of the caller's own classes: those they teach or head in the exam's term (type 5: every exam). */
    async findMyMultiExam(actor: Actor, p: CallParams<'findMyMultiExam'>): Promise<ReportExam[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      return listed(actor, schoolId, {}, (context, _scope, source) => {
        if (actor.type !== 1) return true;
        const classIds = new Set(context.classes.map((c) => c.classId));
        return source.links.some((l) => l.termId === context.exam.termId && classIds.has(l.classId));
      });
    },

    async findMultiExamBySchoolIdYear(
      actor: Actor,
      p: CallParams<'findMultiExamBySchoolIdYear'>,
    ): Promise<ReportExam[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const schoolYearId = await yearOf(schoolId, p.schoolYearId);
      const gradeId = optionalIdOf(p.gradeId, '年级') ?? undefined;
      return listed(actor, schoolId, { schoolYearId, gradeId }, () => true);
    },

    async getReportStatus(actor: Actor, p: CallParams<'getReportStatus'>): Promise<ReportStatus> {
      const { context } = await readableExam(db, actor, p.schoolId, p.meId);
      return runs.status(schoolRunKey(context.exam.id));
    },

    /** Type 5: queue the exam's computation (and its 联考's) now; answers the state after queueing. */
    async recomputeReports(actor: Actor, p: CallParams<'recomputeReports'>): Promise<ReportStatus> {
      const { context } = await readableExam(db, actor, p.schoolId, p.meId);
      if (context.exam.status < 3) throw ruleBroken(`${NOT_FINALISED}；考试完成后才能计算分析报告`);
      await runs.request(context.exam.id);
      return runs.status(schoolRunKey(context.exam.id));
    },
  };
}
