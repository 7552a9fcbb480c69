import type { StudentRow } from '@huikao/contracts';
import { tScore } from '@huikao/stats';
import { describe, expect, it } from 'vitest';
import { packStudentRow, unpackStudentRow } from './student-row-codec.ts';

const row: StudentRow = {
  studentId: '7',
  name: '张三',
  studentNo: 'S007',
  classId: '3',
  className: '八年级(1)班',
  schoolId: '1',
  schoolName: '慧考中学',
  subjects: {
    '0': {
      score: 512.5,
      classRank: 3,
      gradeRank: 40,
      unionRank: null,
      classDenseRank: 3,
      gradeDenseRank: 38,
      pr: 0.9,
      beat: 0.875,
      z: 1.25,
      t: 62.5,
      level: null,
      levelScore: null,
    },
    '12': {
      score: null,
      classRank: null,
      gradeRank: null,
      unionRank: null,
      classDenseRank: null,
      gradeDenseRank: null,
      pr: null,
      beat: null,
      z: null,
      t: null,
      level: 'A',
      levelScore: 86,
    },
  },
  imbalance: { spread: 0.2, weakest: '12', strongest: '0', flagged: false },
  progress: null,
};

describe('stored student rows', () => {
  it('keep every figure of every subject through JSON, by position', () => {
    const stored = JSON.parse(JSON.stringify(packStudentRow(row)));
    expect(stored.subjects['0']).toEqual([512.5, 3, 40, null, 3, 38, 0.9, 0.875, 1.25, null, null]);
    expect(unpackStudentRow(stored)).toEqual(row);
  });

  it('work T out of Z exactly as the computation does, for awkward Z too', () => {
    for (const z of [1.25, -0.3333333333333333, 0.1 + 0.2, 2.220446049250313e-16, -1.7976931348623157e-300]) {
      const t = tScore(z);
      const subjects = { '0': { ...row.subjects['0']!, z, t } };
      const stored = JSON.parse(JSON.stringify(packStudentRow({ ...row, subjects })));
      expect(unpackStudentRow(stored).subjects['0']!.t).toBe(t);
    }
  });

  it('read rows stored with T among their figures (before it was dropped) as they are', () => {
    const stored = { ...row, subjects: { '0': [512.5, 3, 40, null, 3, 38, 0.9, 0.875, 1.25, 62.5, null, null] } };
    expect(unpackStudentRow(stored).subjects['0']).toEqual(row.subjects['0']);
  });

  it('are shorter than the row itself', () => {
    expect(JSON.stringify(packStudentRow(row)).length).toBeLessThan(JSON.stringify(row).length * 0.75);
  });
});
