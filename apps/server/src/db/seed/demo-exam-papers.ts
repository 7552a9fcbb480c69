import { drawItem, type IrtQuestion, type Random } from './demo-irt.ts';

// The demo exams' papers: the layout of a Chinese junior-middle-school paper per course (大题,
// question numbers such as 19(1), marks, objective kinds) and the knowledge points of the 人教版
// textbook for the term. Maths names follow the junior maths knowledge tree of ../shared/data.

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
  /** Topics of the term in teaching order, by grade code. */
  topics: Partial<Record<number, string[]>>;
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
  topics: {},
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
  topics: {
    8: [
      '三角形三边关系',
      '三角形的角平分线、中线和高',
      '三角形内角和定理',
      '三角形的外角性质',
      '多边形内角与外角',
      '全等三角形的性质',
      '全等三角形的判定',
      '直角三角形全等的判定',
      '角平分线的性质',
      '轴对称的性质',
      '线段垂直平分线的性质',
      '关于x轴、y轴对称的点的坐标',
      '等腰三角形的性质',
      '等腰三角形的判定',
      '等边三角形的性质',
      '含30度角的直角三角形',
      '轴对称-最短路线问题',
      '同底数幂的乘法',
      '幂的乘方与积的乘方',
      '多项式乘多项式',
      '平方差公式',
      '完全平方公式',
      '因式分解-提公因式法',
      '因式分解-运用公式法',
    ],
    9: [
      '解一元二次方程-因式分解法',
      '解一元二次方程-公式法',
      '根的判别式',
      '根与系数的关系',
      '一元二次方程的应用',
      '二次函数的图象',
      '二次函数的性质',
      '二次函数的最值',
      '抛物线与x轴的交点',
      '二次函数的应用',
      '旋转的性质',
      '中心对称',
      '垂径定理',
      '圆周角定理',
      '点与圆的位置关系',
      '直线与圆的位置关系',
      '切线的判定与性质',
      '正多边形和圆',
      '弧长的计算',
      '扇形面积的计算',
    ],
  },
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
  topics: {
    8: [
      '一般过去时',
      '不定代词',
      '频度副词',
      '形容词和副词的比较级',
      '形容词和副词的最高级',
      '一般将来时',
      'be going to 结构',
      '情态动词',
      '动词不定式',
      'if 引导的条件状语从句',
    ],
    9: ['现在进行时表将来', '宾语从句', '被动语态', '情态动词表推测', 'used to 结构', '定语从句', '动词不定式'],
  },
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
  topics: {
    8: [
      '长度和时间的测量',
      '参照物',
      '运动的快慢',
      '测量平均速度',
      '声音的产生与传播',
      '声音的特性',
      '声的利用',
      '噪声的危害和控制',
      '温度计',
      '熔化和凝固',
      '汽化和液化',
      '升华和凝华',
      '光的直线传播',
      '光的反射',
      '平面镜成像',
      '光的折射',
      '光的色散',
      '凸透镜成像的规律',
    ],
    9: [
      '分子热运动',
      '内能',
      '比热容',
      '热机',
      '热机的效率',
      '能量的转化和守恒',
      '两种电荷',
      '电流和电路',
      '串联和并联',
      '串、并联电路中电流的规律',
      '电压',
      '串、并联电路中电压的规律',
      '电阻',
      '变阻器',
      '欧姆定律',
      '电阻的测量',
    ],
  },
};

const CHEMISTRY: CourseLayout = {
  fullMark: 100,
  groups: [
    { name: '一、选择题', level: [-1.8, 0.6], items: single(20, 2) },
    { name: '二、填空与简答题', level: [-1.0, 0.8], items: [open(6), open(6), open(6), open(6), open(6)] },
    { name: '三、实验与探究题', level: [-0.4, 1.4], items: [open(10), open(10)] },
    { name: '四、计算题', level: [0.6, 0.6], items: [open(10, { subs: [4, 6] })] },
  ],
  topics: {
    9: [
      '物质的变化和性质',
      '走进化学实验室',
      '空气的成分',
      '氧气的性质',
      '制取氧气',
      '分子和原子',
      '原子的结构',
      '元素',
      '水的组成',
      '化学式与化合价',
      '质量守恒定律',
      '化学方程式的书写',
      '利用化学方程式的简单计算',
      '碳单质',
      '二氧化碳的制取',
    ],
  },
};

/** 生物, 道德与法治, 历史, 地理: choice questions worth 2 and a non-choice part. */
const choicesThenOpen = (choice: number, judges: number, parts: number[], topics: CourseLayout['topics']) => ({
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
  topics,
});

const BIOLOGY = choicesThenOpen(25, 5, [9, 9, 9, 9, 9], {
  8: [
    '腔肠动物和扁形动物',
    '线形动物和环节动物',
    '软体动物和节肢动物',
    '鱼',
    '两栖动物和爬行动物',
    '鸟',
    '哺乳动物',
    '动物的运动',
    '先天性行为和学习行为',
    '社会行为',
    '动物在生物圈中的作用',
    '细菌和真菌的分布',
    '细菌',
    '真菌',
    '细菌和真菌在自然界中的作用',
    '人类对细菌和真菌的利用',
    '病毒',
  ],
});
const MORALITY = choicesThenOpen(20, 0, [12, 12, 12, 12, 12], {
  8: [
    '我与社会',
    '在社会中成长',
    '网络改变世界',
    '合理利用网络',
    '维护秩序',
    '遵守规则',
    '尊重他人',
    '以礼待人',
    '诚实守信',
    '法不可违',
    '预防犯罪',
    '善用法律',
    '关爱他人',
    '服务社会',
  ],
  9: [
    '坚持改革开放',
    '走向共同富裕',
    '创新驱动发展',
    '追求民主价值',
    '参与民主生活',
    '夯实法治基础',
    '凝聚法治共识',
    '守望精神家园',
    '建设美丽中国',
    '中华一家亲',
  ],
});
const HISTORY = choicesThenOpen(25, 0, [12, 12, 14, 12], {
  8: [
    '鸦片战争',
    '第二次鸦片战争',
    '太平天国运动',
    '洋务运动',
    '边疆危机',
    '中日甲午战争',
    '八国联军侵华与《辛丑条约》',
    '戊戌变法',
    '辛亥革命',
    '中华民国的创建',
    '北洋政府的黑暗统治',
    '新文化运动',
    '五四运动',
    '中国共产党诞生',
    '国共合作与北伐战争',
    '中国工农红军长征',
  ],
  9: [
    '古代埃及',
    '古代两河流域',
    '古代印度',
    '希腊城邦和亚历山大帝国',
    '罗马城邦和罗马帝国',
    '中世纪城市和大学的兴起',
    '古代日本',
    '阿拉伯帝国',
    '文艺复兴运动',
    '探寻新航路',
    '英国君主立宪制的建立',
    '美国的独立',
    '法国大革命和拿破仑帝国',
    '第一次工业革命',
  ],
});
const GEOGRAPHY = choicesThenOpen(25, 0, [12, 13, 12, 13], {
  8: [
    '中国的疆域',
    '中国的行政区划',
    '中国的人口',
    '中国的民族',
    '地势和地形',
    '中国的气候',
    '温度带和干湿地区',
    '季风气候',
    '中国的河流',
    '长江',
    '黄河',
    '中国的自然灾害',
    '自然资源的基本特征',
    '土地资源',
    '水资源',
    '交通运输',
  ],
});
const IT: CourseLayout = {
  fullMark: 50,
  groups: [
    { name: '一、单项选择题', level: [-2.0, 0.2], items: single(20, 1) },
    { name: '二、判断题', level: [-1.6, -0.4], items: judge(10, 1) },
    { name: '三、操作题', level: [-0.6, 0.8], items: [open(10), open(10)] },
  ],
  topics: {
    8: [
      '计算机网络的组成',
      'IP地址与域名',
      '网络信息安全',
      '电子表格的基本操作',
      '公式与函数',
      '数据排序与筛选',
      '图表的制作',
      '算法的描述',
      'Python 变量与数据类型',
      '分支结构',
      '循环结构',
    ],
  },
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
  const all = layout.topics[gradeCode] ?? [];
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
