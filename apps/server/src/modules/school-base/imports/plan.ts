import type { ImportKind } from '@huikao/contracts';
import type { Executor } from '../../../platform/db.ts';
import { badInput, notFound } from '../../../platform/errors.ts';
import { ownedBy } from '../access.ts';
import { studentLoginName } from '../accounts/person-accounts.ts';
import { currentSchoolYear } from '../years/current-term.ts';
import * as lookup from './lookup-repo.ts';
import { type InputRow, namesOf, type PlannedRow } from './rules.ts';
import { checkStudents, checkTeachers, type StudentRecord, type TeacherRecord } from './validate-people.ts';
import {
  type ClassRecord,
  checkClasses,
  checkClassTeachers,
  checkOrganLeaders,
  type LeaderRecord,
  type LinkRecord,
} from './validate-school.ts';

// Turns rows of cells into a plan: what each row would write, or why it cannot. The preview shows
// it; the commit computes it again from the rows it is sent (never trusting the client's copy).

export interface ImportRequest {
  schoolId: number;
  kind: ImportKind;
  termId: number | null;
  rows: InputRow[];
}

export interface PlanOptions {
  /** The importing administrator (null for the seed). */
  actorUserId: number | null;
  /** 学号 or phone → login name, for people whose account already has another name (the demo seed). */
  loginNames?: ReadonlyMap<string, string>;
  /** The school year new classes join; by default the current one (as the class dialog does). */
  classYearId?: number;
}

export type ImportPlan =
  | { kind: 'students'; schoolId: number; rows: PlannedRow<StudentRecord>[] }
  | { kind: 'teachers'; schoolId: number; rows: PlannedRow<TeacherRecord>[] }
  | { kind: 'classes'; schoolId: number; schoolYearId: number | null; rows: PlannedRow<ClassRecord>[] }
  | { kind: 'class_teachers'; schoolId: number; termId: number; rows: PlannedRow<LinkRecord>[] }
  | { kind: 'organ_leaders'; schoolId: number; rows: PlannedRow<LeaderRecord>[] };

const cells = (rows: InputRow[], title: string) =>
  rows.map((r) => r.values[title]?.trim() ?? '').filter((v) => v !== '');
const byKey = <T, K>(rows: T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row]));

export async function planImport(ex: Executor, request: ImportRequest, options: PlanOptions): Promise<ImportPlan> {
  const { schoolId, rows } = request;
  const catalogue = await lookup.schoolCatalogue(ex, schoolId);
  if (!catalogue) throw notFound('学校不存在');
  const names = namesOf(catalogue);
  // Only the class-teacher import uses a term, but another school's is refused whatever the kind.
  const term =
    request.termId === null
      ? null
      : ownedBy(await lookup.findTerm(ex, request.termId), schoolId, '该学期不存在或已删除');

  switch (request.kind) {
    case 'students': {
      const studentNos = cells(rows, '学号');
      const loginNameOf = (no: string) => options.loginNames?.get(no) ?? studentLoginName(catalogue.schoolCode, no);
      const [existing, holders, accounts] = await Promise.all([
        lookup.studentsByNo(ex, schoolId, studentNos),
        lookup.studentsByExamNo(ex, schoolId, cells(rows, '考号')),
        lookup.accountsByLoginName(ex, studentNos.map(loginNameOf)),
      ]);
      const facts = {
        schoolId,
        names,
        existing: byKey(existing, (s) => s.studentNo),
        examNoHolders: byKey(holders, (h) => h.examNo!),
        accounts: byKey(accounts, (a) => a.loginName),
        loginNameOf,
      };
      return { kind: 'students', schoolId, rows: checkStudents(rows, facts) };
    }
    case 'teachers': {
      const phones = cells(rows, '手机号');
      const loginNameOf = (phone: string) => options.loginNames?.get(phone) ?? phone;
      const [existing, accounts] = await Promise.all([
        lookup.teachersByPhone(ex, schoolId, phones),
        lookup.accountsByLoginName(ex, phones.map(loginNameOf)),
      ]);
      const facts = {
        schoolId,
        actorUserId: options.actorUserId,
        existing: byKey(existing, (t) => t.phone),
        accounts: byKey(accounts, (a) => a.loginName),
        loginNameOf,
      };
      return { kind: 'teachers', schoolId, rows: checkTeachers(rows, facts) };
    }
    case 'classes': {
      const yearId = options.classYearId ?? (await currentSchoolYear(ex, schoolId))?.id ?? null;
      const active = byKey(catalogue.activeClasses, (c) => `${c.enterYear}|${c.name}`);
      const facts = { names, active, hasSchoolYear: yearId !== null };
      return { kind: 'classes', schoolId, schoolYearId: yearId, rows: checkClasses(rows, facts) };
    }
    case 'class_teachers': {
      if (term === null) throw badInput('请选择学期', { field: 'termId' });
      const classIds = cells(rows, '班级').flatMap((name) => (names.classes.get(name) ?? []).map((c) => c.id));
      const [teachers, links] = await Promise.all([
        lookup.teachersByPhone(ex, schoolId, cells(rows, '教师手机号')),
        lookup.linksOfTerm(ex, term.id, classIds),
      ]);
      const facts = { names, gradeCourses: catalogue.gradeCourses, teachers: byKey(teachers, (t) => t.phone), links };
      return { kind: 'class_teachers', schoolId, termId: term.id, rows: checkClassTeachers(rows, facts) };
    }
    case 'organ_leaders': {
      const [teachers, leaders] = await Promise.all([
        lookup.teachersByPhone(ex, schoolId, cells(rows, '教师手机号')),
        lookup.leadersOfSchool(ex, schoolId),
      ]);
      const facts = { names, gradeCourses: catalogue.gradeCourses, teachers: byKey(teachers, (t) => t.phone), leaders };
      return { kind: 'organ_leaders', schoolId, rows: checkOrganLeaders(rows, facts) };
    }
  }
}
