import { describe, expect, it } from 'vitest';
import { MarkingInputError } from './errors.ts';
import { finalScore, type QuestionResult, type QuestionSettings } from './paper-state.ts';

type Scores = Parameters<typeof finalScore>[1];
const whole: QuestionSettings = { fullMarks: 10, step: 1, tolerance: 2 };
const halves: QuestionSettings = { fullMarks: 10, step: 0.5, tolerance: 2 };

// Every branch of marking.md "Modes and the final score", one row each.
const rows: [string, QuestionSettings, Scores, QuestionResult][] = [
  ['单评: nothing yet', { ...whole, double: false }, {}, { kind: 'needs-first' }],
  ['单评: the mark is final', { ...whole, double: false }, { first: 7 }, { kind: 'final', score: 7, via: 'single' }],
  [
    '单评: full marks off the step stay',
    { fullMarks: 7.5, step: 1, tolerance: 1, double: false },
    { first: 7.5 },
    { kind: 'final', score: 7.5, via: 'single' },
  ],
  ['双评: nothing yet', whole, {}, { kind: 'needs-first' }],
  ['双评: one mark waits for the second', whole, { first: 4 }, { kind: 'needs-second', first: 4 }],
  ['双评: within T, mean', whole, { first: 6, second: 8 }, { kind: 'final', score: 7, via: 'double' }],
  ['双评: equal marks', whole, { first: 5, second: 5 }, { kind: 'final', score: 5, via: 'double' }],
  ['双评: |a − b| = T is within', whole, { first: 3, second: 5 }, { kind: 'final', score: 4, via: 'double' }],
  [
    '双评: mean 6.5 rounds half up to 7 on step 1',
    whole,
    { first: 6, second: 7 },
    { kind: 'final', score: 7, via: 'double' },
  ],
  ['双评: mean 6.5 stays on step 0.5', halves, { first: 6, second: 7 }, { kind: 'final', score: 6.5, via: 'double' }],
  [
    '双评: mean 6.75 rounds half up to 7 on step 0.5',
    halves,
    { first: 6.5, second: 7 },
    { kind: 'final', score: 7, via: 'double' },
  ],
  [
    '双评: mean 6.25 rounds half up to 6.5 on step 0.5',
    halves,
    { first: 6, second: 6.5 },
    { kind: 'final', score: 6.5, via: 'double' },
  ],
  [
    '双评: mean 0.25 rounds to 0.5, not down',
    halves,
    { first: 0, second: 0.5 },
    { kind: 'final', score: 0.5, via: 'double' },
  ],
  [
    '双评: T = 0 and equal',
    { ...whole, tolerance: 0 },
    { first: 5, second: 5 },
    { kind: 'final', score: 5, via: 'double' },
  ],
  [
    '双评: T = 0 and one apart goes to 三评',
    { ...whole, tolerance: 0 },
    { first: 5, second: 6 },
    { kind: 'needs-third', first: 5, second: 6 },
  ],
  ['双评: T + step apart goes to 三评', whole, { first: 3, second: 6 }, { kind: 'needs-third', first: 3, second: 6 }],
  [
    '双评: T + 0.5 apart on step 0.5 goes to 三评',
    halves,
    { first: 3, second: 5.5 },
    { kind: 'needs-third', first: 3, second: 5.5 },
  ],
  [
    '双评: fractional T',
    { ...halves, tolerance: 1.5 },
    { first: 3, second: 4.5 },
    { kind: 'final', score: 4, via: 'double' },
  ],
  [
    '双评: just beyond fractional T',
    { ...halves, tolerance: 1.5 },
    { first: 3, second: 5 },
    { kind: 'needs-third', first: 3, second: 5 },
  ],
  [
    '三评: near b only, mean of c and b (7.5 → 8)',
    whole,
    { first: 2, second: 8, third: 7 },
    { kind: 'final', score: 8, via: 'third' },
  ],
  [
    '三评: near b only on step 0.5',
    halves,
    { first: 2, second: 8, third: 7 },
    { kind: 'final', score: 7.5, via: 'third' },
  ],
  [
    '三评: near a only, mean of c and a',
    whole,
    { first: 2, second: 8, third: 3 },
    { kind: 'final', score: 3, via: 'third' },
  ],
  [
    '三评: within T of both, a closer',
    whole,
    { first: 4, second: 7, third: 5 },
    { kind: 'final', score: 5, via: 'third' },
  ],
  [
    '三评: within T of both, b closer',
    halves,
    { first: 4, second: 7, third: 6 },
    { kind: 'final', score: 6.5, via: 'third' },
  ],
  ['三评: c equal to a', whole, { first: 2, second: 8, third: 2 }, { kind: 'final', score: 2, via: 'third' }],
  [
    '三评: halfway and near both, final = c',
    whole,
    { first: 3, second: 7, third: 5 },
    { kind: 'final', score: 5, via: 'third-halfway' },
  ],
  [
    '三评: halfway on a half point, final = c',
    halves,
    { first: 3, second: 6, third: 4.5 },
    { kind: 'final', score: 4.5, via: 'third-halfway' },
  ],
  [
    '三评: |c − b| = T exactly is near',
    whole,
    { first: 0, second: 8, third: 6 },
    { kind: 'final', score: 7, via: 'third' },
  ],
  [
    '仲裁: far from both',
    whole,
    { first: 0, second: 10, third: 3 },
    { kind: 'needs-arbitration', first: 0, second: 10, third: 3 },
  ],
  [
    '仲裁: halfway but far from both',
    whole,
    { first: 0, second: 10, third: 5 },
    { kind: 'needs-arbitration', first: 0, second: 10, third: 5 },
  ],
  [
    '仲裁: c just beyond T of both',
    whole,
    { first: 0, second: 9, third: 3 },
    { kind: 'needs-arbitration', first: 0, second: 9, third: 3 },
  ],
  [
    '仲裁: the decision is final',
    whole,
    { first: 0, second: 10, third: 3, arbitration: 6 },
    { kind: 'final', score: 6, via: 'arbitration' },
  ],
  [
    '仲裁: a zero decision is final',
    whole,
    { first: 0, second: 10, third: 3, arbitration: 0 },
    { kind: 'final', score: 0, via: 'arbitration' },
  ],
  [
    'clamp: full marks 7.5 on step 1, mean 7.5 rounds to 8 but stays 7.5',
    { fullMarks: 7.5, step: 1, tolerance: 1 },
    { first: 7.5, second: 7.5 },
    { kind: 'final', score: 7.5, via: 'double' },
  ],
  [
    'clamp: full marks 7.5 on step 1, mean 7.25 → 7',
    { fullMarks: 7.5, step: 1, tolerance: 1 },
    { first: 7, second: 7.5 },
    { kind: 'final', score: 7, via: 'double' },
  ],
  [
    'clamp: 三评 mean at full marks 7.5',
    { fullMarks: 7.5, step: 1, tolerance: 1 },
    { first: 4, second: 7.5, third: 7.5 },
    { kind: 'final', score: 7.5, via: 'third' },
  ],
  [
    'a later stage is ignored when the earlier agree',
    whole,
    { first: 6, second: 7, third: 1, arbitration: 0 },
    { kind: 'final', score: 7, via: 'double' },
  ],
  [
    '仲裁 is ignored when 三评 settles it',
    whole,
    { first: 2, second: 8, third: 7, arbitration: 0 },
    { kind: 'final', score: 8, via: 'third' },
  ],
];

describe('finalScore (marking.md "Modes and the final score")', () => {
  it.each(rows)('%s', (_name, settings, scores, expected) => {
    expect(finalScore(settings, scores)).toEqual(expected);
  });
});

describe('finalScore refuses what it cannot decide', () => {
  const refusals: [string, QuestionSettings, Scores, string][] = [
    ['T < 0', { ...whole, tolerance: -1 }, { first: 1 }, '误差阈值不能小于 0'],
    ['T with 3 decimals', { ...whole, tolerance: 0.125 }, { first: 1 }, '误差阈值最多保留两位小数'],
    ['step 2', { ...whole, step: 2 as 1 }, { first: 1 }, '给分步长只能是 1 或 0.5'],
    ['step 0.25', { ...whole, step: 0.25 as 0.5 }, { first: 1 }, '给分步长只能是 1 或 0.5'],
    ['full marks 0', { ...whole, fullMarks: 0 }, { first: 0 }, '满分必须大于 0'],
    ['full marks negative', { ...whole, fullMarks: -5 }, {}, '满分必须大于 0'],
    ['full marks not a number', { ...whole, fullMarks: Number.NaN }, {}, '满分必须是数字'],
    ['score off the step', whole, { first: 6.5 }, '一评得分必须是 1 的整数倍'],
    ['score off the half step', halves, { first: 6, second: 6.3 }, '二评得分必须是 0.5 的整数倍'],
    ['score above full marks', whole, { first: 11 }, '一评得分必须在 0 到 10 之间'],
    ['score below 0', whole, { first: 4, second: 5, third: -1 }, '三评得分必须在 0 到 10 之间'],
    ['score with 3 decimals', halves, { first: 1.005 }, '一评得分最多保留两位小数'],
    ['score infinite', whole, { first: Number.POSITIVE_INFINITY }, '一评得分必须是数字'],
    ['仲裁 off the step', whole, { first: 0, second: 10, third: 3, arbitration: 5.5 }, '仲裁得分必须是 1 的整数倍'],
    [
      'a second mark on a 单评 paper',
      { ...whole, double: false },
      { first: 1, second: 2 },
      '单评的试卷不应有二评、三评或仲裁',
    ],
    ['a second mark without a first', whole, { second: 2 }, '缺少一评时不应有后续评分'],
    ['a third mark without a second', whole, { first: 2, third: 2 }, '缺少二评时不应有三评或仲裁'],
    ['仲裁 without 三评', whole, { first: 0, second: 10, arbitration: 5 }, '缺少三评时不应有仲裁'],
  ];
  it.each(refusals)('%s', (_name, settings, scores, message) => {
    expect(() => finalScore(settings, scores)).toThrow(new MarkingInputError(message));
  });
});
