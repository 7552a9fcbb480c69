import {
  type AttentionReport,
  type ItemsReport,
  type LevelsReport,
  type LinesReport,
  type OverviewReport,
  type SubjectsReport,
  TOTAL_SUBJECT,
} from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { type ReadScope, requireAny, requireClass, requireSubject } from '../../../platform/read-scope.ts';
import { classIn, type ExamContext, readableExam, scopeIn, singleExamOf, subjectOf } from './context.ts';
import type { CallParams } from './exams-service.ts';
import { requireFinalised, type StoredReports, schoolRunKey } from './stored.ts';

// The report-page finders of one school exam: each reads one stored document and leaves out the
// rows (classes, students) outside the caller's scope. Grade aggregates stay: they are the
// comparison every class view needs.

/** Spec §5 step controls: a single course 10–50, the total 50–100, in steps of 10 (the contract checks the 10s). */
export function checkStep(subjectKey: string, step: number): void {
  if (subjectKey === TOTAL_SUBJECT && (step < 50 || step > 100)) throw badInput('总分的分段步长应在50到100之间');
  if (subjectKey !== TOTAL_SUBJECT && step > 50) throw badInput('单科的分段步长应在10到50之间');
}

const inClasses = (allowed: ReadonlySet<number> | null) => (row: { classId: string }) =>
  allowed === null || allowed.has(Number(row.classId));
const unitIn = (allowed: ReadonlySet<number> | null) => (unit: { scope: { id: string } }) =>
  allowed === null || allowed.has(Number(unit.scope.id));

export function createReadReportsService(db: Db, stored: StoredReports) {
  async function reader(actor: Actor, schoolId: string, meId: string) {
    const found = await readableExam(db, actor, schoolId, meId);
    requireFinalised(found.context.exam);
    return found;
  }

  /** The classes whose rows the caller sees in this subject: null = all (whole grade, no class asked). */
  async function rowsFilter(
    context: ExamContext,
    scope: ReadScope,
    subjectKey: string,
    classId: string | undefined,
  ): Promise<Set<number> | null> {
    const allowed = requireSubject(scope, subjectKey);
    if (classId !== undefined) {
      const klass = await classIn(db, context, classId);
      requireClass(scope, klass.classId, subjectKey);
      return new Set([klass.classId]);
    }
    return scope.whole ? null : allowed;
  }

  async function overview(context: ExamContext, scope: ReadScope, subjectKey: string, classId?: string) {
    const runKey = schoolRunKey(context.exam.id);
    const allowed = requireSubject(scope, subjectKey);
    if (classId !== undefined) {
      const klass = await classIn(db, context, classId);
      requireClass(scope, klass.classId, subjectKey);
      return stored.read<OverviewReport>(runKey, 'overview', subjectKey, `class:${klass.classId}`);
    }
    const doc = await stored.read<OverviewReport>(runKey, 'overview', subjectKey, 'grade');
    return scope.whole ? doc : { ...doc, units: doc.units.filter(unitIn(allowed)) };
  }

  const withStep = (doc: OverviewReport, step: number): OverviewReport => ({
    ...doc,
    segments: { [String(step)]: doc.segments[String(step)] ?? [] },
  });

  return {
    async findOverviewReport(actor: Actor, p: CallParams<'findOverviewReport'>) {
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      return overview(context, scope, subjectOf(context, p.subjectKey).subjectKey, p.classId);
    },

    /** The total's overview with the segments of one step (50–100). */
    async getClassReportStepMEVO(actor: Actor, p: CallParams<'getClassReportStepMEVO'>) {
      checkStep(TOTAL_SUBJECT, p.step);
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      return withStep(await overview(context, scope, TOTAL_SUBJECT, p.classId), p.step);
    },

    /** One course's overview with the segments of one step (10–50). */
    async getClassReportStepSEVO(actor: Actor, p: CallParams<'getClassReportStepSEVO'>) {
      const { context, course } = await singleExamOf(db, actor, p.schoolId, p.seId);
      checkStep(String(course.courseId), p.step);
      requireFinalised(context.exam);
      const scope = await scopeIn(db, actor, context);
      requireAny(scope);
      return withStep(await overview(context, scope, String(course.courseId), p.classId), p.step);
    },

    async findItemsReport(actor: Actor, p: CallParams<'findItemsReport'>) {
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      if (p.subjectKey === TOTAL_SUBJECT) throw badInput('试题分析请选择一个科目');
      const subjectKey = subjectOf(context, p.subjectKey).subjectKey;
      const filter = await rowsFilter(context, scope, subjectKey, p.classId);
      const runKey = schoolRunKey(context.exam.id);
      const grade = await stored.read<ItemsReport>(runKey, 'items', subjectKey, 'grade', '该科目没有小题数据');
      if (p.classId === undefined) return { grade, unit: null };
      const classId = [...filter!][0]!;
      return { grade, unit: await stored.read<ItemsReport>(runKey, 'items', subjectKey, `class:${classId}`) };
    },

    async findLinesReport(actor: Actor, p: CallParams<'findLinesReport'>) {
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      const doc = await stored.read<LinesReport>(schoolRunKey(context.exam.id), 'lines', TOTAL_SUBJECT, 'grade');
      if (scope.whole) return doc;
      const allowed = new Set(scope.byClass.keys());
      return { ...doc, lines: doc.lines.map((line) => ({ ...line, units: line.units.filter(unitIn(allowed)) })) };
    },

    async findSubjectsReport(actor: Actor, p: CallParams<'findSubjectsReport'>) {
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      const doc = await stored.read<SubjectsReport>(schoolRunKey(context.exam.id), 'subjects', TOTAL_SUBJECT, 'grade');
      if (scope.whole) return doc;
      const readable = new Set([...scope.byClass.values()].flatMap((keys) => [...keys]));
      return { ...doc, subjects: doc.subjects.filter((s) => readable.has(s.subject.subjectKey)) };
    },

    async findAttentionReport(actor: Actor, p: CallParams<'findAttentionReport'>) {
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      const subjectKey = subjectOf(context, p.subjectKey).subjectKey;
      const keep = inClasses(await rowsFilter(context, scope, subjectKey, p.classId));
      const doc = await stored.read<AttentionReport>(schoolRunKey(context.exam.id), 'attention', subjectKey, 'grade');
      return {
        ...doc,
        lines: doc.lines.map((line) => ({ ...line, students: line.students.filter(keep) })),
        imbalanced: doc.imbalanced.filter(keep),
        movers: doc.movers.filter(keep),
      };
    },

    async findLevelsReport(actor: Actor, p: CallParams<'findLevelsReport'>) {
      const { context, scope } = await reader(actor, p.schoolId, p.meId);
      const subjectKey = subjectOf(context, p.subjectKey).subjectKey;
      const filter = await rowsFilter(context, scope, subjectKey, p.classId);
      const doc = await stored.read<LevelsReport>(schoolRunKey(context.exam.id), 'levels', subjectKey, 'grade');
      return { ...doc, units: doc.units.filter(unitIn(filter)) };
    },
  };
}
