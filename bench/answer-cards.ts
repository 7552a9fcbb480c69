// Measures the answer-card PDF of issue #15 (renderCardPdf, no HTTP): a blank card, cold (the first in
// a process: the font face is opened) and warm (the median of 15), and 1,000 personalised A3 cards of
// two pages each (A3, two columns, two-sided, 40 questions, 10-digit 考号 grid and barcode) as one PDF.
// Targets: the blank card under 300 ms, the 1,000 cards under 15 s.
// Run: npx tsx bench/answer-cards.ts [students]  (npm run bench -- answer-cards)
//   BENCH_CARD_PDF=<file> keeps the 1,000-card PDF there to look at.
// Prints wall time and this process's CPU time (the machine is shared: CPU time shows what the work
// costs when others load the cores) with the load average; asserts nothing.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type ExamQuestion, generateTemplate } from '@huikao/answer-card';
import { type PersonalisedStudent, renderCardPdf } from '../apps/server/src/modules/scanning/card-pdf/index.ts';

const studentCount = Number(process.argv[2] ?? 1000);

/** A real paper's shape: 24 objective questions in blocks of five, then 16 subjective ones. */
function paper(count: number): ExamQuestion[] {
  return Array.from({ length: count }, (_, index): ExamQuestion => {
    const number = String(index + 1);
    if (index < 24) return { number, type: 'single', optionCount: 4, fullMarks: 3 };
    return {
      number,
      type: 'subjective',
      fullMarks: index % 4 === 0 ? 12 : 4,
      subjectiveKind: index % 4 === 0 ? 'answer' : 'fill',
    };
  });
}

const template = generateTemplate(paper(40), {
  templateId: '20261126',
  title: '九年级11月月考',
  subject: '数学',
  examNumberLength: 10,
  identityMode: 'both',
  paper: 'A3',
  columns: 2,
  sides: 2,
});

const surnames =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const given = '子涵欣怡梓涵晨曦紫涵诗涵梦琪嘉怡子萱雨涵浩宇浩然宇轩子轩俊杰梓轩明轩一诺思远';
const students: PersonalisedStudent[] = Array.from({ length: studentCount }, (_, index) => {
  const room = Math.floor(index / 30) + 1;
  return {
    examNo: String(2026000000 + index + 1),
    name: `${surnames[index % surnames.length]}${given.slice((index * 2) % given.length, ((index * 2) % given.length) + 2)}`,
    className: `九年级（${(index % 12) + 1}）班`,
    room: `第 ${room} 考场`,
    seat: (index % 30) + 1,
  };
});

function timed<T>(run: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  return run().then((value) => {
    const cpu = process.cpuUsage(cpu0);
    return { value, wall: performance.now() - wall0, cpu: (cpu.user + cpu.system) / 1000 };
  });
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

console.log(`template: A3, 2 columns, two-sided, ${template.pages.length} pages, 40 questions (${load()})`);
const cold = await timed(() => renderCardPdf(template));
console.log(
  `blank card, cold (font face opened): ${ms(cold.wall)} wall, ${ms(cold.cpu)} CPU, ${(cold.value.length / 1024).toFixed(0)} KB`,
);
const warm: Array<{ wall: number; cpu: number }> = [];
for (let round = 0; round < 15; round++) warm.push(await timed(() => renderCardPdf(template)));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `blank card, warm: median ${ms(median(warm.map((run) => run.wall)))} wall, ${ms(median(warm.map((run) => run.cpu)))} CPU (target < 300 ms)`,
);
const run = await timed(() => renderCardPdf(template, { students }));
console.log(
  `${studentCount} personalised cards (${studentCount * template.pages.length} A3 pages, one PDF): ${(run.wall / 1000).toFixed(2)} s wall, ${(run.cpu / 1000).toFixed(2)} s CPU, ${(run.value.length / 1024 / 1024).toFixed(1)} MB (target < 15 s; ${load()})`,
);
if (process.env.BENCH_CARD_PDF) writeFileSync(process.env.BENCH_CARD_PDF, run.value);
