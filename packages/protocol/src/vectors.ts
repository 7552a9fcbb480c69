// The shared test vectors, typed, for the server's and the web's tests alike.
import vectors from '../test-vectors/protocol-vectors.json' with { type: 'json' };

export interface EncryptedVector {
  name: string;
  key: string;
  loginName: string;
  jwtToken: string | null;
  guid: string;
  timestamp: number;
  params: unknown;
  plaintext: string;
  body: string;
  sign: string;
}

export interface FormVector {
  name: string;
  loginName: string;
  jwtToken: string;
  guid: string;
  timestamp: number;
  params: unknown;
  uuid: string;
  sign: string;
}

export const protocolVectors = vectors as {
  appKey: string;
  sessionToken: string;
  encrypted: EncryptedVector[];
  form: FormVector[];
};
