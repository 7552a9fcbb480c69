import { describe, expect, it } from 'vitest';
import {
  applyHomography,
  dpiAt,
  type Homography,
  homographyFromPairs,
  invertHomography,
  jacobianAt,
  skewDegreesAt,
  solveLinearSystem,
} from './homography.ts';
import { between, seededRandom } from './test-support/seeded-random.ts';

const corners = [
  { x: 11, y: 11 },
  { x: 409, y: 11 },
  { x: 409, y: 286 },
  { x: 11, y: 286 },
];

function pairsThrough(h: Homography, points = corners) {
  return points.map((from) => ({ from, to: applyHomography(h, from.x, from.y) }));
}

describe('solveLinearSystem', () => {
  it('solves a system that needs a row swap (zero on the first pivot)', () => {
    const solution = solveLinearSystem(
      [Float64Array.of(0, 2, 1), Float64Array.of(1, 1, 0), Float64Array.of(2, 0, 3)],
      Float64Array.of(7, 3, 11),
    );
    expect(Array.from(solution!)).toEqual([expect.closeTo(1, 12), expect.closeTo(2, 12), expect.closeTo(3, 12)]);
  });

  it('returns null for a singular system', () => {
    expect(solveLinearSystem([Float64Array.of(1, 2), Float64Array.of(2, 4)], Float64Array.of(3, 6))).toBeNull();
  });
});

describe('homographyFromPairs', () => {
  it('recovers a known perspective transform from its four corner pairs', () => {
    const truth: Homography = [7.9, -0.21, 35.5, 0.33, 7.7, -12.25, 2.1e-5, -1.4e-5, 1];
    const h = homographyFromPairs(pairsThrough(truth))!;
    for (const [i, value] of truth.entries()) expect(h[i]).toBeCloseTo(value, 8);
    // And it maps points other than the four it was built from.
    const inner = applyHomography(h, 200, 150);
    const expected = applyHomography(truth, 200, 150);
    expect(inner.x).toBeCloseTo(expected.x, 6);
    expect(inner.y).toBeCloseTo(expected.y, 6);
  });

  it('recovers 200 random scanner poses (rotation ±3°, scale ±3 %, shift, slight keystone) to a thousandth of a pixel', () => {
    const random = seededRandom(42);
    for (let n = 0; n < 200; n++) {
      const angle = (between(random, -3, 3) * Math.PI) / 180;
      const k = (200 / 25.4) * between(random, 0.97, 1.03);
      const truth: Homography = [
        k * Math.cos(angle),
        -k * Math.sin(angle),
        between(random, -40, 40),
        k * Math.sin(angle),
        k * Math.cos(angle),
        between(random, -40, 40),
        between(random, -1e-5, 1e-5),
        between(random, -1e-5, 1e-5),
        1,
      ];
      const h = homographyFromPairs(pairsThrough(truth))!;
      for (const probe of [
        { x: 0, y: 0 },
        { x: 210, y: 148 },
        { x: 420, y: 297 },
        { x: 37, y: 250 },
      ]) {
        const got = applyHomography(h, probe.x, probe.y);
        const want = applyHomography(truth, probe.x, probe.y);
        expect(Math.hypot(got.x - want.x, got.y - want.y)).toBeLessThan(1e-3);
      }
    }
  });

  it('returns null when three points are collinear', () => {
    const pairs = [
      { from: { x: 0, y: 0 }, to: { x: 0, y: 0 } },
      { from: { x: 1, y: 1 }, to: { x: 1, y: 1 } },
      { from: { x: 2, y: 2 }, to: { x: 2, y: 2 } },
      { from: { x: 0, y: 5 }, to: { x: 0, y: 5 } },
    ];
    expect(homographyFromPairs(pairs)).toBeNull();
  });

  it('refuses anything but four pairs', () => {
    expect(() => homographyFromPairs(pairsThrough([1, 0, 0, 0, 1, 0, 0, 0, 1], corners.slice(0, 3)))).toThrow();
  });
});

describe('inverse, jacobian, skew and dpi', () => {
  const angle = (2 * Math.PI) / 180;
  const k = 200 / 25.4;
  const rotation: Homography = [
    k * Math.cos(angle),
    -k * Math.sin(angle),
    50,
    k * Math.sin(angle),
    k * Math.cos(angle),
    20,
    0,
    0,
    1,
  ];

  it('inverts: image → template → image is the identity', () => {
    const keystone: Homography = [7.9, -0.21, 35.5, 0.33, 7.7, -12.25, 2.1e-5, -1.4e-5, 1];
    const inverse = invertHomography(keystone);
    expect(inverse[8]).toBe(1);
    const px = applyHomography(keystone, 123, 45);
    const back = applyHomography(inverse, px.x, px.y);
    expect(back.x).toBeCloseTo(123, 8);
    expect(back.y).toBeCloseTo(45, 8);
  });

  it('the jacobian matches finite differences of a perspective transform', () => {
    const keystone: Homography = [7.9, -0.21, 35.5, 0.33, 7.7, -12.25, 2.1e-5, -1.4e-5, 1];
    const [a, b, c, d] = jacobianAt(keystone, 100, 200);
    const e = 1e-4;
    const p = applyHomography(keystone, 100, 200);
    const px = applyHomography(keystone, 100 + e, 200);
    const py = applyHomography(keystone, 100, 200 + e);
    expect(a).toBeCloseTo((px.x - p.x) / e, 4);
    expect(b).toBeCloseTo((py.x - p.x) / e, 4);
    expect(c).toBeCloseTo((px.y - p.y) / e, 4);
    expect(d).toBeCloseTo((py.y - p.y) / e, 4);
  });

  it('reads back the rotation in degrees and the resolution in dpi', () => {
    expect(skewDegreesAt(rotation, 100, 100)).toBeCloseTo(2, 9);
    expect(dpiAt(rotation, 100, 100)).toBeCloseTo(200, 9);
  });
});
