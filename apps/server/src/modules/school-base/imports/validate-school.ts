import { CLASS_TYPES, LEADER_ROLES, schoolBaseApi } from '@huikao/contracts';
import type { ExistingLink, ExistingTeacher, SchoolCatalogue } from './lookup-repo.ts';
import {
  findClassNamed,
  findCourse,
  findSchoolGrade,
  type InputRow,
  markDuplicates,
  type Names,
  type PlannedRow,
  RowCheck,
  YES_NO_OPTIONS,
} from './rules.ts';

// Row checks of classes, class-teacher links and organisation leaders, pure like the people ones.

const classFields = schoolBaseApi.editClass.params.shape;
const teacherFields = schoolBaseApi.editTeacher.params.shape;
const CLASS_TYPE_OPTIONS = new Map(Object.entries(CLASS_TYPES).map(([k, v]) => [v, Number(k)]));
const ROLE_OPTIONS = new Map(Object.entries(LEADER_ROLES).map(([k, v]) => [v, Number(k)]));

type ActiveClass = SchoolCatalogue['activeClasses'][number];

export interface ClassFacts {
  names: Names;
  /** Active classes by `${enterYear}|${name}`, the upsert key. */
  active: Map<string, ActiveClass>;
  /** A new class joins the current school year; without one it cannot be added (as in the dialog). */
  hasSchoolYear: boolean;
}

export interface ClassRecord {
  name: string;
  gradeId: number;
  enterYear: number;
  classType: number;
  existing: ActiveClass | null;
}

export function checkClasses(rows: InputRow[], facts: ClassFacts): PlannedRow<ClassRecord>[] {
  const planned = rows.map((row) => {
    const check = new RowCheck(row);
    const name = check.rule(classFields.name, check.required('班级名称'));
    const grade = findSchoolGrade(check, facts.names, check.required('年级'));
    const enterYear = check.rule(classFields.enterYear, check.required('入学年份'));
    const classType = check.choice('班级类型', CLASS_TYPE_OPTIONS);
    const existing = name === null || enterYear === null ? null : (facts.active.get(`${enterYear}|${name}`) ?? null);
    if (!existing && !facts.hasSchoolYear) check.fail('本校还没有学年，请先在“学年学期”中添加学年，再添加班级');
    return check.done(
      (): ClassRecord => ({
        name: name!,
        gradeId: grade!.id,
        enterYear: enterYear!,
        classType: classType ?? existing?.classType ?? 1,
        existing,
      }),
      (r) => {
        if (!r.existing) return 'create';
        return r.existing.gradeId === r.gradeId && r.existing.classType === r.classType ? 'unchanged' : 'update';
      },
    );
  });
  markDuplicates(planned, (row) => keyOf(row, ['入学年份', '班级名称']), '入学年份和班级名称');
  return planned;
}

export interface LinkFacts {
  names: Names;
  gradeCourses: Map<number, Set<number>>;
  teachers: Map<string, ExistingTeacher>;
  /** The term's links of the classes in the file. */
  links: ExistingLink[];
}

export interface LinkRecord {
  classId: number;
  className: string;
  /** null: a 班主任-only link. */
  courseId: number | null;
  teacherId: number;
  isHead: boolean;
  /** The link this row writes over, if there is one. */
  existing: ExistingLink | null;
  /** Other links of the class that lose the 班主任 flag because this row gives it (deleted when 班主任-only). */
  takesHeadFrom: ExistingLink[];
}

function teacherOfPhone(check: RowCheck, teachers: Map<string, ExistingTeacher>, phone: string | null) {
  if (phone === null) return null;
  const teacher = teachers.get(phone);
  if (!teacher) check.fail(`教师手机号 ${phone} 不存在，请先导入教师`);
  else if (teacher.status !== 1) check.fail(`教师手机号 ${phone} 对应的教师 ${teacher.name} 已离职`);
  return teacher?.status === 1 ? teacher : null;
}

export function checkClassTeachers(rows: InputRow[], facts: LinkFacts): PlannedRow<LinkRecord>[] {
  const planned = rows.map((row) => {
    const check = new RowCheck(row);
    const cls = findClassNamed(check, facts.names, check.required('班级'));
    const course = findCourse(check, facts.names, check.cell('学科') || null);
    const teacher = teacherOfPhone(
      check,
      facts.teachers,
      check.rule(teacherFields.phone, check.required('教师手机号')),
    );
    const isHead = check.choice('是否班主任', YES_NO_OPTIONS);
    if (check.cell('学科') === '' && isHead !== true) check.fail('请填写学科（只设置班主任时可不填）');
    if (cls && course && !facts.gradeCourses.get(cls.gradeId)?.has(course.id)) {
      check.fail(`学科“${course.name}”不是${facts.names.gradeName.get(cls.gradeId) ?? '该年级'}开设的学科`);
    }
    const existing =
      cls && course ? (facts.links.find((l) => l.classId === cls.id && l.courseId === course.id) ?? null) : null;
    return check.done(
      (): LinkRecord => ({
        classId: cls!.id,
        className: cls!.name,
        courseId: course?.id ?? null,
        teacherId: teacher!.id,
        // An empty cell keeps the link's flag; settled below when another row names the head.
        isHead: isHead ?? existing?.isHead ?? false,
        existing,
        takesHeadFrom: [],
      }),
      () => 'unchanged',
    );
  });
  markDuplicates(planned, (row) => (row.values.学科?.trim() ? keyOf(row, ['班级', '学科']) : null), '班级和学科');
  markDuplicates(planned, (row) => (row.values.是否班主任?.trim() === '是' ? keyOf(row, ['班级']) : null), '班主任');
  settleHeads(planned, facts.links);
  return planned;
}

/**
 * One 班主任 per class and term. A row that says 是 takes the flag from every other link of the
 * class; rows with an empty cell keep their link's flag only when no row names a head.
 */
function settleHeads(rows: PlannedRow<LinkRecord>[], links: ExistingLink[]) {
  const headRowOf = new Map<number, LinkRecord>();
  for (const row of rows) {
    if (row.record && row.values.是否班主任?.trim() === '是') headRowOf.set(row.record.classId, row.record);
  }
  for (const row of rows) {
    const r = row.record;
    if (!r) continue;
    const head = headRowOf.get(r.classId);
    if (head && head !== r) r.isHead = false;
    if (r.courseId === null) {
      // A 班主任-only row is already true when that teacher heads the class through any link.
      const current = links.find((l) => l.classId === r.classId && l.isHead) ?? null;
      row.change = !current ? 'create' : current.teacherId === r.teacherId ? 'unchanged' : 'update';
      r.existing = current?.courseId === null ? current : null;
    } else {
      const e = r.existing;
      row.change = !e ? 'create' : e.teacherId === r.teacherId && e.isHead === r.isHead ? 'unchanged' : 'update';
    }
    if (head === r && row.change !== 'unchanged') {
      r.takesHeadFrom = links.filter((l) => l.classId === r.classId && l.isHead && l.id !== r.existing?.id);
    }
  }
}

export interface LeaderFacts {
  names: Names;
  gradeCourses: Map<number, Set<number>>;
  teachers: Map<string, ExistingTeacher>;
  leaders: { teacherId: number; role: number; gradeId: number | null; courseId: number | null }[];
}

export interface LeaderRecord {
  teacherId: number;
  role: number;
  gradeId: number | null;
  courseId: number | null;
}

export function checkOrganLeaders(rows: InputRow[], facts: LeaderFacts): PlannedRow<LeaderRecord>[] {
  const taken = new Set(facts.leaders.map((l) => `${l.teacherId}|${l.role}|${l.gradeId}|${l.courseId}`));
  const planned = rows.map((row) => {
    const check = new RowCheck(row);
    const teacher = teacherOfPhone(
      check,
      facts.teachers,
      check.rule(teacherFields.phone, check.required('教师手机号')),
    );
    const role = check.required('职务') === null ? null : check.choice('职务', ROLE_OPTIONS);
    const grade = findSchoolGrade(check, facts.names, check.cell('年级') || null);
    const course = findCourse(check, facts.names, check.cell('学科') || null);
    const roleName = role ? LEADER_ROLES[role as keyof typeof LEADER_ROLES] : '';
    if ((role === 1 || role === 2) && (check.cell('年级') || check.cell('学科'))) {
      check.fail(`${roleName}不需要填写年级和学科`);
    }
    if (role === 3 && !check.cell('年级')) check.fail('年级主任必须填写年级');
    if (role === 3 && check.cell('学科')) check.fail('年级主任不需要填写学科');
    if ((role === 4 || role === 5) && !check.cell('学科')) check.fail(`${roleName}必须填写学科`);
    if (grade && course && !facts.gradeCourses.get(grade.id)?.has(course.id)) {
      check.fail(`学科“${course.name}”不是${grade.name}开设的学科`);
    }
    if (!grade && course && ![...facts.gradeCourses.values()].some((set) => set.has(course.id))) {
      check.fail(`本校还没有开设学科“${course.name}”`);
    }
    return check.done(
      (): LeaderRecord => ({
        teacherId: teacher!.id,
        role: role!,
        gradeId: grade?.id ?? null,
        courseId: course?.id ?? null,
      }),
      (r) => (taken.has(`${r.teacherId}|${r.role}|${r.gradeId}|${r.courseId}`) ? 'unchanged' : 'create'),
    );
  });
  markDuplicates(planned, (row) => keyOf(row, ['教师手机号', '职务', '年级', '学科']), '');
  return planned;
}

function keyOf(row: InputRow, titles: string[]): string | null {
  const parts = titles.map((t) => row.values[t]?.trim() ?? '');
  return parts.every((p) => p === '') ? null : parts.join('|');
}
