import type { ReportExam, SubjectRef } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import {
  clampStep,
  examSubjects,
  examsForNeeds,
  offeredSubjects,
  type ReportNeeds,
  readableClasses,
  readUrlSelection,
  resolveSelection,
  writeUrlSelection,
} from './url-state.ts';

const course = (subjectKey: string, name: string, fullMark = 100): SubjectRef => ({
  subjectKey,
  name,
  fullMark,
  seId: `se${subjectKey}`,
});
const subjects = [course('11', '语文', 120), course('12', '数学', 120), course('13', '英语', 100.5)];
const classes = [
  { classId: '1', name: '八(1)班' },
  { classId: '2', name: '八(2)班' },
  { classId: '3', name: '八(3)班' },
];

function exam(meId: string, startDate: string, scope: Partial<ReportExam['scope']> = {}): ReportExam {
  return {
    meId,
    schoolId: '1',
    name: `考试${meId}`,
    examType: 1,
    startDate,
    schoolYearId: '1',
    termId: '1',
    gradeId: '8',
    gradeName: '八年级',
    status: 4,
    unionKey: null,
    subjects,
    classes,
    scope: { wholeGrade: true, classIds: [], subjectsByClass: {}, headClassIds: [], ...scope },
    report: { runKey: `me:${meId}`, status: 3, progress: 100, message: '', error: null, computedAt: 'x', stale: false },
  };
}

const teacherScope = {
  wholeGrade: false,
  classIds: ['2', '3'],
  subjectsByClass: { '2': ['12'], '3': ['0', '11', '12', '13'] },
  headClassIds: ['3'],
};

const gradeNeeds: ReportNeeds = { subject: 'any', unit: 'grade', step: true };
const classNeeds: ReportNeeds = { subject: 'any', unit: 'class-or-grade', step: true };

describe('the selection in the address', () => {
  it('reads and writes meId, subject, classId and step, keeping other parameters', () => {
    const params = new URLSearchParams('meId=7&subject=12&classId=3&step=20&tab=x');
    expect(readUrlSelection(params)).toEqual({ meId: '7', subject: '12', classId: '3', step: 20 });
    const next = writeUrlSelection(params, { meId: '8', subject: '0', step: 60 });
    expect(next.toString()).toBe('meId=8&subject=0&step=60&tab=x');
    expect(readUrlSelection(new URLSearchParams('step=abc&meId='))).toEqual({
      meId: undefined,
      subject: undefined,
      classId: undefined,
      step: undefined,
    });
  });

  it('keeps the step within spec §5: course 10–50, total 50–100, steps of 10', () => {
    expect(clampStep(undefined, false)).toBe(10);
    expect(clampStep(undefined, true)).toBe(50);
    expect(clampStep(100, false)).toBe(50);
    expect(clampStep(10, true)).toBe(50);
    expect(clampStep(74, true)).toBe(70);
    expect(clampStep(120, true)).toBe(100);
    expect(clampStep(undefined, false, 30)).toBe(30);
  });

  it('offers the total first (full mark the sum of the courses) and then the courses', () => {
    const all = examSubjects(subjects);
    expect(all.map((s) => s.name)).toEqual(['总分', '语文', '数学', '英语']);
    expect(all[0]).toMatchObject({ subjectKey: '0', fullMark: 340.5, seId: null });
    expect(offeredSubjects(subjects, 'course').map((s) => s.subjectKey)).toEqual(['11', '12', '13']);
    expect(offeredSubjects(subjects, 'total').map((s) => s.subjectKey)).toEqual(['0']);
  });

  it("limits classes and subjects to a teacher's scope", () => {
    const mine = exam('1', '2025-01-01', teacherScope);
    expect(readableClasses(mine).map((c) => c.classId)).toEqual(['2', '3']);
    expect(offeredSubjects(subjects, 'any', mine.scope, '2').map((s) => s.subjectKey)).toEqual(['12']);
    expect(offeredSubjects(subjects, 'any', mine.scope, '3').map((s) => s.subjectKey)).toEqual(['0', '11', '12', '13']);
  });

  it('lists on grade pages only the exams whose whole grade the caller may read, newest first', () => {
    const list = [exam('1', '2025-01-01'), exam('2', '2025-03-01', teacherScope), exam('3', '2025-02-01')];
    expect(examsForNeeds(list, gradeNeeds).map((e) => e.meId)).toEqual(['3', '1']);
    expect(examsForNeeds(list, classNeeds).map((e) => e.meId)).toEqual(['2', '3', '1']);
  });

  it('shows what the address asks for when allowed, else the defaults', () => {
    const list = [exam('3', '2025-02-01'), exam('1', '2025-01-01')];
    expect(resolveSelection({ exams: list, needs: gradeNeeds, url: {} })).toMatchObject({
      meId: '3',
      subject: { subjectKey: '0' },
      classId: undefined,
      step: 50,
    });
    const asked = resolveSelection({ exams: list, needs: gradeNeeds, url: { meId: '1', subject: '12', step: 30 } });
    expect(asked).toMatchObject({ meId: '1', subject: { subjectKey: '12' }, step: 30 });
    // A grade page ignores a class in the address; an unknown exam falls back to the newest.
    expect(resolveSelection({ exams: list, needs: gradeNeeds, url: { meId: '99', classId: '2' } })).toMatchObject({
      meId: '3',
      classId: undefined,
    });
    expect(
      resolveSelection({ exams: list, needs: gradeNeeds, url: {}, defaultSteps: { single: 20, total: 80 } }).step,
    ).toBe(80);
  });

  it('picks a class the teacher may read, and the subjects of that class', () => {
    const list = [exam('1', '2025-01-01', teacherScope)];
    const outside = resolveSelection({ exams: list, needs: classNeeds, url: { classId: '1', subject: '11' } });
    expect(outside).toMatchObject({ classId: '2', subject: { subjectKey: '12' }, step: 10 });
    const head = resolveSelection({ exams: list, needs: classNeeds, url: { classId: '3', subject: '0' } });
    expect(head).toMatchObject({ classId: '3', subject: { subjectKey: '0' }, step: 50 });
    // A whole-grade reader may stay on the grade (no class) where the page allows it.
    const admin = resolveSelection({ exams: [exam('1', '2025-01-01')], needs: classNeeds, url: {} });
    expect(admin.classId).toBeUndefined();
    const classOnly = resolveSelection({
      exams: [exam('1', '2025-01-01')],
      needs: { subject: 'course', unit: 'class', step: false },
      url: {},
    });
    expect(classOnly).toMatchObject({ classId: '1', subject: { subjectKey: '11' } });
  });
});
