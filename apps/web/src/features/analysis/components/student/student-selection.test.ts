import type { StudentExam } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { readStudentUrl, resolveStudentSelection, studentReportLink, writeStudentUrl } from './student-selection.ts';

const course = (seId: string, absent = false): StudentExam['subjects'][number] => ({
  seId,
  courseName: `科目${seId}`,
  fullMark: 100,
  absent,
  score: absent ? null : 80,
  level: null,
  classRank: null,
  gradeRank: null,
  classAverage: null,
  gradeAverage: null,
  gradeMax: null,
});

const exam = (meId: string, startDate: string, subjects = [course(`${meId}1`), course(`${meId}2`)]): StudentExam => ({
  meId,
  name: `考试${meId}`,
  examType: 1,
  startDate,
  gradeName: '八年级',
  hiddenStudentOrder: '',
  subjects,
  total: null,
});

const exams = [exam('1', '2026-09-20'), exam('3', '2026-11-10'), exam('2', '2026-10-15')];

describe('resolveStudentSelection', () => {
  it('opens the newest exam and its first course by default, exams newest first', () => {
    const selection = resolveStudentSelection(exams, {});
    expect(selection.exams.map((e) => e.meId)).toEqual(['3', '2', '1']);
    expect(selection.exam?.meId).toBe('3');
    expect(selection.course?.seId).toBe('31');
    expect(selection.step).toBe(10);
  });

  it('opens what the address asks for when the student has it', () => {
    const selection = resolveStudentSelection(exams, { meId: '2', seId: '22', step: 30 });
    expect(selection.exam?.meId).toBe('2');
    expect(selection.course?.seId).toBe('22');
    expect(selection.step).toBe(30);
  });

  it('ignores an exam or course the student does not have, and a width out of range', () => {
    const selection = resolveStudentSelection(exams, { meId: '99', seId: '22', step: 70 });
    expect(selection.exam?.meId).toBe('3');
    expect(selection.course?.seId).toBe('31');
    expect(selection.step).toBe(50);
  });

  it('skips to the first course the student sat', () => {
    const selection = resolveStudentSelection([exam('5', '2026-12-01', [course('51', true), course('52')])], {});
    expect(selection.course?.seId).toBe('52');
  });

  it('has nothing to show without exams', () => {
    expect(resolveStudentSelection([], {})).toMatchObject({ exam: undefined, course: undefined });
  });
});

describe('student url', () => {
  it('reads back what it writes, keeping other parameters', () => {
    const written = writeStudentUrl(new URLSearchParams('x=1&seId=9'), { meId: '2', seId: '', step: 20 });
    expect(written.toString()).toBe('x=1&meId=2&step=20');
    expect(readStudentUrl(written)).toEqual({ meId: '2', seId: undefined, step: 20 });
  });

  it('links 我的考试 to a report of the exam', () => {
    expect(studentReportLink('student-single-analysis', '7', '71')).toBe(
      '/student/student-analysis-main/student-single-analysis?meId=7&seId=71',
    );
    expect(studentReportLink('student-subject-analysis', '7')).toBe(
      '/student/student-analysis-main/student-subject-analysis?meId=7',
    );
  });
});
