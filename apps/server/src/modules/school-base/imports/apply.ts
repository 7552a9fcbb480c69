import type { Executor } from '../../../platform/db.ts';
import { type AccountSpec, restoreAccount, updateAccount, upsertAccounts } from '../../auth/index.ts';
import type { ImportPlan } from './plan.ts';
import type { AccountPlan, PlannedRow } from './rules.ts';
import type { StudentRecord, TeacherRecord } from './validate-people.ts';
import * as write from './write-repo.ts';

// Writes a plan inside the caller's transaction: only rows that create or change something, in
// bulk. Rows that turn out impossible only now (a login name taken since the preview) come back
// as errors and are skipped; everything else commits together or not at all.

export interface AccountPassword {
  /** One argon2 hash per account the batch opens or gives back, computed before the transaction. */
  hashes: string[];
  mustChange: boolean;
}

export interface ApplyContext {
  password: AccountPassword | null;
}

/** Hands out the batch's hashes one account at a time, so no two accounts share one. */
function hashesOf(password: AccountPassword | null): () => string {
  let next = 0;
  return () => {
    const hash = password?.hashes[next++];
    if (hash === undefined) throw new Error('import: more new accounts than hashed passwords');
    return hash;
  };
}

type Person = { loginName: string; name: string; account: AccountPlan | null };

/**
 * Accounts for the new people of a batch: one upsertAccounts call for the fresh login names, and
 * the rare given-back account (a removed person returning) one by one. Returns loginName → userId.
 */
async function openAccounts<R extends Person>(
  tx: Executor,
  rows: PlannedRow<R>[],
  spec: (record: R) => Omit<AccountSpec, 'passwordHash' | 'mustChangePassword' | 'loginName'>,
  password: AccountPassword | null,
): Promise<Map<string, number>> {
  const fresh = rows.filter((r) => r.record!.account?.kind === 'new');
  const nextHash = hashesOf(password);
  const { ids, taken } = await upsertAccounts(
    tx,
    fresh.map((r) => ({
      ...spec(r.record!),
      loginName: r.record!.loginName,
      passwordHash: nextHash(),
      mustChangePassword: password?.mustChange ?? true,
    })),
  );
  for (const loginName of taken) ids.delete(loginName);
  for (const row of rows) {
    const plan = row.record!.account;
    if (plan?.kind !== 'reuse') continue;
    const { account, restore } = plan;
    const wanted = spec(row.record!);
    if (restore) {
      await restoreAccount(tx, account.id, nextHash());
      await updateAccount(tx, account.id, { name: wanted.name, userCode: wanted.userCode, type: wanted.type });
    } else if (account.name !== wanted.name || account.type !== wanted.type) {
      // A live account keeps its login name, code and password; only what it shows follows.
      await updateAccount(tx, account.id, { name: wanted.name, type: wanted.type });
    }
    ids.set(row.record!.loginName, account.id);
  }
  return ids;
}

/** Marks rows whose account could not be opened after all; returns the rows that can be written. */
function withAccounts<R extends Person & { existing: { userId: number } | null }>(
  rows: PlannedRow<R>[],
  ids: Map<string, number>,
): { row: PlannedRow<R>; userId: number }[] {
  const ready: { row: PlannedRow<R>; userId: number }[] = [];
  for (const row of rows) {
    const userId = row.record!.existing?.userId ?? ids.get(row.record!.loginName);
    if (userId === undefined) {
      row.errors.push(`登录账号 ${row.record!.loginName} 已被其他学校使用`);
      delete row.change;
    } else ready.push({ row, userId });
  }
  return ready;
}

async function applyStudents(tx: Executor, schoolId: number, rows: PlannedRow<StudentRecord>[], ctx: ApplyContext) {
  const ids = await openAccounts(
    tx,
    rows,
    (r) => ({ type: 2, schoolId, userCode: r.studentNo, name: r.name }),
    ctx.password,
  );
  const ready = withAccounts(rows, ids);
  await write.upsertStudents(
    tx,
    ready.map(({ row: { record: r }, userId }) => ({
      schoolId,
      userId,
      classId: r!.classId,
      name: r!.name,
      gender: r!.gender,
      studentNo: r!.studentNo,
      examNo: r!.examNo,
    })),
  );
  for (const { row, userId } of ready) {
    const r = row.record!;
    if (r.existing && r.existing.name !== r.name) await updateAccount(tx, userId, { name: r.name });
  }
}

async function applyTeachers(tx: Executor, schoolId: number, rows: PlannedRow<TeacherRecord>[], ctx: ApplyContext) {
  const ids = await openAccounts(
    tx,
    rows,
    (r) => ({ type: r.type, schoolId, userCode: r.phone, name: r.name }),
    ctx.password,
  );
  const ready = withAccounts(rows, ids);
  await write.upsertTeachers(
    tx,
    ready.map(({ row: { record: r }, userId }) => ({
      schoolId,
      userId,
      name: r!.name,
      phone: r!.phone,
      gender: r!.gender,
    })),
  );
  for (const { row, userId } of ready) {
    const r = row.record!;
    if (r.existing && (r.existing.name !== r.name || r.existing.accountType !== r.type)) {
      await updateAccount(tx, userId, { name: r.name, type: r.type });
    }
  }
}

/** Writes the rows of the plan that change something; `rows` of the plan get late errors, if any. */
export async function applyPlan(tx: Executor, plan: ImportPlan, ctx: ApplyContext): Promise<void> {
  const changing = <R>(rows: PlannedRow<R>[]) =>
    rows.filter((r) => r.record && (r.change === 'create' || r.change === 'update'));
  switch (plan.kind) {
    case 'students':
      return applyStudents(tx, plan.schoolId, changing(plan.rows), ctx);
    case 'teachers':
      return applyTeachers(tx, plan.schoolId, changing(plan.rows), ctx);
    case 'classes': {
      const rows = changing(plan.rows).map((r) => r.record!);
      const written = await write.upsertClasses(
        tx,
        rows.map((r) => ({
          schoolId: plan.schoolId,
          name: r.name,
          gradeId: r.gradeId,
          enterYear: r.enterYear,
          classType: r.classType,
        })),
      );
      const idOf = new Map(written.map((w) => [`${w.enterYear}|${w.name}`, w.id]));
      const fresh = rows.filter((r) => !r.existing);
      // A regraded class corrects its latest year's grade only, as the class dialog does.
      const regraded = rows.filter((r) => r.existing && r.existing.gradeId !== r.gradeId);
      const latest = await write.latestClassYears(
        tx,
        regraded.map((r) => r.existing!.id),
      );
      await write.upsertClassYears(tx, [
        ...fresh.map((r) => ({
          classId: idOf.get(`${r.enterYear}|${r.name}`)!,
          schoolYearId: plan.schoolYearId!,
          gradeId: r.gradeId,
        })),
        ...regraded
          .filter((r) => latest.has(r.existing!.id))
          .map((r) => ({ classId: r.existing!.id, schoolYearId: latest.get(r.existing!.id)!, gradeId: r.gradeId })),
      ]);
      return;
    }
    case 'class_teachers': {
      const rows = changing(plan.rows).map((r) => r.record!);
      const released = rows.flatMap((r) => r.takesHeadFrom);
      await write.releaseHeads(
        tx,
        released.filter((l) => l.courseId !== null).map((l) => l.id),
        released.filter((l) => l.courseId === null).map((l) => l.id),
      );
      const link = (r: (typeof rows)[number]) => ({
        schoolId: plan.schoolId,
        termId: plan.termId,
        classId: r.classId,
        courseId: r.courseId,
        teacherId: r.teacherId,
        isHead: r.isHead,
      });
      await write.upsertCourseLinks(tx, rows.filter((r) => r.courseId !== null).map(link));
      await write.upsertHeadLinks(tx, rows.filter((r) => r.courseId === null).map(link));
      return;
    }
    case 'organ_leaders':
      await write.insertLeaders(
        tx,
        changing(plan.rows).map((r) => ({ schoolId: plan.schoolId, ...r.record! })),
      );
      return;
  }
}
