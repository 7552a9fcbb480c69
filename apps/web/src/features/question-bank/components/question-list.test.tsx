import type { QuestionPage } from '@huikao/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialQuestionFilters } from '../filters.ts';
import { QuestionList } from './question-list.tsx';

const page = (total: number, totalCapped: boolean): QuestionPage => ({
  list: [],
  total,
  totalCapped,
  currentPage: 1,
  pageSize: 10,
});

const renderList = (questions: QuestionPage) =>
  render(
    <QuestionList
      page={questions}
      loading={false}
      filters={initialQuestionFilters()}
      onChange={() => {}}
      onSimilar={() => {}}
    />,
  );

afterEach(cleanup);

describe('QuestionList total', () => {
  it('reads 1000+ when the server stopped counting at its cap', () => {
    renderList(page(1000, true));
    expect(screen.getByText('1000+')).toBeTruthy();
    expect(screen.getByText('共 1000+ 条')).toBeTruthy();
  });

  it('reads the exact count otherwise', () => {
    renderList(page(325, false));
    expect(screen.getByText('325')).toBeTruthy();
    expect(screen.queryByText('325+')).toBeNull();
  });
});
