import { LEADER_ROLES, type OrganLeader } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, conflict, notFound, ruleBroken } from '../../../platform/errors.ts';
import { auditWrite, type CallParams, idOf, optionalIdOf, ownedBy, raceToConflict, schoolOf } from '../access.ts';
import { findEduCourses, findEduGrade, schoolGradeIdOf, schoolTeachesCourse } from '../grades/repo.ts';
import { findTeacher } from '../teachers/repo.ts';
import * as repo from './repo.ts';

/**
 * The scope each role needs (roles-and-permissions.md): 校长 and 副校长 the whole school, 年级主任
 * one grade, 教研组长 one course in every grade, 备课组长 one course in one grade. A scope the
 * role does not use is dropped rather than stored, so it can never widen or narrow a reading right.
 */
const SCOPE: Record<number, { grade: boolean; course: boolean }> = {
  1: { grade: false, course: false },
  2: { grade: false, course: false },
  3: { grade: true, course: false },
  4: { grade: false, course: true },
  5: { grade: true, course: true },
};

const roleName = (role: number) => LEADER_ROLES[role as keyof typeof LEADER_ROLES] ?? '该职务';

/** Organisation leaders (solId): a teacher's role and its scope. */
export function createLeadersService(db: Db) {
  async function checkScope(
    tx: Executor,
    schoolId: number,
    role: number,
    gradeId: number | null,
    courseId: number | null,
  ) {
    const grade = gradeId === null ? null : await findEduGrade(tx, gradeId);
    if (gradeId !== null && !grade) throw notFound(`年级不存在（gradeId ${gradeId}）`);
    if (grade && (await schoolGradeIdOf(tx, schoolId, grade.id)) === null) {
      throw ruleBroken(`本校还没有开设${grade.name}，不能设置该年级的${roleName(role)}`);
    }
    if (courseId === null) return;
    const [course] = await findEduCourses(tx, [courseId]);
    if (!course) throw notFound(`学科不存在（courseId ${courseId}）`);
    if (!(await schoolTeachesCourse(tx, schoolId, courseId, gradeId))) {
      throw ruleBroken(`本校${grade?.name ?? ''}没有开设${course.name}，不能设置该学科的${roleName(role)}`);
    }
  }

  return {
    organLeaders(actor: Actor, p: CallParams<'organLeaders'>): Promise<OrganLeader[]> {
      return repo.leaderViews(db, { schoolId: schoolOf(actor, p.schoolId) });
    },

    async myOrganLeaders(actor: Actor, p: CallParams<'myOrganLeaders'>): Promise<OrganLeader[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const teacherId = idOf(p.teacherId, '教师');
      ownedBy(await findTeacher(db, teacherId), schoolId, '该教师不存在或已删除');
      return repo.leaderViews(db, { schoolId, teacherId });
    },

    async editOrganLeader(actor: Actor, p: CallParams<'editOrganLeader'>): Promise<OrganLeader> {
      const schoolId = schoolOf(actor, p.schoolId);
      const solId = optionalIdOf(p.solId, '组织领导');
      const teacherId = idOf(p.teacherId, '教师');
      const scope = SCOPE[p.role]!;
      const gradeId = scope.grade ? optionalIdOf(p.gradeId, '年级') : null;
      const courseId = scope.course ? optionalIdOf(p.courseId, '学科') : null;
      if (scope.grade && gradeId === null) throw badInput(`${roleName(p.role)}需要选择年级`, { field: 'gradeId' });
      if (scope.course && courseId === null) throw badInput(`${roleName(p.role)}需要选择学科`, { field: 'courseId' });
      const values = { teacherId, role: p.role, gradeId, courseId };
      const savedId = await db
        .transaction(async (tx) => {
          const before =
            solId === null ? null : ownedBy(await repo.findLeader(tx, solId), schoolId, '该组织领导不存在或已删除');
          const teacher = ownedBy(await findTeacher(tx, teacherId), schoolId, '该教师不存在或已删除');
          if (teacher.status !== 1) throw ruleBroken(`教师 ${teacher.name} 已离职，不能担任组织领导`);
          await checkScope(tx, schoolId, p.role, gradeId, courseId);
          if (await repo.sameLeaderExists(tx, schoolId, values, before?.id)) {
            throw conflict(`教师 ${teacher.name} 已担任该范围的${roleName(p.role)}`);
          }
          const id = before ? before.id : await repo.insertLeader(tx, schoolId, values);
          if (before) await repo.updateLeader(tx, id, values);
          await auditWrite(tx, actor, before ? 'organ-leader.update' : 'organ-leader.add', `organ-leader:${id}`, {
            before,
            after: values,
          });
          return id;
        })
        .catch(raceToConflict);
      const [view] = await repo.leaderViews(db, { schoolId, solId: savedId });
      return view!;
    },

    async deleteOrganLeader(actor: Actor, p: CallParams<'deleteOrganLeader'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const solId = idOf(p.solId, '组织领导');
      await db.transaction(async (tx) => {
        const leader = ownedBy(await repo.findLeader(tx, solId), schoolId, '该组织领导不存在或已删除');
        await repo.deleteLeader(tx, solId);
        await auditWrite(tx, actor, 'organ-leader.delete', `organ-leader:${solId}`, { before: leader });
      });
      return null;
    },

    /** findUserInfo: the teacher's leader roles. */
    leadersOf: (schoolId: number, teacherId: number) => repo.leaderViews(db, { schoolId, teacherId }),
  };
}
