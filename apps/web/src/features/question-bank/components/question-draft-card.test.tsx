import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftOf } from '../question-drafts.ts';
import { QuestionDraftCard } from './question-draft-card.tsx';

const draft = draftOf({
  no: 3,
  rowNo: null,
  section: '选择题（每小题3分）',
  questionTypeId: '7',
  questionTypeName: '单选题',
  difficulty: 3,
  stem: '$x^2=4$ 的解是',
  options: ['2', '-2', '±2'],
  answer: 'E',
  explanation: '',
  knowledgePoints: [],
  chapters: [],
  year: null,
  gradeId: null,
  score: 3,
  notes: ['含 1 张图片，已略去'],
  errors: ['答案“E”没有对应的选项'],
});

afterEach(cleanup);

describe('QuestionDraftCard', () => {
  it('shows what the importer found, the rendered formula, and starts a question with problems left out', () => {
    const { container } = render(
      <QuestionDraftCard draft={draft} types={[{ id: '7', name: '单选题' }]} knowledgeTree={[]} onChange={() => {}} />,
    );
    expect(screen.getByText('答案“E”没有对应的选项')).toBeTruthy();
    expect(screen.getByText('含 1 张图片，已略去')).toBeTruthy();
    expect(screen.getByText('选择题（每小题3分）')).toBeTruthy();
    expect(container.querySelector('.katex')).not.toBeNull();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('reports each correction: an option, a removed option, a new one, the answer', () => {
    const onChange = vi.fn();
    render(<QuestionDraftCard draft={draft} types={[]} knowledgeTree={[]} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('选项C'), { target: { value: '2 或 -2' } });
    expect(onChange).toHaveBeenLastCalledWith({ options: ['2', '-2', '2 或 -2'] });
    fireEvent.click(screen.getByLabelText('删除选项A'));
    expect(onChange).toHaveBeenLastCalledWith({ options: ['-2', '±2'] });
    fireEvent.click(screen.getByText('添加选项'));
    expect(onChange).toHaveBeenLastCalledWith({ options: ['2', '-2', '±2', ''] });
    fireEvent.change(screen.getByLabelText('答案'), { target: { value: 'C' } });
    expect(onChange).toHaveBeenLastCalledWith({ answer: 'C' });
  });
});
