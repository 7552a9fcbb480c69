import { authApi, endpoint } from '@huikao/contracts';
import { computeSign, decryptText } from '@huikao/protocol';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES, ApiError, call, callFile, REQUEST_TIMEOUT_MS } from './api-client.ts';
import { DEV_APP_KEY } from './app-key.ts';
import { useAppStore } from './app-store.ts';
import { readStoredUser, SESSION_COOKIE, startSession } from './session.ts';
import { aStoredUser, envelopeResponse, installFakeNavigator, installFakeNotify } from './test-fakes.ts';

type FetchArgs = [string, RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

// Synthetic endpoints of the other protocol kinds, built like the contracts build theirs.
const markCall = endpoint('mark', 'examTask/getExamTasks', {
  kind: 'json',
  access: 'session',
  params: authApi.findSGTByDate.params,
  response: authApi.logout.response,
});
const schoolBaseQuery = endpoint('schoolbase', 'grade/delete', {
  kind: 'query',
  access: 'session',
  params: authApi.findSGTByDate.params,
  response: authApi.logout.response,
  loading: true,
});

let notify: ReturnType<typeof installFakeNotify>;
let navigator: ReturnType<typeof installFakeNavigator>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  notify = installFakeNotify();
  navigator = installFakeNavigator();
});

afterEach(() => {
  notify.unregister();
  navigator.unregister();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Cookies.remove(SESSION_COOKIE, { path: '/' });
  localStorage.clear();
  // Close a 401 dialog a test left open, so the next test can see its own.
  for (const dialog of notify.dialogs) dialog.onCancel?.();
});

function sentRequest(index = 0): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls[index] as FetchArgs;
  return { url, init, headers: init.headers as Record<string, string> };
}

describe('encrypted calls', () => {
  it('encrypts a session call with the user token and signs it', async () => {
    const user = aStoredUser();
    startSession(user);
    fetchMock.mockResolvedValue(envelopeResponse(200, 'ok', { term: 1 }));

    const result = await call(authApi.findSGTByDate, { schoolId: '1', date: '2026-03-01' });

    expect(result).toEqual({ term: 1 });
    const { url, init, headers } = sentRequest();
    expect(url).toBe('/analysis/api/user/findSGTByDate');
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('text/plain');
    const body = String(init.body);
    expect(JSON.parse(decryptText(body, user.token))).toEqual({ schoolId: '1', date: '2026-03-01' });
    expect(() => decryptText(body, DEV_APP_KEY)).toThrow();
    expect(headers.loginName).toBe('teacher01');
    expect(headers.jwtToken).toBe(user.jwtToken);
    expect(headers.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.sign).toBe(computeSign(body, 'teacher01', headers.guid ?? '', headers.timestamp ?? ''));
  });

  it('encrypts the login with the app key, an empty login name and no jwtToken', async () => {
    startSession(aStoredUser()); // a stale session must not leak into a public call
    fetchMock.mockResolvedValue(envelopeResponse(200, 'ok', aStoredUser()));

    await call(authApi.userLogin, { loginName: ' teacher01 ', password: 'Huikao@2026' });

    const { init, headers } = sentRequest();
    // The contract's schema trims the login name before it is sent.
    expect(JSON.parse(decryptText(String(init.body), DEV_APP_KEY))).toEqual({
      loginName: 'teacher01',
      password: 'Huikao@2026',
    });
    expect(headers.loginName).toBe('');
    expect(headers.jwtToken).toBeUndefined();
  });
});

describe('other protocol kinds', () => {
  it('sends JSON with the identity headers', async () => {
    startSession(aStoredUser());
    fetchMock.mockResolvedValue(envelopeResponse(200, 'ok', null));
    await call(markCall, { schoolId: '1' });
    const { url, init, headers } = sentRequest();
    expect(url).toBe('/mark/api/examTask/getExamTasks');
    expect(JSON.parse(String(init.body))).toEqual({ schoolId: '1' });
    expect(headers).toMatchObject({ loginName: 'teacher01', jwtToken: 'header.payload.signature' });
  });

  it('sends query calls as POST with the parameters in the URL, under the loading overlay', async () => {
    startSession(aStoredUser());
    let loadingDuringCall = -1;
    fetchMock.mockImplementation(async () => {
      loadingDuringCall = useAppStore.getState().loadingCount;
      return envelopeResponse(200, 'ok', null);
    });
    await call(schoolBaseQuery, { schoolId: '1', date: '2026-03-01' });
    expect(sentRequest().url).toBe('/schoolbase/api/grade/delete?schoolId=1&date=2026-03-01');
    expect(sentRequest().init.method).toBe('POST');
    expect(loadingDuringCall).toBe(1);
    expect(useAppStore.getState().loadingCount).toBe(0);
  });
});

describe('refusals and failures', () => {
  it('refuses parameters the contract rejects, with its Chinese message, without sending', async () => {
    const pending = call(authApi.userLogin, { loginName: '   ', password: 'x' });
    await expect(pending).rejects.toMatchObject({ kind: 'invalid-params', message: '请输入账号' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notify.notifications).toEqual([
      { type: 'error', title: '操作失败', description: '请输入账号', duration: 2.5 },
    ]);
  });

  it('rejects a business error with its status and message, shown for 2.5 s', async () => {
    startSession(aStoredUser());
    fetchMock.mockResolvedValue(envelopeResponse(422, '该学年已有学期，不能删除', null));
    const error = await call(authApi.findSGTByDate, { schoolId: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', status: 422, message: '该学年已有学期，不能删除' });
    expect(notify.notifications).toEqual([
      { type: 'error', title: '操作失败', description: '该学年已有学期，不能删除', duration: 2.5 },
    ]);
  });

  it('titles business errors of marking, file and school-centre calls 错误, and stays quiet when silent', async () => {
    startSession(aStoredUser());
    fetchMock.mockResolvedValue(envelopeResponse(409, '任务已存在', null));
    await expect(call(markCall, { schoolId: '1' })).rejects.toMatchObject({ status: 409 });
    expect(notify.notifications).toEqual([{ type: 'error', title: '错误', description: '任务已存在', duration: 2.5 }]);

    fetchMock.mockResolvedValue(envelopeResponse(409, '任务已存在', null));
    await expect(call(markCall, { schoolId: '1' }, { silent: true })).rejects.toMatchObject({ status: 409 });
    expect(notify.notifications).toHaveLength(1);
  });

  it('shows the envelope message of a protocol refusal (non-2xx)', async () => {
    startSession(aStoredUser());
    fetchMock.mockResolvedValue(envelopeResponse(409, '请求重复提交', null, 409));
    await expect(call(authApi.findSGTByDate, { schoolId: '1' })).rejects.toMatchObject({
      kind: 'http',
      status: 409,
    });
    expect(notify.notifications[0]).toMatchObject({ title: '操作失败', description: '请求重复提交' });
  });

  it('times out after 600000 ms with 网络请求超时', async () => {
    vi.useFakeTimers();
    startSession(aStoredUser());
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = call(authApi.findSGTByDate, { schoolId: '1' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(notify.notifications).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout', message: API_MESSAGES.timeout });
    expect(notify.notifications.map((n) => n.description)).toEqual(['网络请求超时']);
  });

  it('reports a network failure as 网络请求错误', async () => {
    startSession(aStoredUser());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(authApi.findSGTByDate, { schoolId: '1' })).rejects.toMatchObject({ kind: 'network' });
    expect(notify.notifications.map((n) => n.description)).toEqual(['网络请求错误']);
  });
});

describe('401 and 403', () => {
  it('shows ONE 系统提示 dialog however many calls fail at once, and 重新登录 clears the session', async () => {
    startSession(aStoredUser());
    fetchMock.mockImplementation(async () => envelopeResponse(401, '登录已过期', null, 401));
    const results = await Promise.allSettled([
      call(authApi.findSGTByDate, { schoolId: '1' }),
      call(authApi.findUserInfo, {}),
      call(markCall, { schoolId: '1' }),
    ]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as ApiError).kind)).toEqual([
      'unauthorized',
      'unauthorized',
      'unauthorized',
    ]);
    expect(notify.dialogs).toHaveLength(1);
    expect(notify.dialogs[0]).toMatchObject({
      type: 'confirm',
      title: '系统提示',
      content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
      okText: '重新登录',
      cancelText: '取消',
    });
    expect(notify.notifications).toEqual([]);

    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    notify.dialogs[0]?.onOk?.();
    expect(reload).toHaveBeenCalledOnce();
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(readStoredUser()).toBeNull();
  });

  it('offers the dialog again once the first one was dismissed', async () => {
    startSession(aStoredUser());
    fetchMock.mockImplementation(async () => envelopeResponse(401, '', null, 401));
    await call(authApi.findUserInfo, {}).catch(() => undefined);
    notify.dialogs[0]?.onCancel?.();
    await call(authApi.findUserInfo, {}).catch(() => undefined);
    expect(notify.dialogs).toHaveLength(2);
  });

  it('goes to /403 when the server refuses', async () => {
    startSession(aStoredUser());
    fetchMock.mockResolvedValue(envelopeResponse(403, '无权访问该学校', null, 403));
    await expect(call(markCall, { schoolId: '2' })).rejects.toMatchObject({ kind: 'forbidden', status: 403 });
    expect(navigator.navigate).toHaveBeenCalledWith('/403');
  });

  it('stays on a page that explains a refusal itself', async () => {
    startSession(aStoredUser());
    fetchMock.mockResolvedValue(envelopeResponse(403, '答题卡链接已过期', null, 403));
    await expect(call(markCall, { schoolId: '2' }, { forbiddenPage: false, silent: true })).rejects.toMatchObject({
      kind: 'forbidden',
      message: '答题卡链接已过期',
    });
    expect(navigator.navigate).not.toHaveBeenCalled();
  });
});

describe('file responses', () => {
  it('returns the blob with the UTF-8 file name', async () => {
    startSession(aStoredUser());
    fetchMock.mockResolvedValue(
      new Response('xlsx-bytes', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="score.xlsx"; filename*=UTF-8''${encodeURIComponent('八年级成绩.xlsx')}`,
        },
      }),
    );
    const file = await callFile(markCall, { schoolId: '1' });
    expect(file.fileName).toBe('八年级成绩.xlsx');
    expect(await file.blob.text()).toBe('xlsx-bytes');
  });
});
