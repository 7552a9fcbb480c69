/**
 * Round half up on the decimal value (analysis-definitions.md "Rounding"): 1.005 → 1.01 and
 * −1.005 → −1.01, which `toFixed` and `Math.round` get wrong. The shortest decimal text of the
 * double is what people typed, so the rounding works on that text, not on the binary value.
 */
export function roundHalfUp(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const negative = value < 0;
  const [mantissa, exponent = '0'] = Math.abs(value).toExponential().split('e');
  const shifted = Number(`${mantissa}e${Number(exponent) + decimals}`);
  const rounded = Math.floor(shifted + 0.5 + Number.EPSILON * shifted);
  const result = Number(`${rounded}e-${decimals}`);
  return negative && result !== 0 ? -result : result;
}

/** Sums scores without binary drift (0.1 + 0.2 = 0.3): scores have at most 2 decimals. */
export function sumScores(scores: Iterable<number>): number {
  let hundredths = 0;
  for (const score of scores) hundredths += Math.round(score * 100);
  return hundredths / 100;
}
