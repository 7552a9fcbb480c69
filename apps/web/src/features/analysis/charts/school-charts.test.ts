import { describe, expect, it } from 'vitest';
import { criticalRows, questionCompareRows, unitCompareRows } from '../components/school/school-rows.ts';
import { attentionOf, criticalOf, item, items, overviewOf, unitOf } from '../components/school/test-reports.ts';
import {
  criticalBySchoolOption,
  questionsAcrossSchoolsOption,
  unitBoxOption,
  unitMeansOption,
  unitOverMeanOption,
  unitRatesOption,
} from './school-charts.ts';

// biome-ignore lint/suspicious/noExplicitAny: reading back into the loosely typed ECharts option
const loose = (value: unknown) => value as any;

describe('unitMeansOption', () => {
  it('draws each unit’s rounded mean in the table’s order, with the 联考 mean across', () => {
    const rows = unitCompareRows(
      overviewOf([unitOf('school', '二中', 63, { rank: 2 }), unitOf('school', '一中', 77.005, { rank: 1 })]),
    );
    const option = loose(unitMeansOption(rows, 70.125, '联考'));
    expect(option.xAxis.data).toEqual(['一中', '二中']);
    expect(option.series[0].data).toEqual([77.01, 63]);
    expect(option.series[1]).toMatchObject({ name: '联考平均分', data: [70.13, 70.13] });
  });

  it('names each class with its school', () => {
    const option = loose(
      unitMeansOption(unitCompareRows(overviewOf([unitOf('class', '八年级(1)班', 70)])), 70, '联考'),
    );
    expect(option.xAxis.data).toEqual(['一中 八年级(1)班']);
  });
});

describe('unitOverMeanOption', () => {
  it('draws each unit’s 超均率 in %', () => {
    const rows = unitCompareRows(
      overviewOf([unitOf('school', '一中', 77.007, { rank: 1 }), unitOf('school', '二中', 63, { rank: 2 })]),
    );
    const option = loose(unitOverMeanOption(rows));
    expect(option.series[0].data).toEqual([10.01, -10]);
    expect(option.yAxis.max).toBeUndefined();
  });
});

describe('unitRatesOption', () => {
  it('has the four rates in %', () => {
    const option = loose(unitRatesOption(unitCompareRows(overviewOf([unitOf('area', '城区', 70)]))));
    expect(option.series.map((s: { name: string }) => s.name)).toEqual(['优秀率', '良好率', '及格率', '低分率']);
    expect(option.series.map((s: { data: number[] }) => s.data[0])).toEqual([20, 40, 70, 10]);
  });
});

describe('unitBoxOption', () => {
  it('draws min, Q1, median, Q3, max and leaves out units nobody sat', () => {
    const option = loose(unitBoxOption([unitOf('school', '一中', 70), unitOf('school', '三中', null)]));
    expect(option.xAxis.data).toEqual(['一中']);
    expect(option.series[0].data).toEqual([[12, 60, 70, 80, 98]]);
  });
});

describe('questionsAcrossSchoolsOption', () => {
  it('draws each school’s 难度 and the 联考’s per question in %, a missing question as a gap', () => {
    const union = items('union', '八年级联考', [item('1', 0.654), item('2', 0.5)]);
    const rows = questionCompareRows(union, [
      items('school', '一中', [item('2', 0.4), item('1', 0.7)]),
      items('school', '二中', [item('1', 0.61)]),
    ]);
    const option = loose(
      questionsAcrossSchoolsOption(
        rows,
        [
          { id: '一中', name: '一中' },
          { id: '二中', name: '二中' },
        ],
        '八年级联考',
      ),
    );
    expect(option.xAxis.data).toEqual(['1', '2']);
    expect(option.series.map((s: { name: string }) => s.name)).toEqual(['一中', '二中', '八年级联考']);
    expect(option.series[0].data).toEqual([70, 40]);
    expect(option.series[1].data).toEqual([61, null]);
    expect(option.series[2].data).toEqual([65.4, 50]);
  });
});

describe('criticalBySchoolOption', () => {
  it('counts each line’s students above and below per school', () => {
    const rows = criticalRows(
      attentionOf([
        {
          name: '一本线',
          score: 520,
          lineRank: null,
          students: [
            criticalOf('一中', '1', 'above', 3),
            criticalOf('一中', '2', 'below', -4),
            criticalOf('一中', '3', 'below', -9),
            criticalOf('二中', '4', 'above', 1),
          ],
        },
      ]),
    );
    const option = loose(criticalBySchoolOption(rows, ['一本线'], ['一中', '二中']));
    expect(option.series[0]).toMatchObject({ name: '一本线线上', data: [1, 1] });
    expect(option.series[1]).toMatchObject({ name: '一本线线下', data: [2, 0] });
  });
});
