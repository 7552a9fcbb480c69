import { questionBankApi } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  initialPaperFilters,
  initialQuestionFilters,
  toPaperRequest,
  toQuestionRequest,
} from './filters.ts';

describe('question filters → get_fast request', () => {
  it('starts with every filter at 全部 (spec §9 "0"), newest first, page 1 of 10', () => {
    const request = toQuestionRequest('2', { kind: 'knowledge' }, initialQuestionFilters());
    expect(request).toEqual({
      courseId: '2',
      knowledgePointId: '0',
      tbCatalogNodesId: '0',
      questionTypeId: '0',
      diffGradeId: '0',
      paperTypeId: '0',
      year: '0',
      areaId: '0',
      gradeId: '0',
      orderId: 1,
      currentPage: 1,
      pageSize: 10,
    });
    // The server reads '0' as "any".
    const parsed = questionBankApi.getFast.params.parse(request);
    expect(parsed.questionTypeId).toBeUndefined();
    expect(parsed.diffGradeId).toBeUndefined();
    expect(parsed.year).toBeUndefined();
    expect(parsed.knowledgePointId).toBeUndefined();
  });

  it('sends the chosen node as the field of its tree', () => {
    const filters = initialQuestionFilters();
    expect(toQuestionRequest('2', { kind: 'knowledge', nodeId: '17' }, filters)).toMatchObject({
      knowledgePointId: '17',
      tbCatalogNodesId: '0',
    });
    expect(toQuestionRequest('2', { kind: 'chapter', nodeId: '40' }, filters)).toMatchObject({
      knowledgePointId: '0',
      tbCatalogNodesId: '40',
    });
  });

  it('passes the chosen filters and a trimmed keyword, and leaves an empty keyword out', () => {
    const filters = {
      ...initialQuestionFilters(),
      questionTypeId: '3',
      diffGradeId: '2',
      year: '2024',
      keyword: ' 方程 ',
    };
    const request = toQuestionRequest('2', { kind: 'knowledge' }, filters);
    expect(request).toMatchObject({ questionTypeId: '3', diffGradeId: '2', year: '2024', keyword: '方程' });
    const parsed = questionBankApi.getFast.params.parse(request);
    expect(parsed).toMatchObject({ questionTypeId: '3', diffGradeId: 2, year: 2024, keyword: '方程' });
    expect('keyword' in toQuestionRequest('2', { kind: 'knowledge' }, { ...filters, keyword: '  ' })).toBe(false);
  });

  it('goes back to page 1 on any change but the page', () => {
    const onPage3 = { ...initialQuestionFilters(), currentPage: 3 };
    expect(changeFilters(onPage3, { diffGradeId: '4' }).currentPage).toBe(1);
    expect(changeFilters(onPage3, { orderId: 2 }).currentPage).toBe(1);
    expect(changeFilters(onPage3, { currentPage: 4 }).currentPage).toBe(4);
  });
});

describe('paper filters → papers/get request', () => {
  it('maps the paperTopic fields with the table paging (50 a page)', () => {
    const request = toPaperRequest('2', initialPaperFilters(), { keyword: '', currentPage: 1, pageSize: 50 });
    expect(request).toEqual({
      courseId: '2',
      gradeId: '0',
      paperType: '0',
      year: '0',
      areaId: '0',
      orderId: 1,
      currentPage: 1,
      pageSize: 50,
    });
    const parsed = questionBankApi.getPapers.params.parse(
      toPaperRequest(
        '2',
        { ...initialPaperFilters(), paperType: '5', orderId: 2 },
        {
          keyword: '期末',
          currentPage: 2,
          pageSize: 50,
        },
      ),
    );
    expect(parsed).toMatchObject({ paperType: '5', gradeId: undefined, keyword: '期末', orderId: 2, currentPage: 2 });
  });
});
