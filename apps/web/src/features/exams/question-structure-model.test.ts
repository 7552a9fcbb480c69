import { describe, expect, it } from 'vitest';
import {
  type QuestionDraft,
  questionProblems,
  quickAddQuestions,
  structureFromServer,
  structureFullMark,
  structureSaveParams,
} from './question-structure-model.ts';

describe('question structure editor', () => {
  it('quick-adds n questions numbered on from the last one', () => {
    const first = quickAddQuestions([], { count: 2, type: 1, fullMark: 3, groupKey: 'g1' });
    expect(first.map((q) => [q.questionNo, q.kind, q.objectiveType, q.optionCount, q.fullMark])).toEqual([
      ['1', 1, 1, 4, 3],
      ['2', 1, 1, 4, 3],
    ]);
    const more = quickAddQuestions(first, { count: 1, type: 'subjective', fullMark: 10, groupKey: null });
    expect(more).toMatchObject([{ questionNo: '3', kind: 2, objectiveType: null, optionCount: null }]);
    expect(structureFullMark([...first, ...more])).toBe(16);
  });

  it('names what is wrong with a question', () => {
    const [a, b] = quickAddQuestions([], { count: 2, type: 1, fullMark: 3, groupKey: null }) as [
      QuestionDraft,
      QuestionDraft,
    ];
    expect(questionProblems(a, [a, b])).toEqual([]);
    b.questionNo = '1';
    expect(questionProblems(b, [a, b])).toContain('题号 1 重复');
    a.answer = 'E';
    expect(questionProblems(a, [a])[0]).toMatch(/^答案/);
    a.answer = 'AB';
    expect(questionProblems(a, [a])[0]).toMatch(/只能选一个/);
    const [multi] = quickAddQuestions([], { count: 1, type: 2, fullMark: 4, partialMark: 4, groupKey: null });
    expect(questionProblems(multi!, [multi!])).toEqual(['少选得分应小于满分']);
  });

  it('sends the structure in canonical form, keeping existing ids and group keys', () => {
    const draft = structureFromServer(
      [{ groupId: '7', seId: '1', name: '选择题', sortOrder: 1 }],
      [
        {
          questionId: '21',
          seId: '1',
          groupId: '7',
          questionNo: '1',
          sortOrder: 1,
          kind: 1,
          objectiveType: 2,
          optionCount: 4,
          answer: 'AC',
          fullMark: 4,
          partialMark: 2,
          knowledgePoints: ['函数'],
        },
      ],
    );
    draft.questions[0]!.answer = 'ca';
    draft.questions.push(
      ...quickAddQuestions(draft.questions, { count: 1, type: 'subjective', fullMark: 10, groupKey: 'gone' }),
    );
    expect(structureSaveParams(draft)).toEqual({
      groups: [{ key: '7', name: '选择题' }],
      questions: [
        {
          questionId: '21',
          groupKey: '7',
          questionNo: '1',
          kind: 1,
          objectiveType: 2,
          optionCount: 4,
          answer: 'AC',
          fullMark: 4,
          partialMark: 2,
          knowledgePoints: ['函数'],
        },
        {
          questionNo: '2',
          kind: 2,
          objectiveType: null,
          optionCount: null,
          answer: null,
          fullMark: 10,
          partialMark: null,
          knowledgePoints: [],
        },
      ],
    });
  });
});
