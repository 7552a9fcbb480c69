import { roundedPercent } from '../format.ts';
import { BASE_GRID, type ChartOption, categoryAxis, PALETTE } from './common.ts';

export interface OptionShareItem {
  questionNo: string;
  answer: string | null;
  options: ReadonlyArray<{ option: string; share: number }>;
}

/** The options in a stable order: A, B, C …, then anything else (未作答 …). */
export function optionLetters(items: readonly OptionShareItem[]): string[] {
  const all = new Set(items.flatMap((item) => item.options.map((o) => o.option)));
  return [...all].sort((a, b) => {
    const letterA = /^[A-Z]$/.test(a);
    const letterB = /^[A-Z]$/.test(b);
    return letterA === letterB ? a.localeCompare(b, 'zh-CN') : letterA ? -1 : 1;
  });
}

/** Objective items: the share choosing each option, stacked to 100% per question (in %). */
export function optionShareOption(items: readonly OptionShareItem[], title = '客观题选项分布'): ChartOption {
  const letters = optionLetters(items);
  return {
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    color: PALETTE,
    grid: { ...BASE_GRID, bottom: 64 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: unknown) => (typeof value === 'number' ? `${value.toFixed(2)}%` : '—'),
    },
    legend: { bottom: 0, data: letters },
    xAxis: categoryAxis(items.map((item) => (item.answer ? `${item.questionNo}（${item.answer}）` : item.questionNo))),
    yAxis: { type: 'value', name: '占比(%)', max: 100 },
    series: letters.map((letter) => ({
      type: 'bar' as const,
      name: letter,
      stack: 'options',
      data: items.map((item) => roundedPercent(item.options.find((o) => o.option === letter)?.share ?? 0)),
    })),
  };
}
