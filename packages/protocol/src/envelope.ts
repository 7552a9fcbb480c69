import { base64ToBytes, bytesToBase64, bytesToUtf8, utf8ToBytes } from './bytes.ts';
import { encryptText, ProtocolError } from './cipher.ts';
import { HEADER } from './constants.ts';
import { computeSign } from './sign.ts';

export interface SigningContext {
  loginName: string;
  guid: string;
  timestamp: number;
  /** Absent before login. */
  jwtToken?: string;
}

export interface SignedRequest {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

function signedHeaders(context: SigningContext, sign: string): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.loginName]: context.loginName,
    [HEADER.guid]: context.guid,
    [HEADER.timestamp]: String(context.timestamp),
    [HEADER.sign]: sign,
  };
  if (context.jwtToken) headers[HEADER.jwtToken] = context.jwtToken;
  return headers;
}

/** The analysis service's encrypted body: hex of AES-256-ECB(JSON(params)), signed. */
export function buildEncryptedRequest(params: unknown, key: string, context: SigningContext): SignedRequest {
  const body = encryptText(JSON.stringify(params ?? {}), key);
  const sign = computeSign(body, context.loginName, context.guid, context.timestamp);
  return { body, contentType: 'text/plain', headers: signedHeaders(context, sign) };
}

/** Base64 of the UTF-8 JSON of the parameters: the form envelope's `uuid` field. */
export function encodeUuid(params: unknown): string {
  return bytesToBase64(utf8ToBytes(JSON.stringify(params ?? {})));
}

export function decodeUuid(uuid: string): unknown {
  try {
    return JSON.parse(bytesToUtf8(base64ToBytes(uuid)));
  } catch {
    throw new ProtocolError('bad-envelope', '请求参数 uuid 不是有效的 Base64 JSON');
  }
}

/** The question bank's form envelope: uuid, loginName, guid, timestamp and sign as form fields. */
export function buildFormRequest(params: unknown, context: SigningContext): SignedRequest {
  const uuid = encodeUuid(params);
  const sign = computeSign(uuid, context.loginName, context.guid, context.timestamp);
  const form = new URLSearchParams({
    uuid,
    loginName: context.loginName,
    guid: context.guid,
    timestamp: String(context.timestamp),
    sign,
  });
  const headers: Record<string, string> = {};
  if (context.jwtToken) headers[HEADER.jwtToken] = context.jwtToken;
  return { body: form.toString(), contentType: 'application/x-www-form-urlencoded', headers };
}
