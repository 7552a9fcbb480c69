import { drawPeople, seededRandom } from './demo-people.ts';

// The demo school's base data for the 2026-2027 school year, as import rows (cells by column
// title), so the seed writes it through the same bulk import as an administrator's Excel file.

const JUNIOR = ['语文', '数学', '英语', '生物', '道德与法治', '历史', '地理'];
const SENIOR = ['语文', '数学', '英语', '物理', '化学', '生物', '政治', '历史', '地理'];
/** The main courses get a teacher per pair of classes; the others one teacher per grade. */
const MAIN = ['语文', '数学', '英语'];
export const CLASSES_PER_GRADE = 6;
export const STUDENTS_PER_CLASS = 45;

/** gradeCode: the catalogue's grade number (7 七年级 … 12 高三), used in 学号 and 考号. */
export const DEMO_GRADES = [
  { name: '七年级', gradeCode: 7, enterYear: 2026, courses: JUNIOR },
  {
    name: '八年级',
    gradeCode: 8,
    enterYear: 2025,
    // 信息技术 is on the 八年级 timetable and in its exams (issue #4 demo exams).
    courses: [...JUNIOR.slice(0, 3), '物理', ...JUNIOR.slice(3), '信息技术'],
  },
  {
    name: '九年级',
    gradeCode: 9,
    enterYear: 2024,
    courses: [...JUNIOR.slice(0, 3), '物理', '化学', ...JUNIOR.slice(3)],
  },
  { name: '高一', gradeCode: 10, enterYear: 2026, courses: SENIOR },
  { name: '高二', gradeCode: 11, enterYear: 2025, courses: SENIOR },
  { name: '高三', gradeCode: 12, enterYear: 2024, courses: SENIOR },
] as const;

/** The demo accounts of README that are teacher or student records too; they keep their login names. */
export const DEMO_LINKED = {
  admin: { name: '王建国', phone: '13800000001', loginName: 'admin01' },
  teacher: { name: '李明华', phone: '13800000002', loginName: 'teacher01' },
  student: { name: '张子涵', studentNo: '20240801', loginName: 'student01' },
} as const;

type Row = Record<string, string>;
const two = (n: number) => String(n).padStart(2, '0');
const className = (grade: string, classNo: number) => `${grade}(${classNo})班`;
const GENDER = { 1: '男', 2: '女' } as const;

export function demoBaseData() {
  const random = seededRandom(20_260_901);
  const taken = new Set<string>([DEMO_LINKED.admin.name, DEMO_LINKED.teacher.name, DEMO_LINKED.student.name]);

  const classes: Row[] = DEMO_GRADES.flatMap((g) =>
    Array.from({ length: CLASSES_PER_GRADE }, (_, i) => ({
      班级名称: className(g.name, i + 1),
      年级: g.name,
      入学年份: String(g.enterYear),
      班级类型: '行政班',
    })),
  );

  // Teachers: the two demo accounts, a principal and a deputy, then one per grade × course × group.
  let nextPhone = 5;
  const phone = () => `13800${String(nextPhone++).padStart(6, '0')}`;
  const teachers: Row[] = [
    { 姓名: DEMO_LINKED.admin.name, 手机号: DEMO_LINKED.admin.phone, 性别: '男', 是否管理员: '是' },
    { 姓名: DEMO_LINKED.teacher.name, 手机号: DEMO_LINKED.teacher.phone, 性别: '女', 是否管理员: '否' },
    { 姓名: '陈志强', 手机号: '13800000003', 性别: '男', 是否管理员: '否' },
    { 姓名: '刘美玲', 手机号: '13800000004', 性别: '女', 是否管理员: '否' },
  ];
  taken.add('陈志强').add('刘美玲');
  /** `${grade}|${course}|${group}` → phone; group is the pair of classes (1–3) for main courses, else 1. */
  const teacherOf = new Map<string, string>();
  for (const g of DEMO_GRADES) {
    for (const course of g.courses) {
      const groups = MAIN.includes(course) ? 3 : 1;
      for (let group = 1; group <= groups; group++) {
        const key = `${g.name}|${course}|${group}`;
        if (key === '八年级|数学|1') {
          teacherOf.set(key, DEMO_LINKED.teacher.phone);
          continue;
        }
        const [person] = drawPeople(random, 1, taken);
        const p = phone();
        teachers.push({ 姓名: person!.name, 手机号: p, 性别: GENDER[person!.gender], 是否管理员: '否' });
        teacherOf.set(key, p);
      }
    }
  }

  const students: Row[] = [];
  const links: Row[] = [];
  for (const g of DEMO_GRADES) {
    for (let classNo = 1; classNo <= CLASSES_PER_GRADE; classNo++) {
      const name = className(g.name, classNo);
      const people = drawPeople(random, STUDENTS_PER_CLASS, taken);
      people.forEach((person, i) => {
        const seq = i + 1;
        const first = g.name === '八年级' && classNo === 1 && seq === 1;
        students.push({
          姓名: first ? DEMO_LINKED.student.name : person.name,
          性别: first ? '女' : GENDER[person.gender],
          学号: first ? DEMO_LINKED.student.studentNo : `${g.enterYear}${two(g.gradeCode)}${two(classNo)}${two(seq)}`,
          考号: `${two(g.gradeCode)}${two(classNo)}${two(seq)}`,
          班级: name,
        });
      });
      // The head of an odd class is its 数学 teacher, of an even one its 语文 teacher.
      const group = Math.ceil(classNo / 2);
      const headCourse = classNo % 2 === 1 ? '数学' : '语文';
      for (const course of g.courses) {
        links.push({
          班级: name,
          学科: course,
          教师手机号: teacherOf.get(`${g.name}|${course}|${MAIN.includes(course) ? group : 1}`)!,
          是否班主任: course === headCourse ? '是' : '否',
        });
      }
    }
  }

  const leaders: Row[] = [
    { 教师手机号: '13800000003', 职务: '校长', 年级: '', 学科: '' },
    { 教师手机号: '13800000004', 职务: '副校长', 年级: '', 学科: '' },
    // The 英语 teacher of the last pair heads each grade; senior 高二 teachers lead the main subjects.
    ...DEMO_GRADES.map((g) => ({
      教师手机号: teacherOf.get(`${g.name}|英语|3`)!,
      职务: '年级主任',
      年级: g.name,
      学科: '',
    })),
    ...MAIN.map((course) => ({
      教师手机号: teacherOf.get(`高二|${course}|1`)!,
      职务: '教研组长',
      年级: '',
      学科: course,
    })),
  ];

  return { classes, teachers, students, links, leaders };
}
