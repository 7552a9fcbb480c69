import { DEFAULT_SCORE_CONFIG, type ScoreConfig } from '@huikao/contracts';
import { formatPercent, formatScore } from './format.ts';

// The 口径说明 (definitions) of the analysis pages: analysis-definitions.md's content in Chinese,
// one topic per section, with the exam's own settings (thresholds, lines, weights) where a
// definition depends on them. A page names the topics its figures use.

export const DEFINITION_TOPICS = [
  'population',
  'basic',
  'rates',
  'over-mean',
  'ranks',
  'pr',
  'zt',
  'progress',
  'segments',
  'items',
  'reliability',
  'lines',
  'effective',
  'critical',
  'contribution',
  'imbalance',
  'levels',
  'class-evaluation',
  'rounding',
] as const;
export type DefinitionTopic = (typeof DEFINITION_TOPICS)[number];

export interface DefinitionSection {
  topic: DefinitionTopic;
  title: string;
  items: string[];
}

/** The exam settings a definition may quote; missing parts fall back to the defaults. */
export type DefinitionSettings = Partial<ScoreConfig>;

const pct = (value: number) => `${formatScore(value)}%`;

type Builder = (settings: ScoreConfig, given: DefinitionSettings) => Omit<DefinitionSection, 'topic'>;

const BUILDERS: Record<DefinitionTopic, Builder> = {
  population: (settings) => ({
    title: '统计人群',
    items: [
      '缺考学生不计入该科目的任何统计；0 分是真实成绩，照常计入。某科缺考的学生仍计入其他科目。',
      `设置：同时排除 0 分成绩——本次考试${settings.excludeZero ? '已开启' : '未开启'}（默认不开启）。`,
      '每个数字都注明其统计人群：班级、学校年级、区域或联考。',
    ],
  }),
  basic: () => ({
    title: '基本统计',
    items: [
      '平均分、最高分、最低分按统计人群计算。得分率 = 平均分 ÷ 满分 F。',
      '标准差：总体标准差，√(Σ(x − 平均分)² ÷ N)。',
    ],
  }),
  rates: (settings) => {
    const { excellent, good, pass, low } = settings.rates;
    return {
      title: '优秀率、良好率、及格率、低分率',
      items: [
        `阈值为满分的百分比（本次考试：优秀 ${pct(excellent)}，良好 ${pct(good)}，及格 ${pct(pass)}，低分 ${pct(low)}；默认 85%、70%、60%、40%）。`,
        '优秀率、良好率、及格率统计得分 x ≥ 阈值 × F 的人数占比，逐级包含（及格包含良好和优秀）。',
        `低分率统计 x < ${pct(low)} × F 的人数占比。另给出良好段（${pct(good)}–${pct(excellent)}）。`,
        '比较按精确值进行（100·x ≥ 百分比·F），不使用浮点乘积。',
      ],
    };
  },
  'over-mean': () => ({
    title: '超均率',
    items: ['超均率 = (本单位平均分 − 上级平均分) ÷ 上级平均分。', '上级是高一层级：班级 → 学校年级 → 区域或联考。'],
  }),
  ranks: (settings) => ({
    title: '名次',
    items: [
      '名次采用竞争排名：名次 = 1 + 分数严格高于本人的人数（如 1、1、3）。',
      `密集排名（1、1、2，“中国式排名”）作为显示选项；本次考试显示${settings.rankMode === 'dense' ? '密集排名' : '竞争排名'}。`,
    ],
  }),
  pr: () => ({
    title: '百分等级',
    items: [
      '百分等级 PR = 分数严格低于本人的人数占比 + 与本人同分人数占比的一半。',
      '学生看到的“超过了 X% 的同学”为分数严格低于本人的人数占比。',
    ],
  }),
  zt: () => ({
    title: 'Z 分数与 T 分数',
    items: [
      'Z = (x − 平均分) ÷ σ，T = 50 + 10·Z；σ 为参照人群的总体标准差（未注明时参照人群为年级）。',
      '班级 T = 50 + 10·(班级平均分 − 年级平均分) ÷ σ年级。',
    ],
  }),
  progress: () => ({
    title: '进退步',
    items: [
      '进退步 = 上次名次 − 本次名次，范围和排名规则相同；正数表示进步。',
      '只统计两次考试都参加的学生；同时给出 T 分数的变化。',
      '上次考试：同一学校同一年级在本次之前最近一次已完成或已发布、且已计算报告的考试。',
    ],
  }),
  segments: (settings) => ({
    title: '分数段',
    items: [
      '分数段为从 0 开始的区间 [a, a + w)，最高一段在满分 F 处闭合，从高到低列出人数、自上而下的累计人数和占比。',
      `段宽 w：单科 10 至 50，总分 50 至 100，步长 10（本次考试默认：单科 ${settings.segments.single}，总分 ${settings.segments.total}）。`,
    ],
  }),
  items: () => ({
    title: '试题分析',
    items: [
      '难度 P = 该题平均分 ÷ 该题满分（越高越容易），标为“难度(得分率)”。试卷难度 = 总平均分 ÷ 总满分。',
      '区分度 D（27% 分组）：n = ⌈0.27·N⌉；按同一科目总分从高到低排序（同分按学生编号），D = (高分组 n 人平均分 − 低分组 n 人平均分) ÷ 该题满分。',
      '试卷或学科的区分度 = 各题区分度按满分加权的平均：Σ Fᵢ·Dᵢ ÷ Σ Fᵢ（Fᵢ 为第 i 题满分）。',
      '校正题总相关：该题得分与“总分减该题得分”的皮尔逊相关系数 r（不是该题与总分本身的相关），页面和报告工作簿中均列出。',
      'Ebel 等级：≥0.40 很好，0.30–0.39 较好，0.20–0.29 尚可，<0.20 差。',
      '客观题：各选项的选择人数占比，以及正确选项。',
    ],
  }),
  reliability: () => ({
    title: '信度',
    items: [
      'Cronbach α = k/(k−1)·(1 − 各题方差之和 ÷ 总分方差)（原始 α，非标准化），k 为题目数。',
      '分半信度：奇数题与偶数题分半，斯皮尔曼–布朗校正 2r/(1+r)。',
    ],
  }),
  lines: (settings, given) => ({
    title: '上线',
    items: [
      '上线：总分 ≥ 分数线。分数线可以是一个分数，或名次为 ⌈p·N⌉ 的学生的分数（设置）。',
      ...(given.lines && given.lines.length > 0
        ? [`本次考试的分数线：${settings.lines.map(describeLine).join('；')}。`]
        : []),
    ],
  }),
  effective: () => ({
    title: '有效分、单上线、双上线',
    items: [
      '有效分（等比例法）：M 为总分上线人数，某科的有效分为该科成绩从高到低第 M 名学生的分数。',
      '单上线：该科成绩 ≥ 该科有效分；双上线：单上线且总分 ≥ 分数线。',
      '贡献率 = 双上线人数 ÷ 总分上线人数；命中率 = 双上线人数 ÷ 单上线人数。',
    ],
  }),
  critical: (settings) => {
    const { mode, below, above, rankBand } = settings.critical;
    return {
      title: '临界生',
      items: [
        '按分数：分数线 − 下浮分 ≤ 总分 < 分数线 + 上浮分；按名次：|名次 − 分数线名次| ≤ 名次范围（设置，默认按分数，下浮 20、上浮 10，名次范围 20）。',
        '分数线名次 L：按比例划定的分数线，L = ⌈p·N⌉，即划定该线的名次（其后有同分也不变）；按分数划定的分数线，L = M，即总分上线人数。单科围绕其有效分，有效分是该科第 M 名的分数，故 L = M。',
        mode === 'rank'
          ? `本次考试按名次：|名次 − 分数线名次| ≤ ${rankBand}。`
          : `本次考试按分数：分数线 − ${formatScore(below)} ≤ 总分 < 分数线 + ${formatScore(above)}。`,
        '线上、线下分开列出，按班级统计，可导出。',
      ],
    };
  },
  contribution: () => ({
    title: '学科贡献率',
    items: ['学科贡献率（平均分口径）= 该科平均分 ÷ 各科平均分之和。本页显示的是平均分口径。'],
  }),
  imbalance: (settings) => ({
    title: '偏科',
    items: [
      '计算学生各科的 Z 分数；偏科程度 = 这些 Z 分数的总体标准差；最弱学科 = Z 最低的学科。',
      `最高 Z 与最低 Z 之差 ≥ ${formatScore(settings.imbalanceThreshold)} 时标记为偏科（设置，默认 1.0）。`,
    ],
  }),
  levels: () => ({
    title: '等级赋分',
    items: [
      '学生的等级由竞争名次 ÷ N 决定：取累计比例首次不小于该值的等级（同分归入较高等级）。',
      '等级内赋分：T = T1 + (T2 − T1)(Y − Y1) ÷ (Y2 − Y1)，Y1、Y2 为该等级最低和最高原始分，[T1, T2] 为该等级赋分区间；Y1 = Y2 时 T = T2；四舍五入取整。',
      '方案：3+1+2（A 15%、B 35%、C 35%、D 13%、E 2% → 100–86、85–71、70–56、55–41、40–30）；广东（17/33/33/15/2 → 100–83、82–71、70–59、58–41、40–30）；山东（8 级 3/7/16/24/24/16/7/3% → 100–91、90–81、…、30–21）。区域的方案为考试等级设置（ELA）。',
    ],
  }),
  'class-evaluation': (settings) => {
    const ec = settings.classECSet;
    const rsr = settings.classRSRSet;
    const { secsA, secsB } = settings.bands;
    return {
      title: '班级评价',
      items: [
        '指标为班级在某科或总分上相对于所在学校年级的表现：',
        `达标率 standardRate：班级中 T ≥ 达标分（本次 ${formatScore(ec.standardScore)}）的人数占比。`,
        '平均得分率 averageRate：班级平均分 ÷ F；平均分 averageScore：班级平均分。',
        `secsARate：班级中年级名次 ≤ ⌈${formatScore(secsA)}·N⌉ 的人数占比（前 ${formatPercent(secsA, 0)}）；secsBRate：⌈${formatScore(secsA)}·N⌉ < 年级名次 ≤ ⌈${formatScore(secsB)}·N⌉ 的人数占比（${formatPercent(secsA, 0)}–${formatPercent(secsB, 0)} 段）；N 为年级人数，名次为竞争排名（设置）。`,
        '离散度 variance：班级 σ ÷ F。',
        `综合评价 EC（classECSet）= ${formatScore(ec.standardRateWeight)}·达标率 + ${formatScore(ec.averageRateWeight)}·平均得分率 + ${formatScore(ec.secsARateWeight)}·secsARate + ${formatScore(ec.secsBRateWeight)}·secsBRate ${signed(ec.varianceWeight)}·离散度；按 EC 从高到低排名。`,
        `秩和比法 RSR（classRSRSet）：各指标在班级间排秩，最好的为 n（同值取平均秩）；WRSR = Σ w·R ÷ n，权重 达标率 ${formatScore(rsr.standardRateWeight)}、平均分 ${formatScore(rsr.averageScoreWeight)}、secsARate ${formatScore(rsr.secsARateWeight)}、secsBRate ${formatScore(rsr.secsBRateWeight)}。`,
        '将不同的 WRSR 从小到大排序，p = 平均秩 ÷ n，最后一个 p 以 1 − 1/(4n) 代替，Probit = 5 + Φ⁻¹(p)；以最小二乘拟合 WRSR = a + b·Probit；按拟合值对应的 Probit 分界 4 和 6 分为 下、中、上 三档。',
        '两套权重和达标分均为可编辑的学校设置，默认取规范的数值。',
      ],
    };
  },
  rounding: () => ({
    title: '取舍规则',
    items: [
      '按十进制值四舍五入，保留 2 位小数；比率以小数存储、以百分数显示；等级赋分取整数。',
      '所有数字以完整精度计算，只在显示时取舍；表格、图表和导出的 Excel 显示相同的数字。',
    ],
  }),
};

function signed(weight: number): string {
  return weight < 0 ? `− ${formatScore(-weight)}` : `+ ${formatScore(weight)}`;
}

function describeLine(line: ScoreConfig['lines'][number]): string {
  return line.kind === 'score'
    ? `${line.name} ${formatScore(line.value)} 分`
    : `${line.name} 前 ${formatPercent(line.value)}（名次 ⌈${formatScore(line.value)}·N⌉ 的学生的分数）`;
}

/** The sections a page shows, in the order of DEFINITION_TOPICS, with the exam's settings quoted. */
export function definitionSections(
  topics: readonly DefinitionTopic[],
  given: DefinitionSettings = {},
): DefinitionSection[] {
  const settings: ScoreConfig = { ...DEFAULT_SCORE_CONFIG, ...given };
  const wanted = new Set<DefinitionTopic>([...topics, 'population', 'rounding']);
  return DEFINITION_TOPICS.filter((topic) => wanted.has(topic)).map((topic) => ({
    topic,
    ...BUILDERS[topic](settings, given),
  }));
}
