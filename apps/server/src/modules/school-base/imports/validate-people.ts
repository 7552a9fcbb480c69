import { schoolBaseApi } from '@huikao/contracts';
import type { ExistingAccount, ExistingStudent, ExistingTeacher } from './lookup-repo.ts';
import {
  type AccountPlan,
  accountPlan,
  findClassNamed,
  GENDER_OPTIONS,
  type InputRow,
  markDuplicates,
  type Names,
  type PlannedRow,
  RowCheck,
  YES_NO_OPTIONS,
} from './rules.ts';

// Row checks of the people imports (students, teachers), pure: the facts come in, the rows go out
// with their errors and, when valid, what the commit will write and whether it changes anything.

const studentFields = schoolBaseApi.editStudent.params.shape;
const teacherFields = schoolBaseApi.editTeacher.params.shape;

export interface StudentFacts {
  schoolId: number;
  names: Names;
  /** Students of the school holding the file's 学号. */
  existing: Map<string, ExistingStudent>;
  /** Who holds the file's 考号 now: 考号 → that student. */
  examNoHolders: Map<string, { studentNo: string; name: string; className: string }>;
  accounts: Map<string, ExistingAccount>;
  loginNameOf: (studentNo: string) => string;
}

export interface StudentRecord {
  name: string;
  gender: number;
  studentNo: string;
  examNo: string | null;
  classId: number;
  existing: ExistingStudent | null;
  loginName: string;
  account: AccountPlan | null;
}

const STATUS_REFUSED: Record<number, string> = { 2: '已毕业', 3: '已转出' };

export function checkStudents(rows: InputRow[], facts: StudentFacts): PlannedRow<StudentRecord>[] {
  const planned = rows.map((row) => {
    const check = new RowCheck(row);
    const name = check.rule(studentFields.name, check.required('姓名'));
    const gender = check.required('性别') === null ? null : check.choice('性别', GENDER_OPTIONS);
    const studentNo = check.rule(studentFields.studentNo, check.required('学号'));
    const examNo = check.rule(studentFields.examNo, check.cell('考号') || null) || null;
    const cls = findClassNamed(check, facts.names, check.required('班级'));
    const existing = studentNo === null ? null : (facts.existing.get(studentNo) ?? null);
    if (existing && existing.status !== 1) {
      check.fail(`学号 ${studentNo} 的学生 ${existing.name}${STATUS_REFUSED[existing.status] ?? '不在读'}，不能再导入`);
    }
    const holder = examNo === null ? undefined : facts.examNoHolders.get(examNo);
    if (holder && holder.studentNo !== studentNo) {
      check.fail(`考号 ${examNo} 已被学生 ${holder.name}（${holder.className}）使用`);
    }
    const loginName = studentNo === null ? '' : facts.loginNameOf(studentNo);
    const account =
      existing || studentNo === null ? null : accountPlan(check, loginName, facts.schoolId, facts.accounts, [2]);
    return check.done(
      (): StudentRecord => ({
        name: name!,
        gender: gender!,
        studentNo: studentNo!,
        // An empty 考号 cell leaves the one on record (a file without 考号 must not wipe them).
        examNo: examNo ?? existing?.examNo ?? null,
        classId: cls!.id,
        existing,
        loginName,
        account,
      }),
      (r) => {
        if (!r.existing) return 'create';
        const same =
          r.existing.name === r.name &&
          r.existing.gender === r.gender &&
          r.existing.examNo === r.examNo &&
          r.existing.classId === r.classId;
        return same ? 'unchanged' : 'update';
      },
    );
  });
  markDuplicates(planned, (row) => row.values.学号?.trim() || null, '学号');
  markDuplicates(planned, (row) => row.values.考号?.trim() || null, '考号');
  return planned;
}

export interface TeacherFacts {
  schoolId: number;
  /** The importing administrator's account, who may not take away their own administrator role. */
  actorUserId: number | null;
  existing: Map<string, ExistingTeacher>;
  accounts: Map<string, ExistingAccount>;
  /** The seed keeps the demo accounts' own login names; an import uses the phone. */
  loginNameOf: (phone: string) => string;
}

export interface TeacherRecord {
  name: string;
  phone: string;
  gender: number | null;
  /** 1 teacher, 5 administrator. */
  type: 1 | 5;
  existing: ExistingTeacher | null;
  loginName: string;
  account: AccountPlan | null;
}

export function checkTeachers(rows: InputRow[], facts: TeacherFacts): PlannedRow<TeacherRecord>[] {
  const planned = rows.map((row) => {
    const check = new RowCheck(row);
    const name = check.rule(teacherFields.name, check.required('姓名'));
    const phone = check.rule(teacherFields.phone, check.required('手机号'));
    const gender = check.choice('性别', GENDER_OPTIONS);
    const isAdmin = check.choice('是否管理员', YES_NO_OPTIONS);
    const existing = phone === null ? null : (facts.existing.get(phone) ?? null);
    if (existing && existing.status !== 1) check.fail(`手机号 ${phone} 属于已离职的教师 ${existing.name}，不能再导入`);
    if (existing && existing.userId === facts.actorUserId && isAdmin === false) {
      check.fail('不能取消自己的管理员身份');
    }
    const loginName = phone === null ? '' : facts.loginNameOf(phone);
    const account =
      existing || phone === null ? null : accountPlan(check, loginName, facts.schoolId, facts.accounts, [1, 5]);
    return check.done(
      (): TeacherRecord => ({
        name: name!,
        phone: phone!,
        // Empty optional cells keep what is on record.
        gender: gender ?? existing?.gender ?? null,
        type: isAdmin === null ? ((existing?.accountType as 1 | 5 | undefined) ?? 1) : isAdmin ? 5 : 1,
        existing,
        loginName,
        account,
      }),
      (r) => {
        if (!r.existing) return 'create';
        const same = r.existing.name === r.name && r.existing.gender === r.gender && r.existing.accountType === r.type;
        return same ? 'unchanged' : 'update';
      },
    );
  });
  markDuplicates(planned, (row) => row.values.手机号?.trim() || null, '手机号');
  return planned;
}
