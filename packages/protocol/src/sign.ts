import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from './bytes.ts';

/** sign = lowercase hex MD5 of `payload + loginName + guid + timestamp` (protocol.md). */
export function computeSign(payload: string, loginName: string, guid: string, timestamp: string | number): string {
  return bytesToHex(md5(utf8ToBytes(`${payload}${loginName}${guid}${timestamp}`)));
}

/** Compares two sign strings without an early exit, so timing does not leak the expected value. */
export function signsEqual(expected: string, received: string): boolean {
  const a = expected.toLowerCase();
  const b = received.toLowerCase();
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
