import { AreaLayout } from './area-layout.tsx';

/** The school area's lazily loaded root (its own chunk, spec §2 /school). */
export function SchoolLayout() {
  return <AreaLayout area="school" />;
}
