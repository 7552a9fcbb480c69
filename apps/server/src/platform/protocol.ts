import { textSchema } from '@huikao/contracts';
import {
  computeSign,
  decodeUuid,
  decryptText,
  HEADER,
  ProtocolError,
  signsEqual,
  TIMESTAMP_WINDOW_MS,
} from '@huikao/protocol';
import type { FastifyRequest } from 'fastify';
import { protocolRefusal } from './errors.ts';

// The checks of protocol.md, in its order. Each refusal has its own message and code;
// nothing here logs the token or the plaintext.

export interface SignedFields {
  loginName: string;
  guid: string;
  timestamp: string;
  sign: string;
  /** The text the sign covers: the hex body, or the form's uuid. */
  payload: string;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function jwtTokenOf(request: FastifyRequest): string | undefined {
  return header(request, HEADER.jwtToken) || undefined;
}

export function loginNameOf(request: FastifyRequest): string | undefined {
  const value = header(request, HEADER.loginName);
  return value === undefined ? undefined : decodeHeader(value);
}

/** Browsers cannot send non-ASCII header values raw; clients may percent-encode them. */
function decodeHeader(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function encryptedFields(request: FastifyRequest): SignedFields {
  const body = request.body;
  if (typeof body !== 'string' || body.trim().length === 0) {
    throw protocolRefusal(400, '请求体为空或格式错误：加密接口的请求体应为十六进制密文（Content-Type: text/plain）');
  }
  return {
    loginName: signedText(loginNameOf(request) ?? '', 'loginName'),
    guid: signedText(requireField(header(request, HEADER.guid), 'guid'), 'guid'),
    timestamp: requireField(header(request, HEADER.timestamp), 'timestamp'),
    sign: requireField(header(request, HEADER.sign), 'sign'),
    payload: body.trim(),
  };
}

export function formFields(request: FastifyRequest): SignedFields {
  const form = (request.body ?? {}) as Record<string, unknown>;
  const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
  return {
    loginName: signedText(field('loginName') ?? loginNameOf(request) ?? '', 'loginName'),
    guid: signedText(requireField(field('guid') ?? header(request, HEADER.guid), 'guid'), 'guid'),
    timestamp: requireField(field('timestamp') ?? header(request, HEADER.timestamp), 'timestamp'),
    sign: requireField(field('sign') ?? header(request, HEADER.sign), 'sign'),
    payload: requireField(field('uuid'), 'uuid'),
  };
}

// The login name and guid are stored (replay memory) before the parameters are read, so they
// follow the contracts' text rules here: a NUL byte would otherwise fail the insert with a 500.
const signedTextSchemas = {
  loginName: textSchema('签名字段 loginName ', { max: 64, trim: false }),
  guid: textSchema('签名字段 guid ', { max: 64, trim: false }),
};

function signedText(value: string, name: keyof typeof signedTextSchemas): string {
  const checked = signedTextSchemas[name].safeParse(value);
  if (!checked.success) throw protocolRefusal(400, checked.error.issues[0]?.message ?? `签名字段 ${name} 不正确`);
  return checked.data;
}

function requireField(value: string | undefined, name: string): string {
  if (!value) throw protocolRefusal(400, `缺少签名字段 ${name}`);
  return value;
}

/** Check 2: the timestamp is within ±300 s of server time. */
export function checkTimestamp(timestamp: string, now = Date.now()): void {
  const at = Number(timestamp);
  if (!/^\d{1,16}$/.test(timestamp) || !Number.isSafeInteger(at)) {
    throw protocolRefusal(400, '请求时间戳格式错误：应为毫秒数');
  }
  if (Math.abs(now - at) > TIMESTAMP_WINDOW_MS) {
    throw protocolRefusal(400, '请求时间戳已过期或超前（允许误差±300秒），请校准设备时间后重试');
  }
}

/** Check 3: sign = MD5(payload + loginName + guid + timestamp), compared in constant time. */
export function checkSign(fields: SignedFields): void {
  const expected = computeSign(fields.payload, fields.loginName, fields.guid, fields.timestamp);
  if (!signsEqual(expected, fields.sign)) throw protocolRefusal(400, '请求签名校验失败');
}

/** Check 6 (first half): the hex body decrypts to JSON. */
export function decryptParams(hexBody: string, key: string): unknown {
  let text: string;
  try {
    text = decryptText(hexBody, key);
  } catch (error) {
    if (error instanceof ProtocolError) throw protocolRefusal(400, error.message);
    throw error;
  }
  return parseJson(text);
}

export function uuidParams(uuid: string): unknown {
  try {
    return decodeUuid(uuid);
  } catch (error) {
    if (error instanceof ProtocolError) throw protocolRefusal(400, error.message);
    throw error;
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw protocolRefusal(400, '请求参数不是有效的 JSON');
  }
}
