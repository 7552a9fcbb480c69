import { describe, expect, it } from 'vitest';
import { ownCourseOf } from './own-course.ts';

const grade = (gradeId: string, stage: number) => ({
  sgId: `sg${gradeId}`,
  gradeId,
  gradeName: `${gradeId}年级`,
  stage,
  schoolGradeCourses: [],
});
const link = (gradeId: string, courseId: string | null) => ({
  scteaId: `l${gradeId}${courseId}`,
  termId: 'T1',
  classId: 'C1',
  className: '八年级(1)班',
  gradeId,
  gradeName: '八年级',
  courseId,
  courseName: courseId === null ? null : '数学',
  teacherId: 'P1',
  teacherName: '王老师',
  isHead: courseId === null,
});

describe("the teacher's own course", () => {
  it('is the first taught course, at the stage of its grade', () => {
    const info = { schoolGradeCourses: [grade('8', 2), grade('10', 3)], schoolClassTeachers: [link('10', '3')] };
    expect(ownCourseOf(info)).toEqual({ stageCode: 3, courseId: '3' });
  });

  it('passes over a head-teacher link without a course', () => {
    const info = { schoolGradeCourses: [grade('8', 2)], schoolClassTeachers: [link('8', null), link('8', '2')] };
    expect(ownCourseOf(info)).toEqual({ stageCode: 2, courseId: '2' });
  });

  it('is none for someone who teaches nothing this term', () => {
    expect(ownCourseOf({ schoolGradeCourses: [grade('8', 2)], schoolClassTeachers: [] })).toBeNull();
  });
});
