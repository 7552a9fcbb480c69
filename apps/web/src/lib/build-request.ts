import type { Endpoint, StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest, buildFormRequest, HEADER, type SigningContext } from '@huikao/protocol';

/** Everything a request depends on besides its parameters; explicit so the shared vectors can pin it. */
export interface RequestContext {
  /** The logged-in user, or null before login. */
  user: StoredUser | null;
  /** Key of `public` encrypted calls (the app key). */
  appKey: string;
  guid: string;
  timestamp: number;
}

export interface HttpRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | FormData;
}

/**
 * Turns a call into its wire form, by the endpoint's protocol kind (protocol.md). The encoding
 * itself is @huikao/protocol's; this only picks key, login name and headers.
 */
export function buildHttpRequest(endpoint: Endpoint, params: unknown, context: RequestContext): HttpRequest {
  const isPublic = endpoint.access === 'public';
  // Before login the login name is empty and there is no jwtToken (protocol.md).
  const loginName = isPublic ? '' : (context.user?.loginName ?? '');
  const jwtToken = isPublic ? undefined : context.user?.jwtToken;
  const signing: SigningContext = { loginName, guid: context.guid, timestamp: context.timestamp, jwtToken };
  const plainHeaders = identityHeaders(loginName, jwtToken);

  switch (endpoint.kind) {
    case 'encrypted': {
      const key = isPublic ? context.appKey : (context.user?.token ?? '');
      const signed = buildEncryptedRequest(params, key, signing);
      return post(endpoint.path, signed.body, { ...signed.headers, 'Content-Type': signed.contentType });
    }
    case 'form': {
      const signed = buildFormRequest(params, signing);
      return post(endpoint.path, signed.body, { ...signed.headers, 'Content-Type': signed.contentType });
    }
    case 'json':
      return post(endpoint.path, JSON.stringify(params ?? {}), { ...plainHeaders, 'Content-Type': 'application/json' });
    case 'query':
      return { url: withQuery(endpoint.path, params), method: 'POST', headers: plainHeaders };
    case 'get':
      return { url: withQuery(endpoint.path, params), method: 'GET', headers: plainHeaders };
    case 'multipart':
      // No Content-Type: the browser writes the multipart boundary itself.
      return post(endpoint.path, toFormData(params), plainHeaders);
  }
}

function post(url: string, body: string | FormData, headers: Record<string, string>): HttpRequest {
  return { url, method: 'POST', headers, body };
}

function identityHeaders(loginName: string, jwtToken: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (loginName) headers[HEADER.loginName] = loginName;
  if (jwtToken) headers[HEADER.jwtToken] = jwtToken;
  return headers;
}

/** Scalars as text, objects as JSON; null and undefined are left out rather than sent as "null". */
function fieldText(value: unknown): string {
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function withQuery(path: string, params: unknown): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const element of value) query.append(name, fieldText(element));
    } else {
      query.append(name, fieldText(value));
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function toFormData(params: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof Blob ? value : fieldText(value));
  }
  return form;
}

/** The file name of a download: RFC 5987 `filename*=UTF-8''…` first, then a plain (maybe percent-encoded) `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const decoded = safeDecode(unquote(extended[2]));
    if (decoded) return decoded;
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = plain?.[2] ?? plain?.[1];
  if (!value) return null;
  return safeDecode(unquote(value)) ?? unquote(value);
}

function unquote(value: string): string {
  return value.trim().replace(/^"(.*)"$/, '$1');
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
