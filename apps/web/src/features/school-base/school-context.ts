import { readStoredUser } from '../../lib/session.ts';

/**
 * roles-and-permissions.md: a school administrator (type 5) edits the school's base data; a
 * teacher (type 1) reads it. The browser only hides what the server would refuse anyway.
 */
export function canEditBaseData(type: number | undefined): boolean {
  return type === 5;
}

export interface SchoolContext {
  schoolId: string;
  loginName: string;
  canEdit: boolean;
}

export function useSchoolContext(): SchoolContext {
  const user = readStoredUser();
  return {
    schoolId: user?.schoolId ?? '',
    loginName: user?.loginName ?? '',
    canEdit: canEditBaseData(user?.type),
  };
}
