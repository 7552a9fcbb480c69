import type { Question } from '@huikao/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editorReducer } from './editor-actions.ts';
import type { EditorPaper } from './editor-model.ts';
import { PaperPreview } from './paper-preview.tsx';

const question = (quesId: string, typeName: string, options: string[] | null): Question =>
  ({
    quesId,
    questionTypeId: typeName,
    questionTypeName: typeName,
    stem: `题干${quesId} $x^2$`,
    options,
    answer: `答案${quesId}`,
    explanation: `解析${quesId}`,
  }) as Question;

const paper: EditorPaper = {
  title: '期中测试',
  subtitle: '（满分100分）',
  notes: '请认真作答',
  courseId: '2',
  layout: { paperSize: 'A4', columns: 1, studentInfo: true, sealLine: true },
  sections: [
    {
      key: 's1',
      title: '选择题',
      questionTypeId: '1',
      questions: ['a', 'b'].map((id) => ({
        quesId: id,
        question: question(id, '单选题', ['1', '2', '3', '4']),
        score: 4,
        answerHeightMm: 0,
        edited: null,
      })),
    },
    {
      key: 's2',
      title: '解答题',
      questionTypeId: '3',
      questions: [
        { quesId: 'c', question: question('c', '解答题', null), score: 12, answerHeightMm: 55, edited: null },
      ],
    },
  ],
};

describe('PaperPreview', () => {
  it('prints what the Word export prints: headings with scores, numbers across sections, answer space', () => {
    const { container, getByRole } = render(<PaperPreview paper={paper} />);
    const text = container.textContent ?? '';
    expect(text).toContain('期中测试');
    expect(text).toContain('（本试卷共3题，满分20分）');
    expect(text).toContain('学校：');
    expect(text).toContain('一、选择题（本题共2小题，每小题4分，共8分）');
    expect(text).toContain('二、解答题（本题共1小题，每小题12分，共12分）');
    expect(text).toMatch(/3\.\s*（12分）题干c/);
    expect(container.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(3);
    expect(getByRole('complementary', { name: '密封线' }).textContent).toContain('密');
    expect(container.querySelector('[aria-hidden][style*="55mm"]')).not.toBeNull();
    expect(text).not.toContain('【答案】');
    expect(container.querySelector('style')?.textContent).toContain('size: A4 portrait');
  });

  it('shows answers in the teacher view, and A3 prints landscape in two columns', () => {
    const a3 = editorReducer(paper, { type: 'setLayout', layout: { paperSize: 'A3', sealLine: false } });
    const { container } = render(<PaperPreview paper={a3} withAnswers />);
    expect(container.textContent).toContain('【答案】答案c');
    expect(container.querySelector('style')?.textContent).toContain('size: A3 landscape');
    expect(container.querySelector('[style*="column-count: 2"]')).not.toBeNull();
    expect(container.querySelector('.qb-seal-line')).toBeNull();
  });
});
