import type { ReadScopeView, SingleExam } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { readableSubjects, readsClass, readsTotal } from './score-reading.ts';

const subject = (seId: string, courseId: string, courseName: string) =>
  ({ seId, courseId, courseName }) as unknown as SingleExam;
const SUBJECTS = [subject('11', '1', '语文'), subject('12', '2', '数学')];
const scope = (subjectsByClass: Record<string, string[]>, wholeGrade = false): ReadScopeView => ({
  wholeGrade,
  classIds: Object.keys(subjectsByClass),
  subjectsByClass,
  headClassIds: [],
});

describe('score reading', () => {
  it('a 数学 teacher of classes 81 and 82 is offered 数学 in those classes only, and no totals', () => {
    const math = scope({ '81': ['2'], '82': ['2'] });
    expect(readableSubjects(math, SUBJECTS).map((s) => s.courseName)).toEqual(['数学']);
    expect(readsClass(math, '81', '2')).toBe(true);
    expect(readsClass(math, '83', '2')).toBe(false);
    expect(readsClass(math, '81', '1')).toBe(false);
    expect(readsTotal(math)).toBe(false);
  });

  it('a 班主任 reads every course and the total of their class', () => {
    const head = scope({ '82': ['0', '1', '2'] });
    expect(readableSubjects(head, SUBJECTS).map((s) => s.courseName)).toEqual(['语文', '数学']);
    expect(readsClass(head, '82', '1')).toBe(true);
    expect(readsClass(head, '81', '1')).toBe(false);
    expect(readsTotal(head)).toBe(true);
  });

  it('the whole grade, or an answer without a scope, offers everything', () => {
    for (const whole of [scope({}, true), undefined]) {
      expect(readableSubjects(whole, SUBJECTS)).toHaveLength(2);
      expect(readsClass(whole, '83', '1')).toBe(true);
      expect(readsTotal(whole)).toBe(true);
    }
  });

  it('a reader with nothing in the exam is offered nothing', () => {
    expect(readableSubjects(scope({}), SUBJECTS)).toEqual([]);
    expect(readsTotal(scope({}))).toBe(false);
  });
});
