import { questionPictureToken } from '@huikao/contracts';
import { render, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, startSession } from '../lib/session.ts';
import { aStoredUser, installFakeNotify } from '../lib/test-fakes.ts';
import { FormulaText } from './formula-text.tsx';

// A stored picture in question text (#22 item 3) is fetched through the API client (the session is
// in headers) and shown as an <img> from an object URL; a picture that cannot be read says so.

const FILE = '2026/0f8fad5b-d9cb-469f-a165-70867728950e.png';
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let notify: ReturnType<typeof installFakeNotify>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => {} }));
  notify = installFakeNotify();
  startSession(aStoredUser({ loginName: 'teacher01', type: 2 }));
});

afterEach(() => {
  notify.unregister();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  Cookies.remove(SESSION_COOKIE, { path: '/' });
  localStorage.clear();
});

describe('pictures in question text', () => {
  it('shows the stored picture between the words and asks the server for it', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([137, 80, 78, 71]), {
        headers: { 'Content-Type': 'image/png', 'Content-Disposition': "attachment; filename*=UTF-8''a.png" },
      }),
    );
    const { container } = render(<FormulaText text={`如图 ${questionPictureToken(7, FILE)} 求 $x$`} block />);
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:picture'));
    expect(container.textContent).toContain('如图');
    expect(container.textContent).not.toContain('{{图');
    expect(container.querySelector('.katex')).not.toBeNull();
    const [url] = fetchMock.mock.calls[0]!;
    expect(url).toContain('/questions/picture');
  });

  it('says so when the picture cannot be read', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ status: 404, message: '图片不存在', data: null })));
    const { container } = render(<FormulaText text={questionPictureToken(7, FILE)} />);
    await waitFor(() => expect(container.textContent).toBe('[图片无法显示]'));
    expect(container.querySelector('img')).toBeNull();
  });
});
