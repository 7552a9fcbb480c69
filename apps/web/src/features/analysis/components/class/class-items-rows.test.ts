import { describe, expect, it } from 'vitest';
import { itemRateOption, lostRateOption, masteryRadarOption, masteryRateOption } from '../../charts/class-items.ts';
import { itemsAgainstGrade, masteryAgainstGrade, optionSummary } from './class-items-rows.ts';
import { item, itemsReport } from './test-reports.ts';

const options = [
  { option: 'A', count: 4, share: 0.1 },
  { option: 'B', count: 32, share: 0.8 },
  { option: '未作答', count: 1, share: 0.025 },
];

describe('questions of the class against the grade', () => {
  const grade = itemsReport('grade', [
    item('q1', '1', { kind: 1, answer: 'B', fullMark: 5, mean: 3.5, difficulty: 0.7, options }),
    item('q2', '2', { mean: 5.555, difficulty: 0.5555, knowledgePoints: ['函数'] }),
    item('q3', '3'),
  ]);
  const unit = itemsReport('class', [
    item('q1', '1', {
      kind: 1,
      answer: 'B',
      fullMark: 5,
      mean: 4,
      difficulty: 0.8,
      discrimination: 0.25,
      itemRest: 0.31,
      options: [{ option: 'B', count: 32, share: 0.8 }],
    }),
    item('q2', '2', { mean: 6.125, difficulty: 0.6125 }),
  ]);

  it('lists every question of the paper with both populations and the gap', () => {
    const rows = itemsAgainstGrade(grade, unit);
    expect(rows.map((row) => row.questionNo)).toEqual(['1', '2', '3']);
    expect(rows[0]).toMatchObject({
      kindName: '客观题',
      classMean: 4,
      classRate: 0.8,
      gradeMean: 3.5,
      gradeRate: 0.7,
      classDiscrimination: 0.25,
      gradeDiscrimination: 0.35,
      classItemRest: 0.31,
      gradeItemRest: 0.4,
      options: 'B 80.00%✓',
    });
    expect(rows[0]?.rateGap).toBeCloseTo(0.1, 12);
    expect(rows[1]).toMatchObject({ kindName: '主观题', options: null, knowledgePoints: ['函数'] });
    expect(rows[2]).toMatchObject({ classMean: null, classRate: null, rateGap: null, classItemRest: null });
  });

  it("shows the grade's option shares when there is no class report", () => {
    expect(itemsAgainstGrade(grade, null)[0]?.options).toBe('A 10.00% · B 80.00%✓ · 未作答 2.50%');
  });

  it('ticks every letter of a multiple-choice key', () => {
    expect(optionSummary({ answer: 'AC', options: [...options, { option: 'C', count: 3, share: 0.075 }] })).toBe(
      'A 10.00%✓ · B 80.00% · 未作答 2.50% · C 7.50%✓',
    );
    expect(optionSummary({ answer: null, options: null })).toBeNull();
  });

  it('draws the same rounded 得分率 as the table', () => {
    const option = itemRateOption(itemsAgainstGrade(grade, unit), '八年级(1)班');
    const series = option.series as Array<{ name: string; data: Array<number | null> }>;
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['八年级(1)班', [80, 61.25, null]],
      ['年级', [70, 55.55, 60]],
    ]);
  });
});

describe('groups and knowledge points of the class against the grade', () => {
  const grade = [
    { name: '函数', questionNos: ['1', '3'], fullMark: 15, mean: 9, scoreRate: 0.6 },
    { name: '几何', questionNos: ['2'], fullMark: 10, mean: 7, scoreRate: 0.7 },
  ];
  const unit = [
    { name: '几何', questionNos: ['2'], fullMark: 10, mean: 5, scoreRate: 0.5 },
    { name: '概率', questionNos: ['4'], fullMark: 5, mean: 4, scoreRate: 0.8 },
  ];

  it("joins by name, the grade's order first, then what only the class has", () => {
    const rows = masteryAgainstGrade(grade, unit);
    expect(rows.map((row) => [row.name, row.classRate, row.gradeRate])).toEqual([
      ['函数', null, 0.6],
      ['几何', 0.5, 0.7],
      ['概率', 0.8, null],
    ]);
    expect(rows[1]?.rateGap).toBeCloseTo(-0.2, 12);
  });

  it('charts the rates in percent; the radar leaves out points without both figures', () => {
    const rows = masteryAgainstGrade(grade, unit);
    const bars = masteryRateOption(rows, '本班', '知识点得分率').series as Array<{ data: Array<number | null> }>;
    expect(bars[0]?.data).toEqual([null, 50, 80]);
    expect(masteryRadarOption(rows, '本班')).toBeNull();
    const three = [...grade, { name: '概率', questionNos: ['4'], fullMark: 5, mean: 3.3333, scoreRate: 0.66666 }];
    const ownThree = [...unit, { name: '函数', questionNos: ['1', '3'], fullMark: 15, mean: 10, scoreRate: 0.666666 }];
    const radar = masteryRadarOption(masteryAgainstGrade(three, ownThree), '本班') as unknown as {
      radar: { indicator: Array<{ name: string }> };
      series: Array<{ data: Array<{ value: number[] }> }>;
    };
    expect(radar.radar.indicator.map((point) => point.name)).toEqual(['函数', '几何', '概率']);
    expect(radar.series[0]?.data.map((line) => line.value)).toEqual([
      [66.67, 50, 80],
      [60, 70, 66.67],
    ]);
  });
});

describe('mis-recommend order', () => {
  it('charts the lost share of each question in percent, in the order given', () => {
    const items = [
      { questionNo: '2', lostRate: 0.655 },
      { questionNo: '1', lostRate: 0.2 },
      { questionNo: '3', lostRate: 1 / 3 },
    ];
    const option = lostRateOption(items, '本班');
    expect((option.xAxis as { data: string[] }).data).toEqual(['2', '1', '3']);
    expect((option.series as Array<{ name: string; data: number[] }>)[0]).toMatchObject({
      name: '本班失分率',
      data: [65.5, 20, 33.33],
    });
  });
});
