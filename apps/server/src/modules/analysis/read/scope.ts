import { TOTAL_SUBJECT } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { forbidden } from '../../../platform/errors.ts';
import { assertSchool } from '../../../platform/permissions.ts';
import { type LeaderRole, leaderRoles, readableAreaIds, type TeacherLink, teacherLinks } from './scope-repo.ts';

// Who may read which report (roles-and-permissions.md), in one place. Every refusal is HTTP 403
// with a Chinese message; registerEndpoint writes each one to the audit log.
//
// Within one school exam a reader's scope is, per class, the subject keys they may read ('0' = 总分):
// - type 5, type 4 (a school of their relations), 校长/副校长, and the 年级主任 of the exam's grade:
//   the whole grade (every class, every subject, the total);
// - 教研组长/备课组长: their course in every class (in their grade, or in all grades when the role has none);
// - 班主任 (class-teacher link with the head flag, in the exam's term): every course and the total of their class;
// - type 1: each (class, course) they teach in the exam's term.
// A course teacher does not read the total: it is made of the other teachers' courses too.
// Grade aggregates (the grade's own summary, segments, item figures) are readable by anyone who may
// read the subject in some class; rows of classes or students outside the scope are left out.

const PRINCIPAL = [1, 2];
const GRADE_HEAD = 3;
const SUBJECT_HEAD = [4, 5];

export interface ReadScope {
  whole: boolean;
  /** Readable subject keys per class. */
  byClass: Map<number, Set<string>>;
  headClassIds: number[];
}

export interface ScopedExam {
  schoolId: number;
  termId: number;
  gradeId: number;
}

/** What a teacher's scopes are made of: their leader roles and their links in the exams' terms. */
export interface ScopeSource {
  actor: Actor;
  leaders: LeaderRole[];
  links: TeacherLink[];
}

export async function scopeSource(
  ex: Executor,
  actor: Actor,
  schoolId: number,
  termIds: readonly number[],
): Promise<ScopeSource> {
  if (actor.type === 2) throw forbidden('学生只能查看本人的成绩报告');
  assertSchool(actor, schoolId);
  if (actor.type !== 1) return { actor, leaders: [], links: [] };
  const [leaders, links] = [
    await leaderRoles(ex, actor.userId, schoolId),
    await teacherLinks(ex, actor.userId, termIds),
  ];
  return { actor, leaders, links };
}

/** The reader's scope in one exam of the school (pure: scopeSource did the reading). */
export function scopeOf(
  source: ScopeSource,
  exam: ScopedExam,
  classIds: readonly number[],
  courseIds: readonly number[],
): ReadScope {
  const everything = new Set([TOTAL_SUBJECT, ...courseIds.map(String)]);
  const whole =
    source.actor.type === 5 ||
    source.actor.type === 4 ||
    source.leaders.some((l) => PRINCIPAL.includes(l.role) || (l.role === GRADE_HEAD && l.gradeId === exam.gradeId));
  const byClass = new Map<number, Set<string>>();
  if (whole) {
    for (const classId of classIds) byClass.set(classId, new Set(everything));
    return { whole, byClass, headClassIds: headsOf(source, exam, classIds) };
  }
  const add = (classId: number, keys: Iterable<string>) => {
    if (!classIds.includes(classId)) return;
    const set = byClass.get(classId) ?? new Set<string>();
    for (const key of keys) if (everything.has(key)) set.add(key);
    if (set.size > 0) byClass.set(classId, set);
  };
  for (const leader of source.leaders) {
    if (!SUBJECT_HEAD.includes(leader.role) || leader.courseId === null) continue;
    if (leader.gradeId !== null && leader.gradeId !== exam.gradeId) continue;
    for (const classId of classIds) add(classId, [String(leader.courseId)]);
  }
  for (const link of source.links) {
    if (link.termId !== exam.termId) continue;
    if (link.isHead) add(link.classId, everything);
    if (link.courseId !== null) add(link.classId, [String(link.courseId)]);
  }
  return { whole, byClass, headClassIds: headsOf(source, exam, classIds) };
}

function headsOf(source: ScopeSource, exam: ScopedExam, classIds: readonly number[]): number[] {
  const heads = source.links.filter((l) => l.isHead && l.termId === exam.termId && classIds.includes(l.classId));
  return [...new Set(heads.map((l) => l.classId))];
}

export const readsAnything = (scope: ReadScope) => scope.byClass.size > 0;

/** Refuses a reader with nothing to read in the exam. */
export function requireAny(scope: ReadScope): void {
  if (!readsAnything(scope)) throw forbidden('你没有该考试任何班级或科目的报告查看权限');
}

/** Grade-wide files and views (年级报告文件): the whole grade only. */
export function requireWhole(scope: ReadScope): void {
  if (!scope.whole) throw forbidden('只有教务管理员、校长和年级主任可以查看全年级的报告');
}

/** The classes whose rows of this subject the reader may see; refused when there are none. */
export function requireSubject(scope: ReadScope, subjectKey: string): Set<number> {
  const classIds = new Set([...scope.byClass].filter(([, keys]) => keys.has(subjectKey)).map(([id]) => id));
  if (classIds.size === 0) {
    throw forbidden(subjectKey === TOTAL_SUBJECT ? '只有班主任和年级管理者可以查看总分报告' : '你无权查看该科目的报告');
  }
  return classIds;
}

/** One class in one subject (or any subject with subjectKey null). */
export function requireClass(scope: ReadScope, classId: number, subjectKey: string | null): void {
  const keys = scope.byClass.get(classId);
  if (!keys || (subjectKey !== null && !keys.has(subjectKey))) {
    throw forbidden(subjectKey === null ? '你无权查看该班级的报告' : '你无权查看该班级该科目的报告');
  }
}

/** The scope as the exam lists show it (contracts ReportExam.scope). */
export function scopeView(scope: ReadScope) {
  return {
    wholeGrade: scope.whole,
    classIds: [...scope.byClass.keys()].map(String),
    subjectsByClass: Object.fromEntries([...scope.byClass].map(([id, keys]) => [String(id), [...keys]])),
    headClassIds: scope.headClassIds.map(String),
  };
}

// ---- 联考 and school comparisons (type 4 managers, and a school's own administrators) ----

export interface UnionReader {
  schoolIds: Set<number>;
  areaIds: Set<number>;
}

/**
 * Who may read a 联考's comparisons: type 4 over the schools of their relations, type 5 and a
 * 校长/副校长 over their own school. Union-wide figures are readable when the union holds one of those
 * schools; per-school (and per-class) rows only for those schools, per-area rows for their areas.
 */
export async function unionReader(ex: Executor, actor: Actor): Promise<UnionReader> {
  if (actor.type === 2) throw forbidden('学生只能查看本人的成绩报告');
  if (actor.type === 1) {
    const roles = await leaderRoles(ex, actor.userId, actor.schoolId);
    if (!roles.some((r) => PRINCIPAL.includes(r.role))) {
      throw forbidden('只有区域管理者、教务管理员和校长可以查看联考对比');
    }
  }
  const schoolIds = actor.type === 4 ? [...actor.schoolIds] : [actor.schoolId];
  return { schoolIds: new Set(schoolIds), areaIds: new Set(await readableAreaIds(ex, actor.userId, schoolIds)) };
}

export function requireUnionSchool(reader: UnionReader, schoolIds: Iterable<number>): void {
  for (const id of schoolIds) if (reader.schoolIds.has(id)) return;
  throw forbidden('该考试不包含你所管理的学校');
}

export function requireReaderSchool(reader: UnionReader, schoolId: number): void {
  if (!reader.schoolIds.has(schoolId)) throw forbidden('无权查看其他学校的数据');
}
