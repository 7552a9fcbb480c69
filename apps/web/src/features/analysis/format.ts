import { roundHalfUp } from '@huikao/stats';

// Display formatting of report figures (analysis-definitions.md "Rounding"): responses carry full
// precision; the page rounds half up to 2 decimals and shows fractions as percentages. A missing
// figure (absent, not applicable) is "—". Tables, charts and Excel exports all go through these,
// so the three always show the same numbers.

export const MISSING = '—';

type Figure = number | null | undefined;

const present = (value: Figure): value is number => typeof value === 'number' && Number.isFinite(value);

/** A score or any plain figure, rounded half up to 2 decimals: 85.5 → "85.5", 1.005 → "1.01". */
export function formatScore(value: Figure, decimals = 2): string {
  return present(value) ? String(roundHalfUp(value, decimals)) : MISSING;
}

/** The rounded number itself (chart data, Excel cells), or null when missing. */
export function roundedScore(value: Figure, decimals = 2): number | null {
  return present(value) ? roundHalfUp(value, decimals) : null;
}

/** The percentage a fraction shows as, rounded half up (0.85 → 85): chart axes in %. */
export function roundedPercent(fraction: Figure, decimals = 2): number | null {
  return present(fraction) ? roundHalfUp(fraction * 100, decimals) : null;
}

/** A fraction as a percentage with 2 decimals: 0.85 → "85.00%". */
export function formatPercent(fraction: Figure, decimals = 2): string {
  const percent = roundedPercent(fraction, decimals);
  return percent === null ? MISSING : `${percent.toFixed(decimals)}%`;
}

/** A rank (名次): an integer, or "—". */
export function formatRank(value: Figure): string {
  return present(value) ? String(Math.trunc(value)) : MISSING;
}

/** A change of rank or T (进退步): "+3", "-2", "0". */
export function formatChange(value: Figure, decimals = 2): string {
  if (!present(value)) return MISSING;
  const rounded = roundHalfUp(value, decimals);
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

/** A count with its share: 12 (30.00%). */
export function formatCountShare(count: Figure, share: Figure): string {
  return present(count) ? `${count} (${formatPercent(share)})` : MISSING;
}

/** A score segment's label: [a, a + w) from 0, the top one closed at F (analysis-definitions.md). */
export function formatSegment(segment: { low: number; high: number; closedTop: boolean }): string {
  return `[${formatScore(segment.low)}, ${formatScore(segment.high)}${segment.closedTop ? ']' : ')'}`;
}
