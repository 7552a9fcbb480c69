import { schoolBaseApi } from '@huikao/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callFile, callUpload, UPLOAD_FIELD } from './api-client.ts';
import { SESSION_COOKIE, startSession } from './session.ts';
import { aStoredUser, envelopeResponse, installFakeNotify } from './test-fakes.ts';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let notify: ReturnType<typeof installFakeNotify>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  notify = installFakeNotify();
  startSession(aStoredUser({ loginName: 'admin01', type: 5 }));
});

afterEach(() => {
  notify.unregister();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  Cookies.remove(SESSION_COOKIE, { path: '/' });
  localStorage.clear();
});

describe('uploads (multipart)', () => {
  it('sends the checked parameters as fields before the file, with the identity headers', async () => {
    const preview = { kind: 'students', columns: [], rows: [], validCount: 0, errorCount: 0 };
    fetchMock.mockResolvedValue(envelopeResponse(200, '成功', preview));
    const file = new File(['xlsx'], '学生.xlsx');

    const result = await callUpload(
      schoolBaseApi.importPreview,
      { schoolId: '1', kind: 'students', termId: '3' },
      file,
    );

    expect(result).toEqual(preview);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/schoolbase/api/import/preview');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers.loginName).toBe('admin01');
    expect(headers.jwtToken).toBe(aStoredUser().jwtToken);
    // The browser writes multipart/form-data with its boundary itself.
    expect(headers['Content-Type']).toBeUndefined();
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['schoolId', 'kind', 'termId', UPLOAD_FIELD]);
    expect(form.get('kind')).toBe('students');
    expect((form.get(UPLOAD_FIELD) as File).name).toBe('学生.xlsx');
  });

  it('refuses bad parameters before sending anything', async () => {
    await expect(
      callUpload(schoolBaseApi.importPreview, { schoolId: '1', kind: 'pupils' as 'students' }, new File([], 'a.xlsx')),
    ).rejects.toMatchObject({ kind: 'invalid-params' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notify.notifications[0]?.title).toBe('错误');
  });
});

describe('downloads (get)', () => {
  it('fetches an export with GET and its parameters in the query', async () => {
    fetchMock.mockResolvedValue(
      new Response('xlsx-bytes', {
        headers: { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('学生名单.xlsx')}` },
      }),
    );
    const file = await callFile(schoolBaseApi.exportList, { schoolId: '1', kind: 'students', classId: '11' });
    expect(file.fileName).toBe('学生名单.xlsx');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(url).toBe('/schoolbase/api/export?schoolId=1&kind=students&classId=11');
  });
});
