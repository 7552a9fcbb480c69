import { TERM_TOPICS } from './demo-exam-topics.ts';
import { drawItem, type IrtQuestion, type Random } from './demo-irt.ts';

// The demo exams' papers: the layout of a Chinese junior-middle-school paper per course (大题,
// question numbers such as 19(1), marks, objective kinds) and the knowledge points of the 人教版
// textbook for the term (demo-exam-topics.ts).

/** One question of a layout: `no` is its number, `subs` splits it into 19(1), 19(2)… */
interface Item {
  kind: 'single' | 'multi' | 'judge' | 'open';
  mark: number;
  /** Marks of the sub-questions (open questions only). */
  subs?: number[];
  /** 多选 mark for a correct but incomplete choice. */
  partial?: number;
  /** Subjective marking step; a 填空 blank is all or nothing (step = mark). */
  step?: number;
  options?: number;
  /** Fixed knowledge points (skills); otherwise one or two of the term's topics. */
  kp?: string[];
}

interface GroupLayout {
  name: string;
  /** Difficulty centre of the group's first and last question (θ scale). */
  level: [number, number];
  items: Item[];
}

export interface CourseLayout {
  fullMark: number;
  groups: GroupLayout[];
}

const times = (n: number, item: Item): Item[] => Array.from({ length: n }, () => ({ ...item }));
const single = (n: number, mark: number, kp?: string[], options = 4) => times(n, { kind: 'single', mark, options, kp });
const judge = (n: number, mark: number) => times(n, { kind: 'judge', mark });
const open = (mark: number, extra: Omit<Item, 'kind' | 'mark'> = {}): Item => ({ kind: 'open', mark, ...extra });
const blanks = (n: number, mark: number, step = mark) => times(n, { kind: 'open', mark, step });

const CHINESE: CourseLayout = {
  fullMark: 120,
  groups: [
    {
      name: '一、积累与运用',
      level: [-1.6, -0.6],
      items: [
        ...single(1, 3, ['字音']),
        ...single(1, 3, ['字形']),
        ...single(1, 3, ['词语运用']),
        ...single(1, 3, ['病句辨析']),
        open(8, { kp: ['古诗文默写'] }),
        open(4, { kp: ['名著阅读'] }),
      ],
    },
    {
      name: '二、阅读',
      level: [-0.8, 1.2],
      items: [
        ...single(1, 3, ['文言实词']),
        open(4, { kp: ['文言文翻译'] }),
        open(3, { kp: ['文言文内容理解'] }),
        open(4, { kp: ['古诗词鉴赏'] }),
        ...single(1, 3, ['说明方法']),
        open(4, { kp: ['说明文语言'] }),
        open(4, { kp: ['说明文内容理解'] }),
        open(4, { kp: ['记叙文内容概括'] }),
        open(6, { kp: ['记叙文句子赏析'] }),
        open(6, { kp: ['记叙文人物形象'] }),
        open(5, { kp: ['记叙文主旨探究'] }),
      ],
    },
    { name: '三、写作', level: [-0.9, -0.9], items: [open(50, { kp: ['命题作文'] })] },
  ],
};

const MATH: CourseLayout = {
  fullMark: 120,
  groups: [
    { name: '一、选择题', level: [-1.8, 0.6], items: single(10, 3) },
    { name: '二、填空题', level: [-1.0, 1.2], items: blanks(6, 3) },
    {
      name: '三、解答题',
      level: [-1.2, 1.9],
      items: [
        open(8, { subs: [4, 4] }),
        open(8),
        open(8, { subs: [4, 4] }),
        open(8, { subs: [4, 4] }),
        open(8),
        open(10, { subs: [3, 3, 4] }),
        open(10, { subs: [4, 6] }),
        open(12, { subs: [3, 4, 5] }),
      ],
    },
  ],
};

const ENGLISH: CourseLayout = {
  fullMark: 120,
  groups: [
    { name: '一、听力理解', level: [-1.8, 0.0], items: single(20, 1, ['听力理解'], 3) },
    { name: '二、单项选择', level: [-1.4, 0.6], items: single(15, 1) },
    { name: '三、完形填空', level: [-1.0, 0.8], items: single(10, 1.5, ['完形填空']) },
    { name: '四、阅读理解', level: [-1.2, 1.2], items: single(15, 2, ['阅读理解']) },
    { name: '五、词汇运用', level: [-0.6, 1.0], items: blanks(10, 1).map((i) => ({ ...i, kp: ['词汇运用'] })) },
    { name: '六、短文填空', level: [-0.4, 1.4], items: blanks(10, 1.5).map((i) => ({ ...i, kp: ['语法填空'] })) },
    { name: '七、书面表达', level: [-0.5, -0.5], items: [open(15, { step: 0.5, kp: ['书面表达'] })] },
  ],
};

const PHYSICS: CourseLayout = {
  fullMark: 100,
  groups: [
    { name: '一、单项选择题', level: [-1.8, 0.4], items: single(10, 3) },
    { name: '二、多项选择题', level: [-0.2, 1.0], items: times(3, { kind: 'multi', mark: 3, partial: 2, options: 4 }) },
    { name: '三、填空题', level: [-1.2, 0.8], items: blanks(7, 2, 1) },
    { name: '四、作图题', level: [-0.8, -0.4], items: [open(2), open(2)] },
    { name: '五、实验探究题', level: [-0.6, 1.0], items: [open(6), open(7), open(8)] },
    { name: '六、计算题', level: [0.0, 1.8], items: [open(8, { subs: [4, 4] }), open(14, { subs: [4, 5, 5] })] },
  ],
};

const CHEMISTRY: CourseLayout = {
  fullMark: 100,
  groups: [
    { name: '一、选择题', level: [-1.8, 0.6], items: single(20, 2) },
    { name: '二、填空与简答题', level: [-1.0, 0.8], items: [open(6), open(6), open(6), open(6), open(6)] },
    { name: '三、实验与探究题', level: [-0.4, 1.4], items: [open(10), open(10)] },
    { name: '四、计算题', level: [0.6, 0.6], items: [open(10, { subs: [4, 6] })] },
  ],
};

/** 生物, 道德与法治, 历史, 地理: choice questions worth 2 and a non-choice part. */
const choicesThenOpen = (choice: number, judges: number, parts: number[]): CourseLayout => ({
  fullMark: 100,
  groups: [
    { name: '一、选择题', level: [-2.0, 0.4] as [number, number], items: single(choice, 2) },
    ...(judges > 0 ? [{ name: '二、判断题', level: [-1.6, 0.0] as [number, number], items: judge(judges, 1) }] : []),
    {
      name: judges > 0 ? '三、非选择题' : '二、非选择题',
      level: [-1.0, 0.9] as [number, number],
      items: parts.map((m) => open(m)),
    },
  ],
});

const BIOLOGY = choicesThenOpen(25, 5, [9, 9, 9, 9, 9]);
const MORALITY = choicesThenOpen(20, 0, [12, 12, 12, 12, 12]);
const HISTORY = choicesThenOpen(25, 0, [12, 12, 14, 12]);
const GEOGRAPHY = choicesThenOpen(25, 0, [12, 13, 12, 13]);
const IT: CourseLayout = {
  fullMark: 50,
  groups: [
    { name: '一、单项选择题', level: [-2.0, 0.2], items: single(20, 1) },
    { name: '二、判断题', level: [-1.6, -0.4], items: judge(10, 1) },
    { name: '三、操作题', level: [-0.6, 0.8], items: [open(10), open(10)] },
  ],
};

/** Layouts by catalogue course name. */
export const COURSE_LAYOUTS: Record<string, CourseLayout> = {
  语文: CHINESE,
  数学: MATH,
  英语: ENGLISH,
  物理: PHYSICS,
  化学: CHEMISTRY,
  生物: BIOLOGY,
  道德与法治: MORALITY,
  历史: HISTORY,
  地理: GEOGRAPHY,
  信息技术: IT,
};

export interface PaperGroup {
  name: string;
  questions: PaperItem[];
}

export interface PaperItem extends IrtQuestion {
  questionNo: string;
  partialMark: number | null;
  knowledgePoints: string[];
}

const LETTERS = 'ABCDEFGH';
/** School exams are set for a class average near 60–70% of the full mark. */
const EASE = -0.4;

/**
 * One exam's paper of a course: keys, item parameters and knowledge points drawn for it. `cover`
 * is the share of the term's topics taught by the exam, [from, to] in 0–1.
 */
export function buildPaper(random: Random, course: string, gradeCode: number, cover: [number, number]): PaperGroup[] {
  const layout = COURSE_LAYOUTS[course];
  if (!layout) throw new Error(`seed: no paper layout for ${course}`);
  const all = TERM_TOPICS[course]?.[gradeCode] ?? [];
  const taught = all.slice(Math.floor(cover[0] * all.length), Math.max(1, Math.ceil(cover[1] * all.length)));
  const topic = () => taught[Math.floor(random() * taught.length)]!;
  let no = 0;
  return layout.groups.map((group) => {
    const questions: PaperItem[] = [];
    group.items.forEach((item, i) => {
      no++;
      const ramp = group.items.length > 1 ? i / (group.items.length - 1) : 0;
      const centre = EASE + group.level[0] + (group.level[1] - group.level[0]) * ramp;
      const points = item.kp ?? (item.mark >= 8 && taught.length > 1 ? [...new Set([topic(), topic()])] : [topic()]);
      const options = item.options ?? 4;
      const letter = () => LETTERS[Math.floor(random() * options)]!;
      if (item.kind === 'open') {
        const subs = item.subs ?? [item.mark];
        subs.forEach((mark, k) => {
          questions.push({
            questionNo: item.subs ? `${no}(${k + 1})` : String(no),
            kind: 2,
            objectiveType: null,
            optionCount: null,
            answer: null,
            fullMark: mark,
            partialMark: null,
            step: item.step ?? 1,
            knowledgePoints: points,
            popular: null,
            // Later sub-questions are harder, as papers build up.
            ...drawItem(random, centre + 0.5 * k),
          });
        });
        return;
      }
      let answer: string;
      if (item.kind === 'judge') answer = random() < 0.5 ? 'T' : 'F';
      else if (item.kind === 'multi') {
        const chosen = LETTERS.slice(0, options)
          .split('')
          .filter(() => random() < 0.5);
        answer = (chosen.length >= 2 ? chosen : ['A', 'C', 'B', 'D'].slice(0, 2 + Math.floor(random() * 2)))
          .sort()
          .join('');
        if (answer.length === options) answer = answer.slice(1);
      } else answer = letter();
      let popular: string | null = null;
      if (item.kind !== 'judge') {
        const wrong = LETTERS.slice(0, options)
          .split('')
          .filter((l) => !answer.includes(l));
        popular = wrong[Math.floor(random() * wrong.length)] ?? null;
      }
      questions.push({
        questionNo: String(no),
        kind: 1,
        objectiveType: item.kind === 'single' ? 1 : item.kind === 'multi' ? 2 : 3,
        optionCount: item.kind === 'judge' ? null : options,
        answer,
        fullMark: item.mark,
        partialMark: item.partial ?? null,
        step: item.mark,
        knowledgePoints: points,
        popular,
        ...drawItem(random, centre),
      });
    });
    return { name: group.name, questions };
  });
}

export const paperFullMark = (groups: PaperGroup[]) =>
  groups.reduce((sum, g) => sum + g.questions.reduce((s, q) => s + q.fullMark, 0), 0);
