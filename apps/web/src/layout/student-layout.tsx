import { AreaLayout } from './area-layout.tsx';

/** The student area's lazily loaded root (its own chunk, spec §2 /student). */
export function StudentLayout() {
  return <AreaLayout area="student" />;
}
