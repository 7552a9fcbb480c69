/**
 * An ascending copy of a population's scores. Scores are 2-decimal numbers in a small range (0 to a full mark),
 * so a counting sort over their hundredths is O(N + range) and several times faster than a comparison sort on
 * 100,000 students. It is used only when it reproduces every value exactly (h/100 is the very same double);
 * anything else (drifted sums, other data, a huge range) takes the ordinary sort.
 */
export function sortedCopy(values: Float64Array): Float64Array {
  const n = values.length;
  if (n < 256) return values.slice().sort();
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = values[i]!;
    const h = Math.round(x * 100);
    if (h / 100 !== x) return values.slice().sort();
    if (h < low) low = h;
    if (h > high) high = h;
  }
  const range = high - low + 1;
  if (range > 4 * n + 1024) return values.slice().sort();
  const counts = new Int32Array(range);
  for (let i = 0; i < n; i++) counts[Math.round(values[i]! * 100) - low]!++;
  const sorted = new Float64Array(n);
  let at = 0;
  for (let bucket = 0; bucket < range; bucket++) {
    const count = counts[bucket]!;
    if (count === 0) continue;
    sorted.fill((bucket + low) / 100, at, at + count);
    at += count;
  }
  return sorted;
}
