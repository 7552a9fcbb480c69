import { describe, expect, it } from 'vitest';
import { landingPath } from './landing.ts';

describe('landing after login', () => {
  it('goes to the area of the user type without a redirect', () => {
    expect(landingPath({ type: 1 }, null)).toBe('/teacher');
    expect(landingPath({ type: 5 }, null)).toBe('/teacher');
    expect(landingPath({ type: 2 }, null)).toBe('/student');
    expect(landingPath({ type: 4 }, null)).toBe('/school');
  });

  it('follows a redirect the guard allows for this user, keeping its query', () => {
    expect(landingPath({ type: 1 }, '/teacher/questionBank/my-paper?courseId=3')).toBe(
      '/teacher/questionBank/my-paper?courseId=3',
    );
    expect(landingPath({ type: 2 }, '/findStudentDetailPaper?seId=9')).toBe('/findStudentDetailPaper?seId=9');
  });

  it('ignores redirects to another area, another origin or back to a login page', () => {
    expect(landingPath({ type: 2 }, '/teacher/examMark/my-mark-task')).toBe('/student');
    expect(landingPath({ type: 1 }, 'https://evil.example/teacher')).toBe('/teacher');
    expect(landingPath({ type: 1 }, '//evil.example/teacher')).toBe('/teacher');
    expect(landingPath({ type: 1 }, '/\\evil.example')).toBe('/teacher');
    expect(landingPath({ type: 1 }, '/login?redirect=/teacher')).toBe('/teacher');
    expect(landingPath({ type: 1 }, '/autoLogin?ticket=x')).toBe('/teacher');
  });
});
