import { randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const SESSION_HOURS = 24;
export const TICKET_SECONDS = 120;

export interface SessionClaims {
  userId: number;
  sessionId: number;
  type: number;
  schoolId: number;
}

/** 32 hex characters from 16 random bytes: the session's AES key (protocol.md). */
export function newSessionToken(): string {
  return randomBytes(16).toString('hex');
}

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);

  return {
    async signSession(claims: SessionClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId, type: claims.type, schoolId: claims.schoolId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setAudience('huikao-session')
        .sign(key);
    },

    /** 'expired' and 'invalid' are told apart so the user gets the right message. */
    async verifySession(jwt: string): Promise<SessionClaims | 'expired' | 'invalid'> {
      try {
        const { payload } = await jwtVerify(jwt, key, { algorithms: ['HS256'], audience: 'huikao-session' });
        const userId = Number(payload.sub);
        const sessionId = Number(payload.sid);
        if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(sessionId)) return 'invalid';
        return { userId, sessionId, type: Number(payload.type), schoolId: Number(payload.schoolId) };
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },

    /** A signed, short-lived login ticket; its jti is stored so it can be used once. */
    async signTicket(userId: number): Promise<{ ticket: string; jti: string; expiresAt: Date }> {
      const jti = randomUUID();
      const expiresAt = new Date(Date.now() + TICKET_SECONDS * 1000);
      const ticket = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setAudience('huikao-login-ticket')
        .sign(key);
      return { ticket, jti, expiresAt };
    },

    async verifyTicket(ticket: string): Promise<{ userId: number; jti: string } | 'expired' | 'invalid'> {
      try {
        const { payload } = await jwtVerify(ticket, key, { algorithms: ['HS256'], audience: 'huikao-login-ticket' });
        if (!payload.jti || !payload.sub) return 'invalid';
        return { userId: Number(payload.sub), jti: payload.jti };
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
