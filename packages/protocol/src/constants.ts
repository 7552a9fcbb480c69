/** Header names of protocol.md, exactly as the wire carries them. */
export const HEADER = {
  loginName: 'loginName',
  guid: 'guid',
  timestamp: 'timestamp',
  sign: 'sign',
  jwtToken: 'jwtToken',
} as const;

/** A signed call is accepted only within ±300 s of server time (protocol.md, check 2). */
export const TIMESTAMP_WINDOW_MS = 300_000;

/** AES-256 needs 32 key bytes: the session token and the app key are 32 ASCII characters. */
export const KEY_LENGTH = 32;
