import { describe, expect, it } from 'vitest';
import {
  buildEncryptedRequest,
  buildFormRequest,
  computeSign,
  decodeUuid,
  decryptText,
  encryptText,
  ProtocolError,
  signsEqual,
} from './index.ts';
import { protocolVectors } from './vectors.ts';

describe('encrypted body vectors', () => {
  for (const v of protocolVectors.encrypted) {
    it(v.name, () => {
      const request = buildEncryptedRequest(v.params, v.key, {
        loginName: v.loginName,
        guid: v.guid,
        timestamp: v.timestamp,
        jwtToken: v.jwtToken ?? undefined,
      });
      expect(request.body).toBe(v.body);
      expect(request.headers.sign).toBe(v.sign);
      expect(request.headers.timestamp).toBe(String(v.timestamp));
      expect(request.headers.jwtToken).toBe(v.jwtToken ?? undefined);
      expect(decryptText(v.body, v.key)).toBe(v.plaintext);
      expect(decryptText(v.body.toUpperCase(), v.key)).toBe(v.plaintext);
    });
  }
});

describe('form envelope vectors', () => {
  for (const v of protocolVectors.form) {
    it(v.name, () => {
      const request = buildFormRequest(v.params, v);
      const form = new URLSearchParams(request.body);
      expect(form.get('uuid')).toBe(v.uuid);
      expect(form.get('sign')).toBe(v.sign);
      expect(form.get('loginName')).toBe(v.loginName);
      expect(form.get('guid')).toBe(v.guid);
      expect(form.get('timestamp')).toBe(String(v.timestamp));
      expect(decodeUuid(v.uuid)).toEqual(v.params);
    });
  }
});

describe('refusals', () => {
  const key = protocolVectors.sessionToken;
  it('refuses a key that is not 32 characters', () => {
    expect(() => encryptText('{}', 'short')).toThrow(ProtocolError);
  });
  it('refuses a body that is not hex or not whole blocks', () => {
    expect(() => decryptText('zz', key)).toThrow('请求体不是有效的加密数据');
    expect(() => decryptText('abcd', key)).toThrow('请求体不是有效的加密数据');
    expect(() => decryptText('', key)).toThrow('请求体不是有效的加密数据');
  });
  it('refuses a body encrypted with another key', () => {
    const body = encryptText('{"a":1}', protocolVectors.appKey);
    expect(() => decryptText(body, key)).toThrow(ProtocolError);
  });
  it('refuses a uuid that is not Base64 JSON', () => {
    expect(() => decodeUuid('!!!')).toThrow('uuid');
  });
  it('compares signs in either case and refuses a different one', () => {
    const sign = computeSign('ab', 'u', 'g', 1);
    expect(signsEqual(sign, sign.toUpperCase())).toBe(true);
    expect(signsEqual(sign, computeSign('ab', 'u', 'g', 2))).toBe(false);
    expect(signsEqual(sign, sign.slice(1))).toBe(false);
  });
});
