import { describe, expect, it } from 'vitest';
import { MarkingInputError } from './errors.ts';
import type { Mark, MarkStage } from './marks.ts';
import { paperState } from './paper-state.ts';
import { type MarkGroupSettings, markGroupOf } from './settings.ts';

const block: MarkGroupSettings = {
  questions: [
    { questionId: '17', fullMarks: 12 },
    { questionId: '18', fullMarks: 8 },
  ],
  step: 1,
  mode: 'double',
  tolerance: 2,
};
const group = markGroupOf(block);

let serial = 0;
function mark(markerId: string, stage: MarkStage, scores: Record<string, number>, seconds = 30): Mark {
  serial += 1;
  return { markerId, stage, sequence: serial, scores, seconds };
}

describe('paperState of a multi-question 题块', () => {
  it('waits for the first mark, saying whether the paper is double marked', () => {
    expect(paperState(group, { paperId: 'p1', marks: [] })).toMatchObject({ stage: 'needs-first', double: true });
    const single = markGroupOf({ ...block, mode: 'single' });
    expect(paperState(single, { paperId: 'p1', marks: [] })).toMatchObject({ stage: 'needs-first', double: false });
  });

  it('is final after one mark in 单评, with the total in points', () => {
    const single = markGroupOf({ ...block, mode: 'single', step: 0.5 });
    const state = paperState(single, { paperId: 'p1', marks: [mark('t1', 'first', { '17': 9.5, '18': 8 })] });
    expect(state).toMatchObject({ stage: 'final', scores: { '17': 9.5, '18': 8 }, total: 17.5 });
  });

  it('waits for the second mark in 双评', () => {
    const state = paperState(group, { paperId: 'p1', marks: [mark('t1', 'first', { '17': 9, '18': 8 })] });
    expect(state.stage).toBe('needs-second');
  });

  it('applies each question its own rule: both within T is final', () => {
    const marks = [mark('t1', 'first', { '17': 9, '18': 5 }), mark('t2', 'second', { '17': 10, '18': 6 })];
    expect(paperState(group, { paperId: 'p1', marks })).toMatchObject({
      stage: 'final',
      scores: { '17': 10, '18': 6 },
      total: 16,
    });
  });

  it('puts the whole 题块 in 三评 when one question disagrees, naming it', () => {
    const marks = [mark('t1', 'first', { '17': 9, '18': 2 }), mark('t2', 'second', { '17': 10, '18': 6 })];
    const state = paperState(group, { paperId: 'p1', marks });
    expect(state).toMatchObject({ stage: 'needs-third', questionIds: ['18'] });
    expect(state.questions[0]).toEqual({ questionId: '17', result: { kind: 'final', score: 10, via: 'double' } });
  });

  it('keeps the agreed question’s mean after 三评 and applies c only where it was needed', () => {
    const marks = [
      mark('t1', 'first', { '17': 9, '18': 2 }),
      mark('t2', 'second', { '17': 10, '18': 6 }),
      mark('lead', 'third', { '17': 0, '18': 5 }),
    ];
    expect(paperState(group, { paperId: 'p1', marks })).toMatchObject({
      stage: 'final',
      scores: { '17': 10, '18': 6 },
      total: 16,
    });
  });

  it('sends to 仲裁 only the questions whose c is far from both, and takes the decision', () => {
    const first = mark('t1', 'first', { '17': 0, '18': 2 });
    const second = mark('t2', 'second', { '17': 12, '18': 6 });
    const third = mark('t3', 'third', { '17': 6, '18': 4 });
    const waiting = paperState(group, { paperId: 'p1', marks: [first, second, third] });
    expect(waiting).toMatchObject({ stage: 'needs-arbitration', questionIds: ['17'] });
    expect(waiting.questions[1]?.result).toEqual({ kind: 'final', score: 4, via: 'third-halfway' });
    const decided = paperState(group, {
      paperId: 'p1',
      marks: [first, second, third, mark('lead', 'arbitration', { '17': 7 })],
    });
    expect(decided).toMatchObject({ stage: 'final', scores: { '17': 7, '18': 4 }, total: 11 });
  });

  it('stays in 仲裁 while the decision does not cover the question', () => {
    const marks = [
      mark('t1', 'first', { '17': 0, '18': 0 }),
      mark('t2', 'second', { '17': 12, '18': 8 }),
      mark('t3', 'third', { '17': 6, '18': 4 }),
      mark('lead', 'arbitration', { '17': 7 }),
    ];
    expect(paperState(group, { paperId: 'p1', marks })).toMatchObject({
      stage: 'needs-arbitration',
      questionIds: ['18'],
    });
  });
});

describe('paperState: marks are never edited, a newer mark supersedes', () => {
  it('uses the newest mark of each marker whatever order the marks come in', () => {
    const older = mark('t1', 'first', { '17': 2, '18': 2 });
    const second = mark('t2', 'second', { '17': 10, '18': 6 });
    const newer = mark('t1', 'first', { '17': 9, '18': 5 });
    for (const marks of [
      [older, second, newer],
      [newer, second, older],
    ]) {
      expect(paperState(group, { paperId: 'p1', marks })).toMatchObject({
        stage: 'final',
        scores: { '17': 10, '18': 6 },
      });
    }
  });

  it('leaves 三评 when a 回评 brings the first two within T (finals follow)', () => {
    const marks = [
      mark('t1', 'first', { '17': 2, '18': 5 }),
      mark('t2', 'second', { '17': 10, '18': 6 }),
      mark('t3', 'third', { '17': 9, '18': 5 }),
    ];
    expect(paperState(group, { paperId: 'p1', marks })).toMatchObject({ scores: { '17': 10 } });
    marks.push(mark('t1', 'first', { '17': 11, '18': 5 }));
    expect(paperState(group, { paperId: 'p1', marks })).toMatchObject({
      stage: 'final',
      scores: { '17': 11, '18': 6 },
    });
  });

  it('goes to 三评 when a 回评 pulls the marks apart', () => {
    const marks = [mark('t1', 'first', { '17': 9, '18': 5 }), mark('t2', 'second', { '17': 10, '18': 6 })];
    marks.push(mark('t2', 'second', { '17': 3, '18': 6 }));
    expect(paperState(group, { paperId: 'p1', marks })).toMatchObject({ stage: 'needs-third', questionIds: ['17'] });
  });
});

describe('paperState flags marks it cannot use', () => {
  const refusals: [string, () => Mark[], string][] = [
    [
      'one marker in two stages',
      () => [mark('t1', 'first', { '17': 1, '18': 1 }), mark('t1', 'second', { '17': 1, '18': 1 })],
      '阅卷教师 t1 在同一份试卷上既是一评又是二评',
    ],
    [
      'two markers in one stage',
      () => [mark('t1', 'first', { '17': 1, '18': 1 }), mark('t2', 'first', { '17': 1, '18': 1 })],
      '一评有两位阅卷教师（t1、t2）',
    ],
    [
      'two marks of one marker with the same sequence',
      () => [
        { markerId: 't1', stage: 'first', sequence: 5, scores: { '17': 1, '18': 1 }, seconds: 3 },
        { markerId: 't1', stage: 'first', sequence: 5, scores: { '17': 2, '18': 1 }, seconds: 3 },
      ],
      '阅卷教师 t1 有两条序号相同的评分记录',
    ],
    ['a question left out', () => [mark('t1', 'first', { '17': 1 })], '一评缺少第 18 题的得分'],
    ['a question not in the 题块', () => [mark('t1', 'first', { '17': 1, '18': 1, '19': 1 })], '题块中没有第 19 题'],
    [
      'a score above the question’s full marks',
      () => [mark('t1', 'first', { '17': 1, '18': 9 })],
      '第 18 题得分必须在 0 到 8 之间',
    ],
    ['a score off the step', () => [mark('t1', 'first', { '17': 1.5, '18': 1 })], '第 17 题得分必须是 1 的整数倍'],
    ['negative seconds', () => [mark('t1', 'first', { '17': 1, '18': 1 }, -1)], '评卷用时必须是不小于 0 的数字'],
    [
      'an empty 仲裁',
      () => [
        mark('t1', 'first', { '17': 0, '18': 0 }),
        mark('t2', 'second', { '17': 12, '18': 8 }),
        mark('t3', 'third', { '17': 6, '18': 4 }),
        mark('lead', 'arbitration', {}),
      ],
      '仲裁至少给出一道题的得分',
    ],
    [
      'a 三评 before the second mark',
      () => [mark('t1', 'first', { '17': 1, '18': 1 }), mark('t3', 'third', { '17': 1, '18': 1 })],
      '缺少二评时不应有三评或仲裁',
    ],
  ];
  it.each(refusals)('%s', (_name, marks, message) => {
    expect(() => paperState(group, { paperId: 'p1', marks: marks() })).toThrow(new MarkingInputError(message));
  });

  it('keeps a paper double marked once it has a second mark, though 双评比例 leaves it single', () => {
    const partial = markGroupOf({ ...block, doubleSharePercent: 0 });
    const marks = [mark('t1', 'first', { '17': 1, '18': 1 }), mark('t2', 'second', { '17': 9, '18': 1 })];
    expect(paperState(partial, { paperId: 'p1', marks: marks.slice(0, 1) })).toMatchObject({ stage: 'final' });
    expect(paperState(partial, { paperId: 'p1', marks })).toMatchObject({ stage: 'needs-third', questionIds: ['17'] });
  });

  it('refuses a second mark under 单评', () => {
    const single = markGroupOf({ ...block, mode: 'single' });
    const marks = [mark('t1', 'first', { '17': 1, '18': 1 }), mark('t2', 'second', { '17': 1, '18': 1 })];
    expect(() => paperState(single, { paperId: 'p1', marks })).toThrow(
      new MarkingInputError('单评的试卷不应有二评、三评或仲裁'),
    );
  });

  it('refuses a 三评 on a single-marked paper of a partial 双评比例', () => {
    const partial = markGroupOf({ ...block, doubleSharePercent: 0 });
    const marks = [mark('t1', 'first', { '17': 1, '18': 1 }), mark('t3', 'third', { '17': 1, '18': 1 })];
    expect(() => paperState(partial, { paperId: 'p1', marks })).toThrow('单评的试卷不应有二评、三评或仲裁');
  });
});

describe('markGroupOf', () => {
  const refusals: [string, Partial<MarkGroupSettings>, string][] = [
    ['T < 0', { tolerance: -0.5 }, '误差阈值不能小于 0'],
    ['step not 1 or 0.5', { step: 2 as 1 }, '给分步长只能是 1 或 0.5'],
    ['unknown mode', { mode: 'triple' as 'double' }, '评卷方式只能是单评或双评'],
    ['share above 100', { doubleSharePercent: 120 }, '双评比例必须是 0 到 100 之间的整数'],
    ['share not whole', { doubleSharePercent: 33.3 }, '双评比例必须是 0 到 100 之间的整数'],
    ['no questions', { questions: [] }, '题块至少包含一道题'],
    [
      'a repeated question',
      {
        questions: [
          { questionId: '1', fullMarks: 3 },
          { questionId: '1', fullMarks: 3 },
        ],
      },
      '题号 1 重复',
    ],
    ['an empty question id', { questions: [{ questionId: '', fullMarks: 3 }] }, '题号不能为空'],
    ['full marks 0', { questions: [{ questionId: '5', fullMarks: 0 }] }, '第 5 题满分必须大于 0'],
    [
      'full marks with 3 decimals',
      { questions: [{ questionId: '5', fullMarks: 2.125 }] },
      '第 5 题满分最多保留两位小数',
    ],
  ];
  it.each(refusals)('refuses %s', (_name, change, message) => {
    expect(() => markGroupOf({ ...block, ...change })).toThrow(new MarkingInputError(message));
  });

  it('holds the settings in hundredths with the defaults', () => {
    expect(markGroupOf({ ...block, tolerance: 1.5 })).toEqual({
      questions: [
        { questionId: '17', fullMarks: 1200 },
        { questionId: '18', fullMarks: 800 },
      ],
      step: 1,
      mode: 'double',
      tolerance: 150,
      doubleSharePercent: 100,
      shareSeed: '',
    });
  });
});
