import {
  type AreaReportExam,
  type AttentionReport,
  type ItemsReport,
  type OverviewReport,
  type SubjectRef,
  TOTAL_SUBJECT,
} from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, notFound } from '../../../platform/errors.ts';
import {
  requireReaderSchool,
  requireUnionSchool,
  type UnionReader,
  unionReader,
} from '../../../platform/read-scope.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { subjectRefs } from './context.ts';
import {
  coursesOfExams,
  type ExamRow,
  examById,
  examsWhere,
  schoolOfClasses,
  schoolsWithAreas,
  schoolYearRow,
  unionMembers,
} from './exams-repo.ts';
import type { CallParams } from './exams-service.ts';
import { type ReportRunsView, requireFinalised, runKeyOf, type StoredReports } from './stored.ts';

// The school area (type 4 managers; also a school's administrators and principals for the 联考s
// their school sits): exams of the schools they may read, one entry per 联考, and the union's
// comparisons with per-school and per-class rows only for their schools. A school's own exam (no
// union key) is read from its school run, whose top is the grade.

/** An exam as the area sees it: a 联考 (all its members) or one school's exam. */
interface AreaExam {
  exam: ExamRow;
  members: ExamRow[];
  union: boolean;
  runKey: string;
}

export function createReadAreaService(db: Db, stored: StoredReports, runs: ReportRunsView) {
  async function areaExam(actor: Actor, meId: string): Promise<{ reader: UnionReader; area: AreaExam }> {
    const reader = await unionReader(db, actor);
    const exam = await examById(db, idOf(meId, '考试'));
    if (!exam) throw notFound('考试不存在或已删除');
    const members = exam.unionKey ? await unionMembers(db, exam.unionKey, 0) : [exam];
    requireUnionSchool(
      reader,
      members.map((m) => m.schoolId),
    );
    requireFinalised(exam);
    const union = exam.unionKey !== null;
    return { reader, area: { exam, members, union, runKey: runKeyOf(exam, union) } };
  }

  async function subjectsOf(area: AreaExam): Promise<SubjectRef[]> {
    const courses = await coursesOfExams(
      db,
      area.members.filter((m) => m.status >= 3).map((m) => m.id),
    );
    if (!area.union) return subjectRefs(courses);
    const first = new Map<number, (typeof courses)[number]>();
    for (const c of courses) if (!first.has(c.courseId)) first.set(c.courseId, c);
    return subjectRefs([...first.values()]).map((s) => ({ ...s, seId: null }));
  }

  async function subjectKeyOf(area: AreaExam, subjectKey: string): Promise<string> {
    if (!(await subjectsOf(area)).some((s) => s.subjectKey === subjectKey)) throw badInput('该考试没有这个科目');
    return subjectKey;
  }

  /** Classes whose school the reader may read. */
  async function readableClasses(reader: UnionReader, classIds: readonly string[], only?: number) {
    const schools = await schoolOfClasses(db, [...new Set(classIds.map(Number))]);
    return new Set(
      [...schools]
        .filter(([, schoolId]) => (only === undefined ? reader.schoolIds.has(schoolId) : schoolId === only))
        .map(([classId]) => String(classId)),
    );
  }

  return {
    async findSchoolReportMe(actor: Actor, p: CallParams<'findSchoolReportMe'>): Promise<AreaReportExam[]> {
      const reader = await unionReader(db, actor);
      const range = p.schoolYearId === undefined ? null : await schoolYearRow(db, idOf(p.schoolYearId, '学年'));
      if (p.schoolYearId !== undefined) {
        if (!range) throw notFound('该学年不存在或已删除');
        requireReaderSchool(reader, range.schoolId);
      }
      const exams = (await examsWhere(db, { schoolIds: [...reader.schoolIds], minStatus: 3 })).filter(
        (e) => !range || (range.startDate <= e.startDate && e.startDate <= range.endDate),
      );
      const out: AreaReportExam[] = [];
      const seen = new Set<string>();
      for (const exam of exams) {
        if (exam.unionKey && seen.has(exam.unionKey)) continue;
        if (exam.unionKey) seen.add(exam.unionKey);
        const members = exam.unionKey ? await unionMembers(db, exam.unionKey, 3) : [exam];
        const area: AreaExam = { exam, members, union: exam.unionKey !== null, runKey: runKeyOf(exam, true) };
        const mine = members.filter((m) => reader.schoolIds.has(m.schoolId));
        const schools = await schoolsWithAreas(
          db,
          mine.map((m) => m.schoolId),
        );
        out.push({
          meId: String(mine[0]!.id),
          name: exam.name,
          startDate: exam.startDate,
          gradeName: exam.gradeName,
          unionKey: exam.unionKey,
          schools: schools.map((s) => ({
            schoolId: String(s.schoolId),
            name: s.name,
            areaId: s.areaId === null ? '' : String(s.areaId),
            areaName: s.areaName ?? '',
          })),
          subjects: await subjectsOf(area),
          report: await runs.status(area.runKey),
        });
      }
      return out;
    },

    async findSchoolReportSe(actor: Actor, p: CallParams<'findSchoolReportSe'>): Promise<SubjectRef[]> {
      const { area } = await areaExam(actor, p.meId);
      return subjectsOf(area);
    },

    async findUnionReport(actor: Actor, p: CallParams<'findUnionReport'>): Promise<OverviewReport> {
      const { reader, area } = await areaExam(actor, p.meId);
      const subjectKey = await subjectKeyOf(area, p.subjectKey);
      if (!area.union) {
        if (p.unitLevel !== 'class') throw badInput('该考试不是联考，只能按班级对比');
        return stored.read<OverviewReport>(area.runKey, 'overview', subjectKey, 'grade');
      }
      const doc = await stored.read<OverviewReport>(area.runKey, 'overview', subjectKey, `union>${p.unitLevel}`);
      let keep: (id: string) => boolean;
      if (p.unitLevel === 'area') keep = (id) => reader.areaIds.has(Number(id));
      else if (p.unitLevel === 'school') keep = (id) => reader.schoolIds.has(Number(id));
      else {
        const classes = await readableClasses(
          reader,
          doc.units.map((u) => u.scope.id),
        );
        keep = (id) => classes.has(id);
      }
      return { ...doc, units: doc.units.filter((u) => keep(u.scope.id)) };
    },

    async findUnionAttentionReport(actor: Actor, p: CallParams<'findUnionAttentionReport'>): Promise<AttentionReport> {
      const { reader, area } = await areaExam(actor, p.meId);
      const subjectKey = await subjectKeyOf(area, p.subjectKey);
      const only = p.schoolId === undefined ? undefined : idOf(p.schoolId, '学校');
      if (only !== undefined) requireReaderSchool(reader, only);
      const doc = await stored.read<AttentionReport>(
        area.runKey,
        'attention',
        subjectKey,
        area.union ? 'union' : 'grade',
      );
      const classIds = [
        ...doc.lines.flatMap((l) => l.students.map((s) => s.classId)),
        ...doc.imbalanced.map((s) => s.classId),
        ...doc.movers.map((s) => s.classId),
      ];
      const classes = await readableClasses(reader, classIds, only);
      const keep = (row: { classId: string }) => classes.has(row.classId);
      return {
        ...doc,
        lines: doc.lines.map((line) => ({ ...line, students: line.students.filter(keep) })),
        imbalanced: doc.imbalanced.filter(keep),
        movers: doc.movers.filter(keep),
      };
    },

    async findSchoolReportQuestion(actor: Actor, p: CallParams<'findSchoolReportQuestion'>) {
      const { reader, area } = await areaExam(actor, p.meId);
      if (p.subjectKey === TOTAL_SUBJECT) throw badInput('试题分析请选择一个科目');
      const subjectKey = await subjectKeyOf(area, p.subjectKey);
      if (!area.union) {
        return { union: await stored.read<ItemsReport>(area.runKey, 'items', subjectKey, 'grade'), schools: [] };
      }
      const union = await stored.read<ItemsReport>(
        area.runKey,
        'items',
        subjectKey,
        'union',
        '该科目没有可比较的小题数据',
      );
      const schools: ItemsReport[] = [];
      for (const schoolId of [...new Set(area.members.map((m) => m.schoolId))]) {
        if (!reader.schoolIds.has(schoolId)) continue;
        const doc = await stored.readOptional<ItemsReport>(area.runKey, 'items', subjectKey, `school:${schoolId}`);
        if (doc) schools.push(doc);
      }
      return { union, schools };
    },
  };
}
