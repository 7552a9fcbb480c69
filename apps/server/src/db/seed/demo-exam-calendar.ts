// The demo exams of 2026-2027 上学期 (issue #4): what each exam is, which courses it has, what it
// covers, and the class differences of the item-response model.
export interface DemoExam {
  name: string;
  gradeCode: number;
  examType: number;
  startDate: string;
  endDate: string;
  /** 4 已发布 (finished and published) or 2 进行中. */
  status: 2 | 4;
  courses: readonly string[];
  /** Share of the term's topics the exam covers. */
  cover: [number, number];
  publishedAt?: string;
  /** 进行中 only: course → class numbers whose scores are already entered. */
  entered?: Record<string, number[]>;
}

const GRADE8 = ['语文', '数学', '英语', '物理', '道德与法治', '历史', '地理', '生物', '信息技术'];
export const DEMO_EXAMS: readonly DemoExam[] = [
  {
    name: '八年级第一次月考',
    gradeCode: 8,
    examType: 1,
    startDate: '2026-09-26',
    endDate: '2026-09-27',
    status: 4,
    courses: GRADE8,
    cover: [0, 0.3],
    publishedAt: '2026-09-30T16:00:00+08:00',
  },
  {
    name: '八年级期中考试',
    gradeCode: 8,
    examType: 2,
    startDate: '2026-11-05',
    endDate: '2026-11-06',
    status: 4,
    courses: GRADE8,
    cover: [0, 0.6],
    publishedAt: '2026-11-10T16:00:00+08:00',
  },
  {
    name: '八年级第二次月考',
    gradeCode: 8,
    examType: 1,
    startDate: '2026-11-19',
    endDate: '2026-11-20',
    status: 4,
    courses: GRADE8,
    cover: [0.35, 0.85],
    publishedAt: '2026-11-21T09:00:00+08:00',
  },
  {
    name: '九年级11月月考',
    gradeCode: 9,
    examType: 1,
    startDate: '2026-11-20',
    endDate: '2026-11-21',
    status: 2,
    courses: ['语文', '数学', '英语', '物理', '化学', '道德与法治', '历史'],
    cover: [0, 0.75],
    entered: { 语文: [1, 2, 3, 4, 5, 6], 数学: [1, 2, 3, 4], 英语: [1, 2, 3, 4, 5, 6], 物理: [1, 2, 3], 化学: [1] },
  },
];

/** Class differences of the model (class 1 first), per grade. */
export const CLASS_OFFSETS: Record<number, number[]> = {
  8: [0.2, -0.1, 0.4, -0.4, 0.0, -0.25],
  9: [0.1, 0.35, -0.3, 0.0, -0.4, 0.2],
};
/** student01's general ability: a present, mid-to-good student in every subject. */
export const STUDENT01_ABILITY = 0.6;
