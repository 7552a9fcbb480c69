import type { ImportRow } from '@huikao/contracts';
import type { z } from 'zod';
import { excerpt } from '../../../platform/upload-limits.ts';
import type { ExistingAccount, SchoolCatalogue } from './lookup-repo.ts';

// The checks every import kind shares. Each row collects all of its problems in Chinese, so the
// preview shows a user everything to fix at once. Field rules come from the contract's schemas
// (the single-record dialogs' own), so both say the same thing.

export type Change = 'create' | 'update' | 'unchanged';

/** A row after the checks: `record` is set only when there is no error. */
export interface PlannedRow<R> extends ImportRow {
  record?: R;
  change?: Change;
}

export interface InputRow {
  rowNo: number;
  values: Record<string, string>;
}

/** One row under check: read cells, record problems. */
export class RowCheck {
  readonly errors: string[] = [];
  constructor(readonly row: InputRow) {}

  cell(title: string): string {
    return (this.row.values[title] ?? '').trim();
  }

  /** The cell, or null with 请填写… when it is empty. */
  required(title: string): string | null {
    const value = this.cell(title);
    if (value === '') {
      this.errors.push(`请填写${title}`);
      return null;
    }
    return value;
  }

  /** The value through a contract schema; its first message when it fails. */
  rule<S extends z.ZodType>(schema: S, value: string | null): z.output<S> | null {
    if (value === null) return null;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      this.errors.push(parsed.error.issues[0]?.message ?? '格式不正确');
      return null;
    }
    return parsed.data;
  }

  /** A cell with a closed list of answers: the answer's key, null when empty, undefined when wrong. */
  choice<K>(title: string, options: ReadonlyMap<string, K>): K | null | undefined {
    const value = this.cell(title);
    if (value === '') return null;
    const found = options.get(value);
    if (found === undefined) this.errors.push(`${title}只能填${[...options.keys()].map((o) => `“${o}”`).join('或')}`);
    return found;
  }

  fail(message: string): void {
    this.errors.push(message);
  }

  done<R>(build: () => R, change: (record: R) => Change): PlannedRow<R> {
    const base = { rowNo: this.row.rowNo, values: this.row.values, errors: this.errors };
    if (this.errors.length > 0) return base;
    const record = build();
    return { ...base, record, change: change(record) };
  }
}

export const GENDER_OPTIONS = new Map([
  ['男', 1],
  ['女', 2],
]);
export const YES_NO_OPTIONS = new Map([
  ['是', true],
  ['否', false],
]);

/**
 * Rows whose key repeats another row's: every such row gets 第a行与第b行…重复 naming the first one,
 * and the first one names the second, so neither is imported half-way.
 */
export function markDuplicates<R>(rows: PlannedRow<R>[], keyOf: (row: PlannedRow<R>) => string | null, label: string) {
  const first = new Map<string, PlannedRow<R>>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, row);
      continue;
    }
    const message = `第${earlier.rowNo}行与第${row.rowNo}行${label}重复`;
    row.errors.push(message);
    if (!earlier.errors.some((e) => e.includes(`行${label}重复`))) earlier.errors.push(message);
  }
  for (const row of rows) {
    if (row.errors.length > 0) {
      delete row.record;
      delete row.change;
    }
  }
}

export interface Names {
  grade: Map<string, SchoolCatalogue['grades'][number]>;
  course: Map<string, SchoolCatalogue['courses'][number]>;
  gradeName: Map<number, string>;
  courseName: Map<number, string>;
  /** Active classes by name; more than one means the name is ambiguous. */
  classes: Map<string, SchoolCatalogue['activeClasses']>;
}

export function namesOf(catalogue: SchoolCatalogue): Names {
  const classesByName = new Map<string, SchoolCatalogue['activeClasses']>();
  for (const c of catalogue.activeClasses) classesByName.set(c.name, [...(classesByName.get(c.name) ?? []), c]);
  return {
    grade: new Map(catalogue.grades.map((g) => [g.name, g])),
    course: new Map(catalogue.courses.map((c) => [c.name, c])),
    gradeName: new Map(catalogue.grades.map((g) => [g.id, g.name])),
    courseName: new Map(catalogue.courses.map((c) => [c.id, c.name])),
    classes: classesByName,
  };
}

/**
 * An active class of the school by its name, or the reason there is none. The upgrade keeps class
 * names, so 七年级(1)班 of last year (now in 八年级) and this year's new one can share a name; then
 * the one whose grade the name starts with is meant.
 */
export function findClassNamed(check: RowCheck, names: Names, name: string | null) {
  if (name === null) return null;
  let found = names.classes.get(name) ?? [];
  if (found.length > 1) {
    const byGrade = found.filter((c) => name.startsWith(names.gradeName.get(c.gradeId) ?? '\u0000'));
    if (byGrade.length === 1) found = byGrade;
  }
  if (found.length === 0) check.fail(`班级“${excerpt(name)}”不存在`);
  if (found.length > 1) check.fail(`有${found.length}个在读班级都叫“${excerpt(name)}”，请先修改班级名称使其唯一`);
  return found.length === 1 ? found[0]! : null;
}

/** A grade the school runs, by name. */
export function findSchoolGrade(check: RowCheck, names: Names, name: string | null) {
  if (name === null) return null;
  const grade = names.grade.get(name);
  if (!grade) check.fail(`年级“${excerpt(name)}”不存在`);
  else if (grade.schoolGradeId === null) check.fail(`本校还没有开设${name}，请先在“年级学科”中添加该年级`);
  return grade?.schoolGradeId ? grade : null;
}

export function findCourse(check: RowCheck, names: Names, name: string | null) {
  if (name === null) return null;
  const course = names.course.get(name);
  if (!course) check.fail(`学科“${excerpt(name)}”不存在`);
  return course ?? null;
}

/** How a new person gets an account: a fresh one, or one that exists under that login name. */
export type AccountPlan = { kind: 'new' } | { kind: 'reuse'; account: ExistingAccount; restore: boolean };

/**
 * A login name the import wants for a new person. An account of a removed person of the same
 * school (disabled, serving no one) is given back, as the single-record dialogs do; one that
 * serves someone or belongs to another school is a clash.
 */
export function accountPlan(
  check: RowCheck,
  loginName: string,
  schoolId: number,
  accounts: Map<string, ExistingAccount>,
  /** Account types a person of this kind may take over: 2 for students, 1 and 5 for teachers. */
  types: readonly number[],
): AccountPlan {
  const account = accounts.get(loginName);
  if (!account) return { kind: 'new' };
  if (account.schoolId !== schoolId) check.fail(`登录账号 ${loginName} 已被其他学校使用`);
  else if (account.studentName !== null) check.fail(`登录账号 ${loginName} 已被学生 ${account.studentName} 使用`);
  else if (account.teacherName !== null) check.fail(`登录账号 ${loginName} 已被教师 ${account.teacherName} 使用`);
  else if (!types.includes(account.type)) check.fail(`登录账号 ${loginName} 已被其他账号使用`);
  return { kind: 'reuse', account, restore: account.disabled };
}
