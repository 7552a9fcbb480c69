import type { Actor } from './auth-context.ts';
import { forbidden } from './errors.ts';

/**
 * The one permission check (roles-and-permissions.md). A route names the permission it
 * needs; services call `assertSchool` for every school-scoped id they touch.
 */
export type Permission =
  | 'signed-in'
  /** types 1 and 5 */
  | 'teacher'
  /** type 5 */
  | 'school-admin'
  /** type 2 */
  | 'student'
  /** type 4 */
  | 'manager';

const ALLOWED: Record<Permission, readonly number[]> = {
  'signed-in': [1, 2, 4, 5],
  teacher: [1, 5],
  'school-admin': [5],
  student: [2],
  manager: [4],
};

const REFUSAL: Record<Permission, string> = {
  'signed-in': '请先登录',
  teacher: '仅教师可以使用该功能',
  'school-admin': '仅教务管理员可以使用该功能',
  student: '仅学生可以使用该功能',
  manager: '仅学校或区域管理者可以使用该功能',
};

export function authorize(actor: Actor, permission: Permission): void {
  if (!ALLOWED[permission].includes(actor.type)) throw forbidden(REFUSAL[permission]);
}

/** Refuses (HTTP 403) a school that is neither the actor's own nor, for type 4, one of their relations. */
export function assertSchool(actor: Actor, schoolId: number | string): void {
  const id = Number(schoolId);
  if (!Number.isSafeInteger(id) || !actor.schoolIds.includes(id)) {
    throw forbidden('无权访问其他学校的数据');
  }
}
