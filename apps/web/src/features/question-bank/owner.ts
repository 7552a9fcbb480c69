import { authApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { readStoredUser } from '../../lib/session.ts';

// The signed-in teacher as the user-resource calls name them ({userId, schoolId}): the stored user
// has no id, so it comes from findUserInfo once and is kept 10 minutes.

export interface Owner {
  userId: string;
  schoolId: string;
}

export function useOwner(): Owner | null {
  const loginName = readStoredUser()?.loginName ?? '';
  const info = useQuery({
    queryKey: ['auth', 'user-info', loginName],
    queryFn: ({ signal }) => call(authApi.findUserInfo, {}, { signal }),
    staleTime: 10 * 60 * 1000,
  });
  const user = info.data?.user;
  return user ? { userId: user.userId, schoolId: user.schoolId } : null;
}

/** Type 5 (教务管理员) manages the school bank; the server refuses anyone else. */
export function isSchoolAdmin(): boolean {
  return readStoredUser()?.type === 5;
}
