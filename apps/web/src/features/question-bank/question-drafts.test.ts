import type { ImportedQuestion } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { changeDraft, draftOf, draftsToSave } from './question-drafts.ts';

const imported = (fields: Partial<ImportedQuestion> = {}): ImportedQuestion => ({
  no: 1,
  rowNo: 3,
  section: null,
  questionTypeId: '7',
  questionTypeName: '单选题',
  difficulty: 2,
  stem: '$1+1=$',
  options: ['1', '2'],
  answer: 'B',
  explanation: '',
  knowledgePoints: [{ id: '11', name: '加法' }],
  chapters: [],
  year: 2024,
  gradeId: '7',
  score: 3,
  notes: [],
  errors: [],
  ...fields,
});

describe('import drafts', () => {
  it('starts a question with problems left out, and clears its problems once corrected', () => {
    const draft = draftOf(imported({ no: 2, questionTypeId: null, errors: ['题型“连线题”不是本学科的题型'] }));
    expect(draft.include).toBe(false);
    const ticked = changeDraft(draft, { include: true });
    expect(ticked.errors).toEqual(['题型“连线题”不是本学科的题型']);
    expect(draftsToSave([ticked])).toEqual({ inputs: null, problem: '第 2 题：题型“连线题”不是本学科的题型' });
    const typed = changeDraft(ticked, { questionTypeId: '7' });
    expect(typed.errors).toEqual([]);
    expect(draftsToSave([typed]).problem).toBeNull();
  });

  it('sends the ticked questions as the server’s input, checked with its schema', () => {
    const good = draftOf(imported());
    const empty = changeDraft(draftOf(imported({ no: 3 })), { stem: '  ' });
    const left = changeDraft(draftOf(imported({ no: 4 })), { include: false });
    expect(draftsToSave([good, empty]).problem).toBe('第 3 题：题干不能为空');
    const saved = draftsToSave([good, left]);
    expect(saved.inputs).toEqual([
      {
        questionTypeId: '7',
        difficulty: 2,
        stem: '$1+1=$',
        options: ['1', '2'],
        answer: 'B',
        explanation: '',
        knowledgePointIds: ['11'],
        chapterIds: [],
        year: 2024,
        gradeId: '7',
        score: 3,
      },
    ]);
    expect(draftsToSave([left]).problem).toBe('没有要导入的试题：请勾选要导入的试题');
  });
});
