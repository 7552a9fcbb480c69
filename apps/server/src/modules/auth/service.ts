import { SERVICE_PREFIX, type StoredUser, type UserInfo, type updatePswParams } from '@huikao/contracts';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit-log.ts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, notFound, ruleBroken } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import * as repo from './repo.ts';
import type { SchoolDirectory } from './school-directory.ts';
import { accountsChanged } from './session-cache.ts';
import { newSessionToken, SESSION_HOURS, type TokenSigner } from './tokens.ts';

export const LOCKOUT = { attempts: 5, windowMinutes: 15, lockMinutes: 15 } as const;

/** Account types a school administrator may issue login tickets for: teachers and students. */
const TICKET_TARGET_TYPES: readonly number[] = [1, 2];

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

const APPS_SERVERS_NAMES: Record<string, string> = {
  analysis: '成绩分析服务',
  schoolbase: '学校基础数据中心',
  mark: '阅卷服务',
  tool: '文件工具服务',
  file: '文件服务',
  subdata: '资源数据服务',
  tiku: '题库服务',
};

const SCHOOL_CLOCK = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  hour: '2-digit',
  minute: '2-digit',
});

/** HH:mm in the schools' time zone, for lockout messages. */
function clock(at: Date): string {
  return SCHOOL_CLOCK.format(at);
}

export function createAuthService(db: Db, signer: TokenSigner, schools: SchoolDirectory) {
  // Verifying against a real hash for unknown accounts keeps their timing like a wrong password.
  const dummyHash = hashPassword('unknown-account-timing-guard');
  // Awaited at the first unknown login: observed now, so a failure is not an unhandled rejection.
  dummyHash.catch(() => {});

  async function startSession(user: repo.UserRow, meta: RequestMeta, action: string): Promise<StoredUser> {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + SESSION_HOURS * 3600_000);
    const session = await db.transaction(async (tx) => {
      await repo.clearFailures(tx, user.id);
      if (user.lockedUntil) await repo.setLockedUntil(tx, user.id, null);
      // A user's own expired sessions go at each login, between the periodic prunes.
      await repo.pruneOpenSessionsOf(tx, user.id, new Date());
      const created = await repo.insertSession(tx, { userId: user.id, token, expiresAt, ...meta });
      await appendAudit(tx, {
        actorUserId: user.id,
        actorLoginName: user.loginName,
        schoolId: user.schoolId,
        action,
        target: `session:${created.id}`,
        ip: meta.ip,
      });
      return created;
    });
    const jwtToken = await signer.signSession(
      { userId: user.id, sessionId: session.id, type: user.type, schoolId: user.schoolId },
      expiresAt,
    );
    return {
      loginName: user.loginName,
      token,
      jwtToken,
      type: user.type,
      schoolId: String(user.schoolId),
      userCode: user.userCode,
      name: user.name,
      mustChangePsw: user.mustChangePassword,
      ...(user.tempExpiresAt ? { tempMarker: true } : {}),
    };
  }

  /**
   * Counts the attempt as a failure BEFORE the password is checked, under a lock on the user's row,
   * so concurrent attempts queue here and the sixth never reaches argon2. The attempt that fills the
   * window locks the account at once; a right password then lifts the lock (startSession clears
   * failures and lock), a wrong one leaves it.
   */
  async function claimAttempt(userId: number, ip: string | undefined, now: Date) {
    return db.transaction(async (tx) => {
      const lockedUntil = await repo.lockUserForLogin(tx, userId);
      if (lockedUntil && lockedUntil > now) return { refusedUntil: lockedUntil, failures: 0, locksUntil: null };
      const since = new Date(now.getTime() - LOCKOUT.windowMinutes * 60_000);
      const failures = (await repo.failuresSince(tx, userId, since)) + 1;
      await repo.recordFailure(tx, userId, ip, now);
      let locksUntil: Date | null = null;
      if (failures >= LOCKOUT.attempts) {
        locksUntil = new Date(now.getTime() + LOCKOUT.lockMinutes * 60_000);
        await repo.setLockedUntil(tx, userId, locksUntil);
      }
      return { refusedUntil: null, failures, locksUntil };
    });
  }

  return {
    async login(loginName: string, password: string, meta: RequestMeta): Promise<StoredUser> {
      const user = await repo.findUserByLoginName(db, loginName);
      if (!user || (user.disabled && !user.tempExpiresAt)) {
        // The same work and the same answer as a wrong password: nothing tells whether the account exists.
        await verifyPassword(await dummyHash, password);
        await appendAudit(db, { actorLoginName: loginName, action: 'auth.login.failed', ip: meta.ip });
        throw ruleBroken('账号或密码错误');
      }
      const now = new Date();
      const attempt = await claimAttempt(user.id, meta.ip, now);
      if (attempt.refusedUntil) {
        throw ruleBroken(`密码错误次数过多，账号已锁定，请于 ${clock(attempt.refusedUntil)} 后再试`);
      }
      if (await verifyPassword(user.passwordHash, password)) {
        // A temporary marker who knows the password is told why: disabled or past its expiry.
        if (user.disabled) throw ruleBroken('该临时阅卷账号已停用，请联系阅卷管理员');
        if (user.tempExpiresAt && user.tempExpiresAt.getTime() <= now.getTime()) {
          throw ruleBroken(`该临时阅卷账号已于 ${clock(user.tempExpiresAt)} 过期，请联系阅卷管理员`);
        }
        // The attempt itself may have set the lock after the row was read: startSession lifts it.
        return startSession({ ...user, lockedUntil: attempt.locksUntil ?? user.lockedUntil }, meta, 'auth.login');
      }

      const audit = { actorUserId: user.id, actorLoginName: user.loginName, schoolId: user.schoolId, ip: meta.ip };
      await appendAudit(db, { ...audit, action: 'auth.login.failed', after: { failures: attempt.failures } });
      if (!attempt.locksUntil) throw ruleBroken('账号或密码错误');
      await appendAudit(db, {
        ...audit,
        action: 'auth.locked',
        after: { lockedUntil: attempt.locksUntil.toISOString() },
      });
      throw ruleBroken(
        `密码连续错误${LOCKOUT.attempts}次，账号已锁定${LOCKOUT.lockMinutes}分钟，请于 ${clock(attempt.locksUntil)} 后再试`,
      );
    },

    /** Exchanges a one-time login ticket for a session (the /autoLogin page). */
    async autoLogin(ticket: string, meta: RequestMeta): Promise<StoredUser> {
      const claims = await signer.verifyTicket(ticket);
      if (claims === 'expired') throw ruleBroken('登录票据已过期，请重新获取');
      if (claims === 'invalid') throw ruleBroken('登录票据无效');
      const user = await repo.findUserById(db, claims.userId);
      if (!user || user.disabled) throw ruleBroken('登录票据对应的账号不存在或已停用');
      if (!(await repo.useTicket(db, claims.jti, user.id))) throw ruleBroken('登录票据已使用，每张票据只能登录一次');
      return startSession(user, meta, 'auth.autologin');
    },

    /**
     * A ticket is a session of the target, so it may only reach what the issuer already reaches: a
     * school administrator issues for the teachers (type 1) and students (type 2) of their own school,
     * never for another administrator or a manager (type 4 reads other schools).
     */
    async issueTicket(actor: Actor, loginName: string) {
      const user = await repo.findUserByLoginName(db, loginName);
      if (!user) throw notFound(`账号 ${loginName} 不存在`);
      if (user.schoolId !== actor.schoolId) throw forbidden('只能为本校账号签发登录票据');
      if (!TICKET_TARGET_TYPES.includes(user.type)) throw forbidden('只能为本校教师和学生账号签发登录票据');
      if (user.disabled) throw ruleBroken(`账号 ${loginName} 已停用，不能签发登录票据`);
      const { ticket, jti, expiresAt } = await signer.signTicket(user.id);
      await db.transaction(async (tx) => {
        await repo.insertTicket(tx, { jti, userId: user.id, issuedBy: actor.loginName, expiresAt });
        await appendAudit(tx, {
          actorUserId: actor.userId,
          actorLoginName: actor.loginName,
          schoolId: actor.schoolId,
          action: 'auth.ticket.issued',
          target: `user:${user.id}`,
        });
      });
      return { ticket, expiresAt: expiresAt.toISOString(), url: `/autoLogin?ticket=${encodeURIComponent(ticket)}` };
    },

    async updatePassword(actor: Actor, params: z.output<typeof updatePswParams>, meta: RequestMeta): Promise<null> {
      if (
        Number(params.schoolId) !== actor.schoolId ||
        params.userCode !== actor.userCode ||
        params.type !== actor.type
      ) {
        throw forbidden('只能修改自己的密码');
      }
      const user = await repo.findUserById(db, actor.userId);
      if (!user || !(await verifyPassword(user.passwordHash, params.oldPsw))) throw ruleBroken('原始密码错误');
      const passwordHash = await hashPassword(params.newPsw);
      await db.transaction(async (tx) => {
        await repo.setPassword(tx, actor.userId, passwordHash, false);
        // protocol.md: a password change revokes the sessions, this one included; the client logs in again.
        await repo.revokeSessionsOfUser(tx, actor.userId, 'password-changed');
        await appendAudit(tx, {
          actorUserId: actor.userId,
          actorLoginName: actor.loginName,
          schoolId: actor.schoolId,
          action: 'auth.password.changed',
          target: `user:${actor.userId}`,
          ip: meta.ip,
        });
      });
      // Again once committed: a call that read the session between the write and the commit
      // must not keep it (session-cache.ts).
      accountsChanged();
      return null;
    },

    async logout(actor: Actor, meta: RequestMeta): Promise<null> {
      await db.transaction(async (tx) => {
        await repo.revokeSession(tx, actor.sessionId, 'logout');
        await appendAudit(tx, {
          actorUserId: actor.userId,
          actorLoginName: actor.loginName,
          schoolId: actor.schoolId,
          action: 'auth.logout',
          target: `session:${actor.sessionId}`,
          ip: meta.ip,
        });
      });
      accountsChanged();
      return null;
    },

    async userInfo(actor: Actor): Promise<UserInfo> {
      const [user, school, relations, centre] = await Promise.all([
        repo.findUserById(db, actor.userId),
        schools.findSchool(actor.schoolId),
        schools.relationsOf(actor.userId, actor.type, actor.schoolId),
        schools.userCentre(actor.userId, actor.type, actor.schoolId),
      ]);
      if (!user) throw notFound('用户不存在');
      return {
        user: {
          userId: String(user.id),
          loginName: user.loginName,
          name: user.name,
          type: user.type,
          schoolId: String(user.schoolId),
          schoolName: school?.name ?? '',
          userCode: user.userCode,
          mustChangePsw: user.mustChangePassword,
        },
        schoolTeacher: centre.schoolTeacher,
        schoolGradeCourses: centre.schoolGradeCourses,
        appsServers: Object.entries(SERVICE_PREFIX)
          .filter(([code]) => code !== 'platform')
          .map(([code, prefix]) => ({ code, name: APPS_SERVERS_NAMES[code] ?? code, prefix })),
        schoolClassTeachers: centre.schoolClassTeachers,
        schoolOrganLeaders: centre.schoolOrganLeaders,
        schoolRelations: relations,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
