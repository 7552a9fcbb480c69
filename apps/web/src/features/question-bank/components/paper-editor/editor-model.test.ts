import type { Basket, Question } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { editorReducer, normaliseEdit } from './editor-actions.ts';
import {
  type EditorPaper,
  numbering,
  paperFromBasket,
  paperTotal,
  sectionTotal,
  shownQuestion,
  toPaperInput,
} from './editor-model.ts';

const question = (quesId: string, type: [string, string], fields: Partial<Question> = {}): Question =>
  ({
    quesId,
    courseId: '2',
    questionTypeId: type[0],
    questionTypeName: type[1],
    stem: `题干${quesId}`,
    options: type[1] === '单选题' ? ['1', '2', '3', '4'] : null,
    answer: `答案${quesId}`,
    explanation: `解析${quesId}`,
    ...fields,
  }) as Question;

const SINGLE: [string, string] = ['1', '单选题'];
const ANSWER: [string, string] = ['3', '解答题'];
const bank = [question('a', SINGLE), question('b', SINGLE), question('c', ANSWER), question('d', ANSWER)];
const basket: Basket = {
  courseId: '2',
  total: 4,
  max: 50,
  groups: [
    { questionTypeId: '1', name: '单选题', quesIds: ['a', 'b'], count: 2 },
    { questionTypeId: '3', name: '解答题', quesIds: ['c', 'd', 'gone'], count: 3 },
  ],
};

const start = (): EditorPaper => paperFromBasket(basket, bank, '数学');
const ids = (paper: EditorPaper) => paper.sections.map((s) => s.questions.map((q) => q.quesId));

describe('a paper from the basket', () => {
  it('has one section per question type with the default scores and answer space', () => {
    const paper = start();
    expect(paper.title).toBe('数学组卷');
    expect(paper.sections.map((s) => s.title)).toEqual(['单选题', '解答题']);
    expect(ids(paper)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(paper.sections[0]!.questions.map((q) => [q.score, q.answerHeightMm])).toEqual([
      [3, 0],
      [3, 0],
    ]);
    expect(paper.sections[1]!.questions.map((q) => [q.score, q.answerHeightMm])).toEqual([
      [10, 40],
      [10, 40],
    ]);
    expect(paperTotal(paper)).toBe(26);
    expect([...numbering(paper).entries()]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
  });
});

describe('editorReducer', () => {
  it('keeps the totals right as scores change, one by one or for a whole section', () => {
    let paper = editorReducer(start(), { type: 'setScore', quesId: 'a', score: 4.5 });
    expect(sectionTotal(paper.sections[0]!)).toBe(7.5);
    expect(paperTotal(paper)).toBe(27.5);
    paper = editorReducer(paper, { type: 'setSectionScores', key: paper.sections[1]!.key, score: 12.25 });
    expect(sectionTotal(paper.sections[1]!)).toBe(24.5);
    expect(paperTotal(paper)).toBe(32);
    paper = editorReducer(paper, { type: 'setScore', quesId: 'b', score: 0.1 });
    paper = editorReducer(paper, { type: 'setScore', quesId: 'a', score: 0.2 });
    expect(sectionTotal(paper.sections[0]!)).toBe(0.3);
  });

  it('moves questions within a section, between sections, and sections themselves', () => {
    let paper = start();
    const [first, second] = paper.sections.map((s) => s.key) as [string, string];
    paper = editorReducer(paper, { type: 'moveQuestion', quesId: 'b', toSection: first, toIndex: 0 });
    expect(ids(paper)).toEqual([
      ['b', 'a'],
      ['c', 'd'],
    ]);
    paper = editorReducer(paper, { type: 'moveQuestion', quesId: 'a', toSection: second, toIndex: 1 });
    expect(ids(paper)).toEqual([['b'], ['c', 'a', 'd']]);
    paper = editorReducer(paper, { type: 'moveSection', key: second, toIndex: 0 });
    expect(ids(paper)).toEqual([['c', 'a', 'd'], ['b']]);
    expect(numbering(paper).get('b')).toBe(4);
    // Moving keeps the question's score and edits.
    expect(paper.sections[0]!.questions[1]!.score).toBe(3);
  });

  it('removes questions and sections, and leaves empty sections out of the saved paper', () => {
    let paper = start();
    paper = editorReducer(paper, { type: 'removeQuestion', quesId: 'a' });
    paper = editorReducer(paper, { type: 'removeQuestion', quesId: 'b' });
    expect(ids(paper)).toEqual([[], ['c', 'd']]);
    expect(toPaperInput(paper).sections.map((s) => s.title)).toEqual(['解答题']);
    paper = editorReducer(paper, { type: 'removeSection', key: paper.sections[1]!.key });
    expect(paper.sections).toHaveLength(1);
  });

  it('switches A3 to two columns and A4 back to one', () => {
    let paper = editorReducer(start(), { type: 'setLayout', layout: { paperSize: 'A3' } });
    expect(paper.layout).toMatchObject({ paperSize: 'A3', columns: 2 });
    paper = editorReducer(paper, { type: 'setLayout', layout: { sealLine: true } });
    paper = editorReducer(paper, { type: 'setLayout', layout: { paperSize: 'A4' } });
    expect(paper.layout).toEqual({ paperSize: 'A4', columns: 1, studentInfo: true, sealLine: true });
  });

  it('keeps an edited copy of a question without touching the bank, and only what differs', () => {
    let paper = editorReducer(start(), {
      type: 'editQuestion',
      quesId: 'a',
      edited: { stem: '新题干 $x^2$', options: ['1', '2', '3', '4'], answer: '答案a', explanation: '解析a' },
    });
    const entry = paper.sections[0]!.questions[0]!;
    expect(entry.edited).toEqual({ stem: '新题干 $x^2$' });
    expect(entry.question.stem).toBe('题干a');
    expect(shownQuestion(entry)).toMatchObject({
      stem: '新题干 $x^2$',
      options: ['1', '2', '3', '4'],
      answer: '答案a',
    });
    paper = editorReducer(paper, { type: 'editQuestion', quesId: 'a', edited: { stem: '题干a' } });
    expect(paper.sections[0]!.questions[0]!.edited).toBeNull();
  });

  it('saves what the contract takes: scores, heights and edits per question', () => {
    let paper = editorReducer(start(), { type: 'setAnswerHeight', quesId: 'c', heightMm: 60 });
    paper = editorReducer(paper, { type: 'setText', field: 'title', value: '  期中测试 ' });
    const input = toPaperInput(paper);
    expect(input.title).toBe('期中测试');
    expect(input.sections[1]!.questions[0]).toEqual({ quesId: 'c', score: 10, answerHeightMm: 60, edited: undefined });
    expect(input.sections[0]!.questionTypeId).toBe('1');
  });
});

describe('normaliseEdit', () => {
  it('treats the bank’s empty options as no options', () => {
    expect(normaliseEdit(question('c', ANSWER), { options: [] })).toBeNull();
    expect(normaliseEdit(question('c', ANSWER), { options: ['是', '否'] })).toEqual({ options: ['是', '否'] });
  });
});
