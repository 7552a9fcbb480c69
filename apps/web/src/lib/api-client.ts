import { type Endpoint, type ParamsOf, type ResultOf, STATUS } from '@huikao/contracts';
import { appKey } from './app-key.ts';
import { useAppStore } from './app-store.ts';
import { buildHttpRequest, fileNameFromDisposition, type HttpRequest } from './build-request.ts';
import { navigateTo } from './navigation.ts';
import { confirmDialog, notifyError } from './notify.ts';
import { clearSession, readStoredUser } from './session.ts';

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 600_000;

/** The spec's texts (§8). */
export const API_MESSAGES = {
  timeout: '网络请求超时',
  network: '网络请求错误',
  sessionExpiredTitle: '系统提示',
  sessionExpired: '登录状态已过期，您可以继续留在该页面，或者重新登录',
  relogin: '重新登录',
  cancel: '取消',
  badResponse: '服务器返回了无法识别的内容',
} as const;

export type ApiErrorKind =
  | 'business' // HTTP 200 with status ≠ 200
  | 'http' // any other non-2xx transport status
  | 'unauthorized' // HTTP 401 on a session call
  | 'forbidden' // HTTP 403
  | 'timeout'
  | 'network'
  | 'aborted' // the caller's signal (e.g. TanStack Query cancelling)
  | 'invalid-params' // refused by the endpoint's zod schema before sending
  | 'protocol'; // the request could not be built (e.g. a bad app key)

/** Why a call was rejected; `status` is the envelope status for business errors, else the HTTP status (0 if none). */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** The caller shows the message itself: no notification (the 401 dialog and the 403 page still happen). */
  silent?: boolean;
  /** Show the 拼命加载中 overlay; defaults to the endpoint's `loading`. */
  loading?: boolean;
  /** Show the 401 dialog on an expired session; logout turns it off because it ignores every failure. */
  sessionDialog?: boolean;
  /**
   * Go to /403 when the server refuses (spec §8); false for a page reached without a session that
   * explains the refusal itself (an expired or altered /answerSheet link), where /403 says nothing.
   */
  forbiddenPage?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Upload progress of the request body (bytes sent, bytes in all). fetch reports none, so a call
   * given this option goes through XMLHttpRequest; everything else about it is the same.
   */
  onUploadProgress?: (loaded: number, total: number) => void;
}

/** A file response (Content-Disposition). */
export interface FileDownload {
  blob: Blob;
  fileName: string;
}

type Outcome = { type: 'data'; data: unknown } | { type: 'file'; file: FileDownload };

/**
 * Makes one call of a contracts endpoint: validates the parameters with its schema, encodes them by
 * its protocol kind and handles every failure of spec §8 in one place. Resolves with the envelope's
 * `data` (or a FileDownload for a file response); rejects with an ApiError.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  options: CallOptions = {},
): Promise<ResultOf<E>> {
  const outcome = await run(endpoint, params, options);
  return (outcome.type === 'file' ? outcome.file : outcome.data) as ResultOf<E>;
}

/** For exports: the same as `call`, typed as the downloaded file. */
export async function callFile<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  options: CallOptions = {},
): Promise<FileDownload> {
  const outcome = await run(endpoint, params, options);
  if (outcome.type === 'file') return outcome.file;
  throw report(new ApiError('http', API_MESSAGES.badResponse, 200, outcome.data), endpoint, options);
}

/** Form field of the uploaded file in a `multipart` call. */
export const UPLOAD_FIELD = 'file';

/**
 * A `multipart` call (an upload): the parameters are checked by the endpoint's schema and sent as
 * form fields beside the file. The file is not a parameter of the schema (zod would drop it), so
 * it is added after validation.
 */
export async function callUpload<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  file: Blob,
  options: CallOptions = {},
): Promise<ResultOf<E>> {
  if (endpoint.kind !== 'multipart') throw new Error(`${endpoint.path} is not an upload (kind ${endpoint.kind})`);
  const outcome = await run(endpoint, params, options, { [UPLOAD_FIELD]: file });
  return (outcome.type === 'file' ? outcome.file : outcome.data) as ResultOf<E>;
}

async function run(
  endpoint: Endpoint,
  params: unknown,
  options: CallOptions,
  files: Record<string, Blob> = {},
): Promise<Outcome> {
  const parsed = endpoint.params.safeParse(params ?? {});
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? '请求参数有误';
    throw report(new ApiError('invalid-params', message, STATUS.badInput), endpoint, options);
  }
  const user = readStoredUser();
  if (endpoint.access === 'session' && !user) {
    // Nothing to sign with: the same situation as an expired session.
    throw unauthorized(options);
  }
  let request: HttpRequest;
  try {
    const fields = Object.keys(files).length > 0 ? { ...(parsed.data as object), ...files } : parsed.data;
    request = buildHttpRequest(endpoint, fields, {
      user,
      appKey: appKey(),
      guid: crypto.randomUUID(),
      timestamp: Date.now(),
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : '请求无法生成';
    throw report(new ApiError('protocol', message, 0), endpoint, options);
  }

  const showLoading = options.loading ?? endpoint.loading ?? false;
  if (showLoading) useAppStore.getState().beginLoading();
  try {
    return await send(endpoint, request, options);
  } finally {
    if (showLoading) useAppStore.getState().endLoading();
  }
}

async function send(endpoint: Endpoint, request: HttpRequest, options: CallOptions): Promise<Outcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let payload: { file: FileDownload } | { text: string };
  try {
    const init = { method: request.method, headers: request.headers, body: request.body, signal: controller.signal };
    response = options.onUploadProgress
      ? await fetchWithUploadProgress(request.url, init, options.onUploadProgress)
      : await fetch(request.url, init);
    const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'));
    payload =
      response.ok && fileName !== null
        ? { file: { blob: await response.blob(), fileName } }
        : { text: await response.text() };
  } catch {
    if (timedOut) throw report(new ApiError('timeout', API_MESSAGES.timeout, 0), endpoint, options);
    if (options.signal?.aborted) throw new ApiError('aborted', '请求已取消', 0);
    throw report(new ApiError('network', API_MESSAGES.network, 0), endpoint, options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if ('file' in payload) return { type: 'file', file: payload.file };
  const envelope = parseEnvelope(payload.text);

  if (response.status === 401 && endpoint.access === 'session') throw unauthorized(options);
  if (response.status === 403) {
    if (options.forbiddenPage !== false) navigateTo('/403');
    throw new ApiError('forbidden', envelope?.message || '无权访问', 403, envelope?.data ?? null);
  }
  if (!response.ok) {
    const message = envelope?.message || `请求失败（HTTP ${response.status}）`;
    throw report(new ApiError('http', message, response.status, envelope?.data ?? null), endpoint, options);
  }
  if (!envelope) throw report(new ApiError('http', API_MESSAGES.badResponse, response.status), endpoint, options);
  if (envelope.status !== STATUS.ok) {
    const message = envelope.message || '操作失败';
    throw report(new ApiError('business', message, envelope.status, envelope.data), endpoint, options);
  }
  return { type: 'data', data: envelope.data };
}

/**
 * fetch's answer, through XMLHttpRequest for its upload progress events. Rejects like fetch does
 * (a network failure or an abort), so `send` treats both transports alike.
 */
function fetchWithUploadProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | FormData; signal: AbortSignal },
  onProgress: (loaded: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // A Response cannot carry status 0 or 1xx; XHR only reaches onload with a real status.
      resolve(new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    init.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body ?? null);
  });
}

interface LooseEnvelope {
  status: number;
  message: string;
  data: unknown;
}

function parseEnvelope(text: string): LooseEnvelope | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('status' in value)) return null;
    const { status, message, data } = value as Record<string, unknown>;
    if (typeof status !== 'number') return null;
    return { status, message: typeof message === 'string' ? message : '', data: data ?? null };
  } catch {
    return null;
  }
}

/** Title of error notifications for calls whose contract gives none (analysis and question-bank calls). */
export const DEFAULT_ERROR_TITLE = '操作失败';

/**
 * Spec §8: the message shows for 2.5 s, titled 错误 for marking, file and school-centre calls
 * (endpoint.errorTitle), else DEFAULT_ERROR_TITLE.
 */
function report(error: ApiError, endpoint: Endpoint, options: CallOptions): ApiError {
  if (!options.silent) notifyError(endpoint.errorTitle ?? DEFAULT_ERROR_TITLE, error.message);
  return error;
}

function unauthorized(options: CallOptions): ApiError {
  if (options.sessionDialog !== false) showSessionExpiredDialog();
  return new ApiError('unauthorized', API_MESSAGES.sessionExpired, 401);
}

let sessionDialogOpen = false;

/** One dialog however many calls fail at once (spec §8). */
function showSessionExpiredDialog(): void {
  if (sessionDialogOpen) return;
  sessionDialogOpen = true;
  confirmDialog({
    title: API_MESSAGES.sessionExpiredTitle,
    content: API_MESSAGES.sessionExpired,
    okText: API_MESSAGES.relogin,
    cancelText: API_MESSAGES.cancel,
    onOk: () => {
      sessionDialogOpen = false;
      clearSession();
      // The reload lands on the route guard, which sends the user to /login?redirect=<this page>.
      window.location.reload();
    },
    onCancel: () => {
      sessionDialogOpen = false;
    },
  });
}

/** An upload-progress callback for a caller that wants the share sent (0–1), e.g. a progress bar. */
export function uploadShare(onShare: (sent: number) => void) {
  return (loaded: number, total: number) => onShare(total > 0 ? Math.min(1, loaded / total) : 0);
}
