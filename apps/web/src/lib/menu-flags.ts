import { curriculumApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import type { Area } from './areas.ts';
import type { MenuFlag } from './route-kit.ts';
import { readStoredUser } from './session.ts';

// The school settings that show or hide menu pages. 专业课程 (curriculum) is listed for teachers
// only when the school runs majors; its administrator always sees it, since that page is where
// they turn majors on.

export const curriculumSettingKey = (schoolId: string) => ['curriculum', 'setting', schoolId] as const;

export function useMenuFlags(area: Area): Record<MenuFlag, boolean> {
  const user = readStoredUser();
  const schoolId = user?.schoolId ?? '';
  const setting = useQuery({
    queryKey: curriculumSettingKey(schoolId),
    queryFn: () =>
      call(curriculumApi.getSetting, { schoolId }, { silent: true }) as Promise<{ majorsEnabled: boolean }>,
    enabled: area === 'teacher' && schoolId !== '' && user?.mustChangePsw !== true && user?.tempMarker !== true,
    staleTime: 5 * 60_000,
  });
  return { majors: user?.type === 5 || setting.data?.majorsEnabled === true };
}
