import { ecb } from '@noble/ciphers/aes.js';
import { bytesToHex, bytesToUtf8, hexToBytes, utf8ToBytes } from './bytes.ts';
import { KEY_LENGTH } from './constants.ts';

/**
 * AES-256-ECB with PKCS#7 padding, as the legacy wire format requires (protocol.md).
 * ECB is kept for compatibility only; TLS and the server-side session are the security.
 */
function keyBytes(key: string): Uint8Array {
  const bytes = utf8ToBytes(key);
  if (bytes.length !== KEY_LENGTH) {
    throw new ProtocolError('bad-key', `密钥长度必须为${KEY_LENGTH}个字符`);
  }
  return bytes;
}

/** Encrypts the JSON text of a call's parameters; returns lowercase hex. */
export function encryptText(plaintext: string, key: string): string {
  return bytesToHex(ecb(keyBytes(key)).encrypt(utf8ToBytes(plaintext)));
}

/** Decrypts a hex body (either case) back to its UTF-8 text. */
export function decryptText(hexBody: string, key: string): string {
  const trimmed = hexBody.trim();
  if (trimmed.length === 0 || trimmed.length % 32 !== 0 || !/^[0-9a-fA-F]+$/.test(trimmed)) {
    throw new ProtocolError('bad-body', '请求体不是有效的加密数据');
  }
  try {
    return bytesToUtf8(ecb(keyBytes(key)).decrypt(hexToBytes(trimmed.toLowerCase())));
  } catch (cause) {
    if (cause instanceof ProtocolError) throw cause;
    throw new ProtocolError('bad-body', '请求体无法解密，请重新登录后再试');
  }
}

export type ProtocolErrorCode = 'bad-key' | 'bad-body' | 'bad-envelope';

export class ProtocolError extends Error {
  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}
