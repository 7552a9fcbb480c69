export { decryptText, encryptText, ProtocolError, type ProtocolErrorCode } from './cipher.ts';
export { HEADER, KEY_LENGTH, TIMESTAMP_WINDOW_MS } from './constants.ts';
export {
  buildEncryptedRequest,
  buildFormRequest,
  decodeUuid,
  encodeUuid,
  type SignedRequest,
  type SigningContext,
} from './envelope.ts';
export { computeSign, signsEqual } from './sign.ts';
