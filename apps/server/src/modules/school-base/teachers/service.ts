import type { Teacher } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { conflict, ruleBroken } from '../../../platform/errors.ts';
import { disableAccount, resetPassword } from '../../auth/index.ts';
import { auditWrite, type CallParams, idOf, optionalIdOf, ownedBy, raceToConflict, schoolOf } from '../access.ts';
import { initialPasswordHash } from '../accounts/initial-password.ts';
import { followAccount, openAccount, resetPasswordOf } from '../accounts/person-accounts.ts';
import { loginNameOf } from '../accounts/repo.ts';
import * as repo from './repo.ts';

/** Teachers (teacherId), each with an account named after the phone: type 1, or 5 for 教务管理员. */
export function createTeachersService(db: Db) {
  return {
    async teachers(actor: Actor, p: CallParams<'teachers'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const page = await repo.teacherPage(db, {
        schoolId,
        keyword: p.keyword || undefined,
        offset: (p.currentPage - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return { ...page, currentPage: p.currentPage, pageSize: p.pageSize };
    },

    async editTeacher(actor: Actor, p: CallParams<'editTeacher'>): Promise<Teacher> {
      const schoolId = schoolOf(actor, p.schoolId);
      const teacherId = optionalIdOf(p.teacherId, '教师');
      const values = { name: p.name, phone: p.phone, gender: p.gender ?? null };
      const account = {
        loginName: p.phone,
        type: p.isAdmin ? (5 as const) : (1 as const),
        schoolId,
        userCode: p.phone,
        name: p.name,
      };
      const passwordHash = teacherId === null ? await initialPasswordHash() : '';
      const savedId = await db
        .transaction(async (tx) => {
          const before =
            teacherId === null
              ? null
              : ownedBy(await repo.findTeacher(tx, teacherId), schoolId, '该教师不存在或已删除');
          const samePhone = await repo.teacherWithPhone(tx, schoolId, p.phone, before?.id);
          if (samePhone) throw conflict(`手机号 ${p.phone} 已被教师 ${samePhone.name} 使用`);
          if (!before) {
            const userId = await openAccount(tx, account, `教师 ${p.name}`, passwordHash);
            const id = await repo.insertTeacher(tx, schoolId, userId, values);
            await auditWrite(tx, actor, 'teacher.add', `teacher:${id}`, { after: { ...values, type: account.type } });
            return id;
          }
          // An administrator cannot lock themselves (and possibly the whole school) out of base data.
          if (before.userId === actor.userId && account.type !== 5) {
            throw ruleBroken('不能取消自己的教务管理员身份，请让其他教务管理员操作');
          }
          await followAccount(tx, before.userId, await loginNameOf(tx, before.userId), account, `教师 ${p.name}`);
          await repo.updateTeacher(tx, before.id, values);
          await auditWrite(tx, actor, 'teacher.update', `teacher:${before.id}`, {
            before,
            after: { ...values, type: account.type },
          });
          return before.id;
        })
        .catch(raceToConflict);
      return (await repo.teacherView(db, savedId))!;
    },

    /** Refused while the teacher has class-teacher links or leader roles; the account is disabled, not deleted. */
    async deleteTeacher(actor: Actor, p: CallParams<'deleteTeacher'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const teacherId = idOf(p.teacherId, '教师');
      await db.transaction(async (tx) => {
        const teacher = ownedBy(await repo.findTeacher(tx, teacherId), schoolId, '该教师不存在或已删除');
        if (teacher.userId === actor.userId) throw ruleBroken('不能删除自己的教师信息');
        const links = await repo.countLinksOfTeacher(tx, teacherId);
        if (links > 0) throw ruleBroken(`教师 ${teacher.name} 还有 ${links} 条任课关系，不能删除`);
        const leaders = await repo.countLeadersOfTeacher(tx, teacherId);
        if (leaders > 0) throw ruleBroken(`教师 ${teacher.name} 还担任 ${leaders} 个组织领导职务，不能删除`);
        await repo.deleteTeacher(tx, teacherId);
        await disableAccount(tx, teacher.userId);
        await auditWrite(tx, actor, 'teacher.delete', `teacher:${teacherId}`, { before: teacher });
      });
      return null;
    },

    /** An administrator's reset: the teacher must choose a new password at the next login. */
    async resetTeacherPassword(actor: Actor, p: CallParams<'resetTeacherPassword'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const teacherId = idOf(p.teacherId, '教师');
      // Checked before hashing, so a stranger's id is refused without the slow hash.
      ownedBy(await repo.findTeacher(db, teacherId), schoolId, '该教师不存在或已删除');
      const reset = await resetPasswordOf(p.newPsw);
      const loginName = await db.transaction(async (tx) => {
        const teacher = ownedBy(await repo.findTeacher(tx, teacherId), schoolId, '该教师不存在或已删除');
        await resetPassword(tx, teacher.userId, reset.hash);
        await auditWrite(tx, actor, 'teacher.password-reset', `teacher:${teacherId}`, {
          after: { chosen: reset.chosen },
        });
        return loginNameOf(tx, teacher.userId);
      });
      return { loginName, password: reset.password };
    },
  };
}
