/** The three signed-in areas of spec §2 and the user types allowed in each (spec §6). */
export type Area = 'teacher' | 'student' | 'school';

export const AREAS: readonly Area[] = ['teacher', 'student', 'school'];

const AREA_TYPES: Record<Area, readonly number[]> = {
  teacher: [1, 5],
  student: [2],
  school: [4],
};

export function areaOfType(type: number): Area | null {
  return AREAS.find((area) => AREA_TYPES[area].includes(type)) ?? null;
}

/** The area a path belongs to, by its first segment (`/teacher`, `/teacher/…`). */
export function areaOfPath(path: string): Area | null {
  return AREAS.find((area) => path === `/${area}` || path.startsWith(`/${area}/`)) ?? null;
}

/** Where a user of this type lands: their area's root (spec §2), or /login for an unknown type. */
export function homePathFor(type: number | undefined): string {
  const area = type === undefined ? null : areaOfType(type);
  return area ? `/${area}` : '/login';
}
