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

/** An XMLHttpRequest that reports the given progress, then answers with the envelope. */
class FakeXhr {
  static last: FakeXhr | null = null;
  readonly upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  responseType = '';
  status = 0;
  response: Blob | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    this.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
    this.upload.onprogress?.({ loaded: 200, total: 200, lengthComputable: true });
    this.status = 200;
    this.response = new Blob([JSON.stringify({ status: 200, message: '成功', data: { files: [] } })]);
    this.onload?.();
  }
}

describe('upload progress', () => {
  it('goes through XMLHttpRequest when asked for progress, with the same request and answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: [number, number][] = [];
    const result = await callUpload(
      schoolBaseApi.importPreview,
      { schoolId: '1', kind: 'students', termId: '3' },
      new File(['x'], 'a.xlsx'),
      {
        onUploadProgress: (loaded, total) => seen.push([loaded, total]),
      },
    );
    expect(result).toEqual({ files: [] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(seen).toEqual([
      [50, 200],
      [200, 200],
    ]);
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/schoolbase/api/import/preview']);
    expect(xhr.headers.loginName).toBe('admin01');
    expect([...(xhr.body as FormData).keys()]).toEqual(['schoolId', 'kind', 'termId', UPLOAD_FIELD]);
  });
});
