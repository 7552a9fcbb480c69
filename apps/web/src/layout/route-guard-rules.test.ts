import { describe, expect, it } from 'vitest';
import { decideRoute } from './route-guard-rules.ts';

const teacher = { type: 1 };
const admin = { type: 5 };
const student = { type: 2 };
const manager = { type: 4 };

describe('route guard (spec §2)', () => {
  it('rule 1: /autoLogin, /answerSheet and the error pages are allowed with or without a session', () => {
    for (const path of ['/autoLogin', '/answerSheet', '/403', '/404', '/500', '/noexam']) {
      expect(decideRoute({ path, hasCookie: false, storedUser: null })).toEqual({ kind: 'allow' });
      expect(decideRoute({ path, hasCookie: true, storedUser: student })).toEqual({ kind: 'allow' });
    }
  });

  it('rule 2: without the cookie a guarded page goes to /login with the original path and query as redirect', () => {
    expect(
      decideRoute({
        path: '/teacher/questionBank/know-topic',
        search: '?courseId=3&x=a b',
        hasCookie: false,
        storedUser: teacher,
      }),
    ).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/teacher/questionBank/know-topic?courseId=3&x=a b')}`,
    });
    expect(decideRoute({ path: '/markDetail', hasCookie: false, storedUser: null })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2FmarkDetail',
    });
    // The first-run page is for a platform nobody can sign in to yet.
    expect(decideRoute({ path: '/setup', hasCookie: false, storedUser: null })).toEqual({ kind: 'allow' });
    // …but /login itself is where a signed-out user belongs.
    expect(decideRoute({ path: '/login', hasCookie: false, storedUser: null })).toEqual({ kind: 'allow' });
  });

  it('rule 3: with the cookie and a matching user the page is allowed (the component then renews the cookie)', () => {
    expect(decideRoute({ path: '/teacher/examMark/my-mark-task', hasCookie: true, storedUser: teacher })).toEqual({
      kind: 'allow',
    });
  });

  it('rule 4: a cookie without the stored user is removed and the user goes to /login', () => {
    expect(decideRoute({ path: '/teacher/examMark/my-mark-task', hasCookie: true, storedUser: null })).toEqual({
      kind: 'redirect',
      to: '/login',
      clearCookie: true,
    });
    expect(decideRoute({ path: '/login', hasCookie: true, storedUser: null })).toEqual({
      kind: 'allow',
      clearCookie: true,
    });
  });

  it('rule 5: /login while signed in goes to the area of the user type', () => {
    const landing = (storedUser: { type: number }) => decideRoute({ path: '/login', hasCookie: true, storedUser });
    expect(landing(teacher)).toEqual({ kind: 'redirect', to: '/teacher' });
    expect(landing(admin)).toEqual({ kind: 'redirect', to: '/teacher' });
    expect(landing(student)).toEqual({ kind: 'redirect', to: '/student' });
    expect(landing(manager)).toEqual({ kind: 'redirect', to: '/school' });
  });

  it('rule 6: each area only for its types; detail pages and 404 for every signed-in user', () => {
    const allowed = (path: string, storedUser: { type: number }) =>
      decideRoute({ path, hasCookie: true, storedUser }).kind === 'allow';
    expect(allowed('/teacher/initData/user-info', teacher)).toBe(true);
    expect(allowed('/teacher/initData/user-info', admin)).toBe(true);
    expect(allowed('/student/student-exam-main/student-exam-list', student)).toBe(true);
    expect(allowed('/school/school-analysis-main/school-course-question', manager)).toBe(true);
    const details = [
      '/findStudentDetailPaper',
      '/markDetail',
      '/makeExamDetailInfo',
      '/answerSheet',
      '/markCensorInfo',
      '/analysis-manager-single-detail-info',
      '/examTemplateInfo',
      '/404',
    ];
    for (const user of [teacher, admin, student, manager]) {
      for (const path of details) expect(allowed(path, user), `${path} for type ${user.type}`).toBe(true);
    }
  });

  it('rule 7: any other access clears the session and goes to /login', () => {
    const refused = { kind: 'redirect', to: '/login', clearCookie: true };
    expect(decideRoute({ path: '/teacher/examMark/my-mark-task', hasCookie: true, storedUser: student })).toEqual(
      refused,
    );
    expect(decideRoute({ path: '/student/student-analysis-main', hasCookie: true, storedUser: teacher })).toEqual(
      refused,
    );
    expect(decideRoute({ path: '/school', hasCookie: true, storedUser: admin })).toEqual(refused);
    expect(decideRoute({ path: '/teacher', hasCookie: true, storedUser: manager })).toEqual(refused);
    // A prefix is not an area: /teachers is not /teacher.
    expect(decideRoute({ path: '/teachers', hasCookie: true, storedUser: teacher })).toEqual(refused);
    // A user type without an area (a corrupted stored user) is refused everywhere but the open pages.
    expect(decideRoute({ path: '/teacher', hasCookie: true, storedUser: { type: 9 } })).toEqual(refused);
  });
});
