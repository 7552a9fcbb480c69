import { randomInt } from 'node:crypto';
import type { markingTempUsersApi } from '@huikao/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, notFound, ruleBroken } from '../../../platform/errors.ts';
import { assertSchool } from '../../../platform/permissions.ts';
import {
  createTemporaryAccounts,
  disableAccount,
  hashPassword,
  loginNamesTaken,
  temporaryAccount,
  temporaryAccountsOf,
} from '../../auth/index.ts';
import { ownMultiExam } from '../../exams/index.ts';
import { deleteMarkers, upsertMarkers } from '../setup/setup-repo.ts';
import { blocksOfExam, blocksOfMarker } from './temp-users-repo.ts';

type Params<K extends keyof typeof markingTempUsersApi> = z.output<(typeof markingTempUsersApi)[K]['params']>;

// Readable initial passwords: no 0/O, 1/l/I. 10 characters of 55 ≈ 58 bits.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export function readablePassword(length = 10): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The end of the given day in China time (the exam's school day), as an instant. */
function endOfDay(day: string): Date {
  return new Date(`${day}T23:59:59+08:00`);
}

export function createTempUsersService(db: Db) {
  async function hashAll(passwords: string[]) {
    // Two at a time: each is a full argon2id hash (the password is random, not a published constant).
    const hashes = new Array<string>(passwords.length);
    let next = 0;
    const worker = async () => {
      while (next < passwords.length) {
        const i = next++;
        hashes[i] = await hashPassword(passwords[i]!);
      }
    };
    await Promise.all([worker(), worker()]);
    return hashes;
  }

  return {
    async create(actor: Actor, p: Params<'createTempUsers'>) {
      const exam = await ownMultiExam(db, actor, String(actor.schoolId), String(p.meId));
      const expiresOn = p.expiresOn ?? exam.endDate;
      const expiresAt = endOfDay(expiresOn);
      if (expiresAt.getTime() <= Date.now()) throw badInput('有效期不能早于今天', { field: 'expiresOn' });
      const blockIds = [...new Set(p.blockIds.map(Number))];
      const blocks = await blocksOfExam(db, exam.id, blockIds);
      if (blocks.length !== blockIds.length) throw badInput('所选题块不属于该考试', { field: 'blockIds' });

      const width = Math.max(3, String(p.count).length);
      const existing = await temporaryAccountsOf(db, exam.id);
      const start = existing.filter((a) => a.loginName.startsWith(p.prefix)).length + 1;
      const loginNames = Array.from(
        { length: p.count },
        (_, i) => `${p.prefix}${String(start + i).padStart(width, '0')}`,
      );
      const taken = await loginNamesTaken(db, loginNames);
      if (taken.size > 0) throw ruleBroken(`账号 ${[...taken].slice(0, 3).join('、')} 已存在，请换一个账号前缀`);
      const passwords = loginNames.map(() => readablePassword());
      const hashes = await hashAll(passwords);

      const created = await db.transaction(async (tx) => {
        const rows = await createTemporaryAccounts(
          tx,
          loginNames.map((loginName, i) => ({
            loginName,
            schoolId: exam.schoolId,
            name: `临时阅卷${loginName}`,
            passwordHash: hashes[i]!,
            expiresAt,
            forExamId: exam.id,
          })),
        );
        for (const blockId of blockIds) {
          await upsertMarkers(
            tx,
            blockId,
            rows.map((r) => ({ userId: r.id, quota: null, leader: false })),
          );
        }
        await recordAudit(tx, {
          actor,
          action: 'marking.tempUsers.create',
          target: `multi_exam:${exam.id}`,
          after: { loginNames, blockIds, expiresAt: expiresAt.toISOString() },
        });
        return rows;
      });
      const passwordOf = new Map(loginNames.map((n, i) => [n, passwords[i]!]));
      return {
        accounts: created.map((r) => ({
          userId: String(r.id),
          loginName: r.loginName,
          password: passwordOf.get(r.loginName)!,
        })),
        expiresAt: expiresAt.toISOString(),
      };
    },

    async list(actor: Actor, p: Params<'tempLoginUsers'>) {
      const exam = await ownMultiExam(db, actor, String(actor.schoolId), String(p.meId));
      const accounts = await temporaryAccountsOf(db, exam.id);
      const seats = await blocksOfMarker(
        db,
        accounts.map((a) => a.id),
      );
      const now = Date.now();
      return accounts.map((a) => ({
        userId: String(a.id),
        loginName: a.loginName,
        name: a.name,
        expiresAt: a.expiresAt!.toISOString(),
        status: a.disabled
          ? ('disabled' as const)
          : a.expiresAt!.getTime() <= now
            ? ('expired' as const)
            : ('active' as const),
        blockIds: (seats.get(a.id) ?? []).map(String),
      }));
    },

    async disable(actor: Actor, p: Params<'disableTempUser'>, remove = false) {
      const account = await temporaryAccount(db, Number(p.userId));
      if (!account) throw notFound('临时账号不存在');
      assertSchool(actor, account.schoolId);
      await db.transaction(async (tx) => {
        await disableAccount(tx, account.id);
        if (remove) {
          const seats = (await blocksOfMarker(tx, [account.id])).get(account.id) ?? [];
          for (const blockId of seats) await deleteMarkers(tx, blockId, [account.id]);
        }
        await recordAudit(tx, {
          actor,
          action: remove ? 'marking.tempUsers.delete' : 'marking.tempUsers.disable',
          target: `user:${account.id}`,
        });
      });
      return { ok: true as const };
    },
  };
}
