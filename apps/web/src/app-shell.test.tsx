// The route table, the guard component and the area shell together, in a memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiConfigProvider } from './components/ui-config-provider.tsx';
import { readStoredUser, SESSION_COOKIE, startSession } from './lib/session.ts';
import { aStoredUser, envelopeResponse, installFakeNotify } from './lib/test-fakes.ts';
import { appRoutes } from './router.tsx';

const appConfig = {
  platformName: '慧考云',
  versionLabel: '7.0.203',
  versionType: 2,
  footer: { copyright: '© 2026 慧考云', filing: '京ICP备00000000号', filingUrl: 'https://beian.miit.gov.cn' },
};

let notify: ReturnType<typeof installFakeNotify>;
/** What user/userLogin answers in the current test. */
let loginAnswer: () => Response;
/** Whether the platform has a school (setup/status); without one /login sends to the first-run page. */
let hasSchool: boolean;
let sawProtectedContent: boolean;
let observer: MutationObserver;

beforeEach(() => {
  notify = installFakeNotify();
  loginAnswer = () => envelopeResponse(500, '', null);
  hasSchool = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/app-config') return envelopeResponse(200, 'ok', appConfig);
      if (url === '/analysis/api/user/userLogin') return loginAnswer();
      if (url.startsWith('/schoolbase/api/setup/status')) return envelopeResponse(200, 'ok', { hasSchool });
      return envelopeResponse(500, '', null);
    }),
  );
  // Records whether a page of an area was ever drawn, even for one frame.
  sawProtectedContent = false;
  observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="coming-soon"], [data-testid="app-header"]')) sawProtectedContent = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
});

afterEach(() => {
  observer.disconnect();
  cleanup();
  notify.unregister();
  vi.unstubAllGlobals();
  Cookies.remove(SESSION_COOKIE, { path: '/' });
  localStorage.clear();
});

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <UiConfigProvider>
      <AntdApp>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </UiConfigProvider>,
  );
  return router;
}

describe('app shell', () => {
  it('sends /login to the first-run page while the platform has no school', async () => {
    hasSchool = false;
    const router = renderAt('/login');
    await screen.findByLabelText('学校名称', undefined, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/setup');
    expect(screen.getByRole('button', { name: '创建学校' })).toBeTruthy();
  });

  it('sends a signed-out visitor to /login with a redirect, without drawing the page', async () => {
    const router = renderAt('/teacher/questionBank/know-topic?courseId=3');
    await screen.findByLabelText('账号', undefined, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/teacher/questionBank/know-topic?courseId=3')}`,
    );
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(sawProtectedContent).toBe(false);
  });

  it('lands a teacher on 我的阅卷任务 through the spec redirects, in the blue teacher shell', async () => {
    startSession(aStoredUser({ type: 1, name: '王老师' }));
    const router = renderAt('/teacher');
    // 我的阅卷任务 is a real screen now (#17): its own title line, not the 即将上线 placeholder.
    await screen.findByRole('heading', { name: '我的阅卷任务' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/teacher/examMark/my-mark-task');
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    const header = screen.getByTestId('app-header');
    expect(header.dataset.area).toBe('teacher');
    for (const text of ['考试阅卷', '学情分析', '选题组卷', '个人中心', '修改密码', '全屏', '退出登录', '王老师']) {
      expect(header.textContent, text).toContain(text);
    }
    await waitFor(() => expect(document.title).toBe('慧考云 - 我的阅卷任务'));
    expect(await screen.findByText('京ICP备00000000号')).toBeTruthy();
  });

  it('gives students the red shell without the menu', async () => {
    startSession(aStoredUser({ type: 2, name: '李同学' }));
    const router = renderAt('/student');
    const header = await screen.findByTestId('app-header', undefined, { timeout: 10_000 });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/student/student-analysis-main/student-subject-analysis'),
    );
    expect(header.dataset.area).toBe('student');
    expect(header.style.background).toMatch(/#d9363e|rgb\(217, 54, 62\)/);
    expect(header.textContent).not.toContain('考试阅卷');
    expect(header.querySelector('[role="menu"]')).toBeNull();
  });

  it('signs out a student who opens the teacher area', async () => {
    startSession(aStoredUser({ type: 2 }));
    const router = renderAt('/teacher/examMark/my-mark-task');
    await screen.findByLabelText('账号', undefined, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(readStoredUser()).toBeNull();
    expect(sawProtectedContent).toBe(false);
  });

  it('shows 页面不存在 at /404 for an unknown path', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('shows a refused login inline, under the form, without a notification', async () => {
    loginAnswer = () => envelopeResponse(422, '账号或密码错误', null);
    renderAt('/login');
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('账号或密码错误');
    expect(notify.notifications).toEqual([]);
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
  });

  it('lands on the redirect after login and forces a password change after an administrator reset', async () => {
    const user = aStoredUser({ type: 5, mustChangePsw: true });
    loginAnswer = () => envelopeResponse(200, 'ok', user);
    const router = renderAt(`/login?redirect=${encodeURIComponent('/teacher/examMark/mark-monitor')}`);
    await signIn();
    expect(await screen.findByText('管理员已重置您的密码，请先修改密码', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/teacher/examMark/mark-monitor');
    expect(Cookies.get(SESSION_COOKIE)).toBe(user.jwtToken);
    expect(readStoredUser()).toEqual(user);
    // The server refuses every other call until the password is changed (#21 item 5): the shell draws
    // no page and no term picker, so nothing is asked that would send the user to /403.
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    // The login page asks beforehand whether a school exists (first run) and which single sign-on
    // providers there are; after login only the login itself.
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    const beforeLogin = ['/app-config', '/schoolbase/api/setup/status', '/analysis/api/sso/providers'];
    expect(asked.filter((url) => !beforeLogin.includes(url))).toEqual(['/analysis/api/user/userLogin']);
  });
});

async function signIn() {
  fireEvent.change(await screen.findByLabelText('账号', undefined, { timeout: 10_000 }), {
    target: { value: 'teacher01' },
  });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Huikao@2026' } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}
