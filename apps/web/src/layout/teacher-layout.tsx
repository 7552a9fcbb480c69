import { AreaLayout } from './area-layout.tsx';

/** The teacher area's lazily loaded root (its own chunk, spec §2 /teacher). */
export function TeacherLayout() {
  return <AreaLayout area="teacher" />;
}
