import { describe, expect, it } from 'vitest';
import { unitCompareRows } from './school-rows.ts';
import { overviewOf, unitOf } from './test-reports.ts';
import { unitColumns } from './unit-columns.tsx';

const titles = (columns: ReturnType<typeof unitColumns>) => columns.map((column) => String(column.title));

describe('unitColumns', () => {
  it('names the level, its T, and adds the evaluation only when asked', () => {
    const plain = titles(unitColumns('school'));
    expect(plain.slice(0, 2)).toEqual(['名次', '学校']);
    expect(plain).toContain('学校T');
    expect(plain).toContain('超均率');
    expect(plain).not.toContain('EC');
    expect(titles(unitColumns('area', { evaluation: true }))).toEqual(
      expect.arrayContaining(['区域', 'EC', 'RSR档次']),
    );
  });

  it('gives classes a school column only when they carry their school (a 联考, not one school’s exam)', () => {
    const union = unitCompareRows(overviewOf([unitOf('class', '1班', 70)]));
    expect(titles(unitColumns('class', { rows: union })).slice(0, 3)).toEqual(['名次', '学校', '班级']);
    const ownExam = unitCompareRows(overviewOf([unitOf('class', '1班', 70, { schoolName: null })]));
    expect(titles(unitColumns('class', { rows: ownExam })).slice(0, 2)).toEqual(['名次', '班级']);
  });
});
