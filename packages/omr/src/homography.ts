// A plane perspective transform (homography) from template millimetres to image pixels.
// Scanners add rotation, scale and a little keystone; four locator pairs fix all eight degrees of freedom.

/** Row-major 3 × 3 matrix with h[8] = 1; a plain array so that page results stay JSON. */
export type Homography = readonly number[];

export interface PlanePoint {
  x: number;
  y: number;
}

export interface PointPair {
  from: PlanePoint;
  to: PlanePoint;
}

/**
 * Solves A·x = b in place by Gaussian elimination with partial pivoting.
 * Returns null when the system is singular (e.g. three collinear locators).
 */
export function solveLinearSystem(matrix: Float64Array[], rhs: Float64Array): Float64Array | null {
  const n = rhs.length;
  for (let col = 0; col < n; col++) {
    // Partial pivoting: the largest magnitude in the column keeps round-off small.
    let pivot = col;
    let best = Math.abs(matrix[col]![col]!);
    for (let row = col + 1; row < n; row++) {
      const value = Math.abs(matrix[row]![col]!);
      if (value > best) {
        best = value;
        pivot = row;
      }
    }
    if (best < 1e-12) return null;
    if (pivot !== col) {
      const rowSwap = matrix[col]!;
      matrix[col] = matrix[pivot]!;
      matrix[pivot] = rowSwap;
      const rhsSwap = rhs[col]!;
      rhs[col] = rhs[pivot]!;
      rhs[pivot] = rhsSwap;
    }
    const pivotRow = matrix[col]!;
    for (let row = col + 1; row < n; row++) {
      const target = matrix[row]!;
      const factor = target[col]! / pivotRow[col]!;
      if (factor === 0) continue;
      for (let k = col; k < n; k++) target[k] = target[k]! - factor * pivotRow[k]!;
      rhs[row] = rhs[row]! - factor * rhs[col]!;
    }
  }
  const solution = new Float64Array(n);
  for (let row = n - 1; row >= 0; row--) {
    let sum = rhs[row]!;
    const current = matrix[row]!;
    for (let k = row + 1; k < n; k++) sum -= current[k]! * solution[k]!;
    solution[row] = sum / current[row]!;
  }
  return solution;
}

/** The homography taking each pair's `from` to its `to`; null for a degenerate quadrilateral. */
export function homographyFromPairs(pairs: readonly PointPair[]): Homography | null {
  if (pairs.length !== 4) throw new Error('homographyFromPairs needs exactly four point pairs');
  const matrix: Float64Array[] = [];
  const rhs = new Float64Array(8);
  pairs.forEach(({ from, to }, i) => {
    matrix.push(Float64Array.of(from.x, from.y, 1, 0, 0, 0, -to.x * from.x, -to.x * from.y));
    matrix.push(Float64Array.of(0, 0, 0, from.x, from.y, 1, -to.y * from.x, -to.y * from.y));
    rhs[2 * i] = to.x;
    rhs[2 * i + 1] = to.y;
  });
  const h = solveLinearSystem(matrix, rhs);
  if (!h) return null;
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

export function applyHomography(h: Homography, x: number, y: number): PlanePoint {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return { x: (h[0]! * x + h[1]! * y + h[2]!) / w, y: (h[3]! * x + h[4]! * y + h[5]!) / w };
}

/** The inverse transform (image pixels → template mm), by the adjugate, normalised so h[8] = 1. */
export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  const inv = [e * l - f * k, c * k - b * l, b * f - c * e, f * g - d * l, a * l - c * g, c * d - a * f, d * k - e * g];
  inv.push(b * g - a * k, a * e - b * d);
  const scale = inv[8]!;
  return inv.map((value) => value / scale);
}

/**
 * The local linear part of the transform at (x, y): [[dX/dx, dX/dy], [dY/dx, dY/dy]] flattened.
 * Bubbles are a few millimetres wide, so within one the transform is affine to well under a pixel.
 */
export function jacobianAt(h: Homography, x: number, y: number): [number, number, number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  const X = (h[0]! * x + h[1]! * y + h[2]!) / w;
  const Y = (h[3]! * x + h[4]! * y + h[5]!) / w;
  return [(h[0]! - X * h[6]!) / w, (h[1]! - X * h[7]!) / w, (h[3]! - Y * h[6]!) / w, (h[4]! - Y * h[7]!) / w];
}

/** Rotation of the template's x axis in the image, in degrees; image y points down, so clockwise on screen is positive. */
export function skewDegreesAt(h: Homography, x: number, y: number): number {
  const [dxdx, , dydx] = jacobianAt(h, x, y);
  return (Math.atan2(dydx, dxdx) * 180) / Math.PI;
}

/** Pixels per inch measured at (x, y): the square root of the local area scale, per 25.4 mm. */
export function dpiAt(h: Homography, x: number, y: number): number {
  const [a, b, c, d] = jacobianAt(h, x, y);
  return Math.sqrt(Math.abs(a * d - b * c)) * 25.4;
}
