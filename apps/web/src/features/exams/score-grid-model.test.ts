import type { ExamQuestion, StudentScore } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import {
  changedScores,
  checkTyping,
  gridColumnsOf,
  moveFocus,
  type RowDraft,
  rowTotal,
  storedCellText,
  TOTAL_KEY,
} from './score-grid-model.ts';

const question = (over: Partial<ExamQuestion>): ExamQuestion => ({
  questionId: '1',
  seId: '9',
  groupId: null,
  questionNo: '1',
  sortOrder: 1,
  kind: 1,
  objectiveType: 1,
  optionCount: 4,
  answer: 'B',
  fullMark: 3,
  partialMark: null,
  knowledgePoints: [],
  ...over,
});

const questions = [
  question({ questionId: '11', questionNo: '1', sortOrder: 1 }),
  question({
    questionId: '12',
    questionNo: '2',
    sortOrder: 2,
    objectiveType: 2,
    answer: 'AC',
    fullMark: 4,
    partialMark: 2,
  }),
  question({ questionId: '13', questionNo: '3', sortOrder: 3, objectiveType: 3, optionCount: null, answer: 'T' }),
  question({
    questionId: '14',
    questionNo: '4',
    sortOrder: 4,
    kind: 2,
    objectiveType: null,
    answer: null,
    fullMark: 10,
  }),
];
const [single, multiple, judge, essay] = gridColumnsOf(questions, 20) as [
  ReturnType<typeof gridColumnsOf>[number],
  ReturnType<typeof gridColumnsOf>[number],
  ReturnType<typeof gridColumnsOf>[number],
  ReturnType<typeof gridColumnsOf>[number],
];

const student = (over: Partial<StudentScore>): StudentScore => ({
  esId: '1',
  studentId: '100',
  studentNo: '20240801',
  name: '张子涵',
  classId: '5',
  className: '八年级(1)班',
  absent: false,
  scores: {},
  choices: {},
  objectiveScore: null,
  subjectiveScore: null,
  totalScore: null,
  classRank: null,
  gradeRank: null,
  ...over,
});

describe('score grid cells', () => {
  it('orders columns by the structure, and falls back to one total column without questions', () => {
    expect(gridColumnsOf([...questions].reverse(), 20).map((c) => c.title)).toEqual(['1', '2', '3', '4']);
    expect(gridColumnsOf([], 120)).toMatchObject([{ key: TOTAL_KEY, kind: 'total', fullMark: 120 }]);
  });

  it('accepts scores within the full mark as they are typed, including an unfinished decimal', () => {
    expect(checkTyping(essay, '7')).toEqual({ ok: true, text: '7' });
    expect(checkTyping(essay, '7.')).toEqual({ ok: true, text: '7.' });
    expect(checkTyping(essay, '7.5')).toEqual({ ok: true, text: '7.5' });
    expect(checkTyping(essay, '10')).toEqual({ ok: true, text: '10' });
    expect(checkTyping(essay, '')).toEqual({ ok: true, text: '' });
  });

  it('refuses a score above the full mark, a negative one, and anything not a number, saying why', () => {
    expect(checkTyping(essay, '11')).toEqual({ ok: false, reason: '分数不能超过满分 10' });
    expect(checkTyping(essay, '-1')).toEqual({ ok: false, reason: '分数不能为负数' });
    expect(checkTyping(essay, '7a')).toEqual({ ok: false, reason: '分数只能是数字' });
    expect(checkTyping(essay, '1.255')).toEqual({ ok: false, reason: '分数最多两位小数' });
  });

  it('takes option letters in objective cells, upper-cased, and refuses letters the question does not have', () => {
    expect(checkTyping(single, 'b')).toEqual({ ok: true, text: 'B' });
    expect(checkTyping(single, 'E')).toMatchObject({ ok: false, reason: expect.stringContaining('A、B、C、D') });
    expect(checkTyping(single, 'AB')).toMatchObject({ ok: false, reason: expect.stringContaining('只能选一个') });
    expect(checkTyping(single, '3')).toMatchObject({ ok: false });
    expect(checkTyping(multiple, 'ca')).toEqual({ ok: true, text: 'CA' });
    expect(checkTyping(judge, '对')).toEqual({ ok: true, text: 'T' });
    expect(checkTyping(judge, 'C')).toMatchObject({ ok: false });
  });

  it('derives the total from the key and the typed scores, with partial credit for a multiple choice', () => {
    const cells = { '11': 'B', '12': 'A', '13': 'F', '14': '6.5' };
    // 3 (right) + 2 (少选) + 0 (wrong) + 6.5
    expect(rowTotal(gridColumnsOf(questions, 20), cells, false)).toBe(11.5);
    expect(rowTotal(gridColumnsOf(questions, 20), { '12': 'CA' }, false)).toBe(4);
    expect(rowTotal(gridColumnsOf(questions, 20), { '12': 'AB' }, false)).toBe(0);
    expect(rowTotal(gridColumnsOf(questions, 20), cells, true)).toBeNull();
    expect(rowTotal(gridColumnsOf(questions, 20), {}, false)).toBeNull();
  });

  it('shows the stored choice or score of a paper', () => {
    const paper = student({ choices: { '11': 'B' }, scores: { '11': 3, '14': 8 }, totalScore: 11 });
    expect(storedCellText(single, paper)).toBe('B');
    expect(storedCellText(essay, paper)).toBe('8');
    expect(storedCellText(judge, paper)).toBe('');
    expect(storedCellText(gridColumnsOf([], 100)[0]!, paper)).toBe('11');
  });
});

describe('score grid keyboard', () => {
  const size = { rows: 3, cols: 4 };
  it('moves down with Enter and up with Shift+Enter, staying inside the grid', () => {
    expect(moveFocus({ row: 0, col: 2 }, 'Enter', false, size)).toEqual({ row: 1, col: 2 });
    expect(moveFocus({ row: 1, col: 2 }, 'Enter', true, size)).toEqual({ row: 0, col: 2 });
    expect(moveFocus({ row: 2, col: 2 }, 'Enter', false, size)).toBeNull();
  });

  it('moves one cell with the arrows', () => {
    expect(moveFocus({ row: 1, col: 1 }, 'ArrowRight', false, size)).toEqual({ row: 1, col: 2 });
    expect(moveFocus({ row: 1, col: 1 }, 'ArrowLeft', false, size)).toEqual({ row: 1, col: 0 });
    expect(moveFocus({ row: 1, col: 1 }, 'ArrowUp', false, size)).toEqual({ row: 0, col: 1 });
    expect(moveFocus({ row: 1, col: 1 }, 'ArrowDown', false, size)).toEqual({ row: 2, col: 1 });
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowLeft', false, size)).toBeNull();
    expect(moveFocus({ row: 1, col: 3 }, 'ArrowRight', false, size)).toBeNull();
  });

  it('moves right with Tab and on to the next row, and lets the focus leave after the last cell', () => {
    expect(moveFocus({ row: 0, col: 1 }, 'Tab', false, size)).toEqual({ row: 0, col: 2 });
    expect(moveFocus({ row: 0, col: 3 }, 'Tab', false, size)).toEqual({ row: 1, col: 0 });
    expect(moveFocus({ row: 1, col: 0 }, 'Tab', true, size)).toEqual({ row: 0, col: 3 });
    expect(moveFocus({ row: 2, col: 3 }, 'Tab', false, size)).toBeNull();
    expect(moveFocus({ row: 0, col: 0 }, 'a', false, size)).toBeNull();
  });
});

describe('score grid save', () => {
  const columns = gridColumnsOf(questions, 20);
  const students = [
    student({ studentId: '100', choices: { '11': 'B' }, scores: { '11': 3, '14': 8 } }),
    student({ studentId: '101' }),
    student({ studentId: '102', absent: true }),
  ];

  it('sends only the cells whose value changed, grouped by student', () => {
    const drafts = new Map<string, RowDraft>([
      ['100', { cells: { '11': 'b', '14': '8.0', '12': 'CA' } }],
      ['101', { cells: { '14': '5' } }],
      ['102', { cells: {}, absent: true }],
    ]);
    expect(changedScores(columns, students, drafts)).toEqual([
      { studentId: '100', scores: {}, choices: { '12': 'AC' } },
      { studentId: '101', scores: { '14': 5 }, choices: {} },
    ]);
  });

  it('sends a cleared cell as null and a changed 缺考 flag', () => {
    const drafts = new Map<string, RowDraft>([
      ['100', { cells: { '14': '' } }],
      ['102', { cells: {}, absent: false }],
    ]);
    expect(changedScores(columns, students, drafts)).toEqual([
      { studentId: '100', scores: { '14': null }, choices: {} },
      { studentId: '102', absent: false, scores: {}, choices: {} },
    ]);
  });

  it('sends the total of a subject without questions', () => {
    const totalOnly = gridColumnsOf([], 100);
    const drafts = new Map<string, RowDraft>([['101', { cells: { [TOTAL_KEY]: '88' } }]]);
    expect(changedScores(totalOnly, students, drafts)).toEqual([
      { studentId: '101', scores: {}, choices: {}, totalScore: 88 },
    ]);
  });
});
