import { chineseNumeral, type Question, sectionHeading, type UserPaperDetail } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { exportPaperOf } from './export-paper.ts';

describe('section headings', () => {
  it('count in Chinese numerals', () => {
    expect([1, 2, 10, 11, 20, 23, 30].map(chineseNumeral)).toEqual([
      '一',
      '二',
      '十',
      '十一',
      '二十',
      '二十三',
      '三十',
    ]);
  });

  it('say each question’s score when all are equal, else only the total', () => {
    expect(sectionHeading(0, '选择题', [4, 4, 4, 4, 4])).toBe('一、选择题（本题共5小题，每小题4分，共20分）');
    expect(sectionHeading(2, '三、解答题', [10, 12.5])).toBe('三、解答题（本题共2小题，共22.5分）');
    expect(sectionHeading(1, '2. 填空题', [0.1, 0.2])).toBe('二、填空题（本题共2小题，共0.3分）');
  });
});

const question = (quesId: string, fields: Partial<Question> = {}) =>
  ({
    quesId,
    questionTypeName: '解答题',
    stem: `题${quesId}`,
    options: null,
    answer: `答${quesId}`,
    explanation: '',
    ...fields,
  }) as Question;

describe('exportPaperOf', () => {
  it('numbers across sections, prefers the edited copy and leaves out questions gone from the bank', () => {
    const detail = {
      paper: {
        title: '测验',
        subtitle: '',
        notes: '',
        layout: { paperSize: 'A4', columns: 1, studentInfo: true, sealLine: false },
        sections: [
          {
            title: '选择题',
            questionTypeId: '1',
            totalScore: 9,
            questions: [
              { quesId: '1', score: 3, answerHeightMm: null, edited: null },
              { quesId: 'gone', score: 3, answerHeightMm: null, edited: null },
              { quesId: '2', score: 3, answerHeightMm: null, edited: { options: ['甲', '乙'] } },
            ],
          },
          {
            title: '解答题',
            questionTypeId: '2',
            totalScore: 10,
            questions: [
              { quesId: '3', score: 10, answerHeightMm: 50, edited: { stem: '改过的题干', answer: '改过的答案' } },
            ],
          },
        ],
        questionCount: 4,
        totalScore: 19,
      },
      questions: [question('1', { options: ['A1', 'B1'] }), question('2', { options: ['x', 'y'] }), question('3')],
    } as unknown as UserPaperDetail;
    const paper = exportPaperOf(detail);
    expect(paper.questionCount).toBe(3);
    expect(paper.totalScore).toBe(16);
    expect(paper.sections.map((s) => s.heading)).toEqual([
      '一、选择题（本题共2小题，每小题3分，共6分）',
      '二、解答题（本题共1小题，每小题10分，共10分）',
    ]);
    expect(paper.sections[0]!.questions.map((q) => [q.number, q.options])).toEqual([
      [1, ['A1', 'B1']],
      [2, ['甲', '乙']],
    ]);
    expect(paper.sections[1]!.questions[0]).toMatchObject({
      number: 3,
      stem: '改过的题干',
      answer: '改过的答案',
      answerHeightMm: 50,
    });
  });
});
