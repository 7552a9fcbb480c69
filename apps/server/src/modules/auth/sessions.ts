import type { UserType } from '@huikao/contracts';
import { TIMESTAMP_WINDOW_MS } from '@huikao/protocol';
import type { Actor, SessionResolver } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { unauthenticated } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import type { SchoolDirectory } from './school-directory.ts';
import { LOCKOUT } from './service.ts';
import { createSessionCache } from './session-cache.ts';
import type { TokenSigner } from './tokens.ts';

/** Check 5 of protocol.md, and the replay memory of check 4. */
export function createSessionResolver(db: Db, signer: TokenSigner, schools: SchoolDirectory): SessionResolver {
  const cache = createSessionCache();
  return {
    async resolve(jwtToken, loginName, options) {
      if (!jwtToken) throw unauthenticated('缺少登录令牌 jwtToken，请先登录');
      const known = options?.memory ? cache.get(jwtToken) : undefined;
      if (known) {
        if (!loginName) throw unauthenticated('缺少请求头 loginName');
        if (loginName !== known.loginName) throw unauthenticated('登录名与登录令牌不一致，请重新登录');
        return known;
      }
      const readGeneration = cache.generation();
      const claims = await signer.verifySession(jwtToken);
      if (claims === 'expired') throw unauthenticated('登录已过期，请重新登录');
      if (claims === 'invalid') throw unauthenticated('登录令牌无效，请重新登录');

      const found = await repo.findSessionWithUser(db, claims.sessionId);
      if (!found || found.session.userId !== claims.userId) throw unauthenticated('登录令牌无效，请重新登录');
      const { session, user } = found;
      if (session.revokedAt) throw unauthenticated('登录已失效（已退出登录或密码已修改），请重新登录');
      if (session.expiresAt.getTime() <= Date.now()) throw unauthenticated('登录已过期，请重新登录');
      if (user.disabled) throw unauthenticated('账号已停用，请联系学校管理员');
      if (user.tempExpiresAt && user.tempExpiresAt.getTime() <= Date.now()) {
        throw unauthenticated('临时阅卷账号已过期，请联系阅卷管理员');
      }
      if (!loginName) throw unauthenticated('缺少请求头 loginName');
      if (loginName !== user.loginName) throw unauthenticated('登录名与登录令牌不一致，请重新登录');

      let schoolIds: number[] = [user.schoolId];
      if (user.type === 4) {
        const related = (await schools.relationSchoolIds([user.id])).get(user.id) ?? [];
        schoolIds = [...new Set([user.schoolId, ...related])];
      }
      const actor: Actor = {
        userId: user.id,
        loginName: user.loginName,
        name: user.name,
        type: user.type as UserType,
        schoolId: user.schoolId,
        userCode: user.userCode,
        sessionId: session.id,
        token: session.token,
        schoolIds,
        mustChangePassword: user.mustChangePassword,
        temporaryMarker: user.tempExpiresAt !== null,
      };
      const validUntil = Math.min(
        session.expiresAt.getTime(),
        user.tempExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
      );
      cache.remember(jwtToken, actor, validUntil, readGeneration);
      return actor;
    },

    rememberGuid: (loginName, guid) => repo.rememberNonce(db, loginName, guid),
  };
}

/**
 * The periodic clean-up (app.ts runs it every minute): guids older than twice the timestamp window
 * can never be replayed (the timestamp check refuses them), sessions past their expiry can never be
 * used again, failures older than the lockout window no longer count, and expired tickets are void.
 */
export async function pruneExpired(db: Db, now = new Date()): Promise<void> {
  await repo.pruneNonces(db, new Date(now.getTime() - 2 * TIMESTAMP_WINDOW_MS));
  await repo.pruneSessions(db, now);
  await repo.pruneLoginRecords(db, new Date(now.getTime() - LOCKOUT.windowMinutes * 60_000), now);
}
