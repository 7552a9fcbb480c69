import { TermPicker } from '../components/term-picker.tsx';
import { useCurrentSelection } from '../lib/current-selection.ts';

/** The header's 学年 + 学期 selector for teacher-area users (spec §4 current selection). */
export function CurrentSelectionControl() {
  const { selection, years, loading, chooseTerm } = useCurrentSelection();
  return (
    <span data-testid="current-selection" style={{ display: 'inline-flex', marginRight: 8 }}>
      <TermPicker years={years} value={selection} onChange={chooseTerm} loading={loading} size="small" />
    </span>
  );
}
