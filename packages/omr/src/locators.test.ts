import { describe, expect, it } from 'vitest';
import { DarkIntegral, type GreyImage, measurePageLevels } from './grey-image.ts';
import { findLocator, type LocatorSearch } from './locators.ts';
import { PageCanvas } from './test-support/page-canvas.ts';
import { seededRandom } from './test-support/seeded-random.ts';

const dpi = 200;
const pxPerMm = dpi / 25.4;

/** A 60 × 60 mm patch of paper with one 6 mm locator at (30, 30) mm, scanned in the given pose. */
function patch(rotationDegrees: number, scale: number, extra?: (canvas: PageCanvas) => void) {
  const canvas = new PageCanvas(
    60,
    60,
    { dpi, rotationDegrees, scale, shiftMm: { x: 0.7, y: -1.3 }, marginMm: 0 },
    235,
    30,
  );
  canvas.square(30, 30, 6, 15);
  extra?.(canvas);
  canvas.boxBlur(1);
  canvas.speckle(seededRandom(5), 8, 0.003);
  return canvas;
}

function searchAt(canvas: PageCanvas, radiusMm = 10): LocatorSearch {
  const levels = measurePageLevels(canvas.image);
  return {
    expected: { x: 30 * pxPerMm, y: 30 * pxPerMm },
    sizePx: 6 * pxPerMm,
    radiusPx: radiusMm * pxPerMm,
    darkThreshold: levels.darkThreshold,
  };
}

describe('findLocator', () => {
  it.each([
    [0, 1],
    [3, 1.03],
    [-3, 0.97],
    [1.7, 1.01],
  ])('finds the centre to under half a pixel at %s° and scale %s', (rotation, scale) => {
    const canvas = patch(rotation, scale);
    const hit = findLocator(canvas.image, 'topLeft', searchAt(canvas));
    const t = canvas.truth;
    const truth = { x: t[0]! * 30 + t[1]! * 30 + t[2]!, y: t[3]! * 30 + t[4]! * 30 + t[5]! };
    expect(hit).not.toBeNull();
    expect(Math.hypot(hit!.center.x - truth.x, hit!.center.y - truth.y)).toBeLessThan(0.4);
    expect(hit!.sizeRatio).toBeCloseTo(scale, 1);
  });

  it('ignores a dark scan border and a text block nearby, keeping the isolated square', () => {
    const canvas = patch(2, 1, (c) => {
      c.rect(0, 0, 60, 4, 20); // the scanner lid's black edge
      c.rect(40, 24, 15, 12, 30); // a block of print beside the search area
    });
    const hit = findLocator(canvas.image, 'topLeft', searchAt(canvas, 12));
    expect(hit).not.toBeNull();
    expect(Math.abs(hit!.center.x - canvas.truth[0]! * 30 - canvas.truth[1]! * 30 - canvas.truth[2]!)).toBeLessThan(
      0.5,
    );
  });

  it('finds nothing where the locator was not printed, even beside a scan border', () => {
    const canvas = new PageCanvas(
      60,
      60,
      { dpi, rotationDegrees: 0, scale: 1, shiftMm: { x: 0, y: 0 }, marginMm: 0 },
      235,
      30,
    );
    canvas.rect(0, 0, 60, 12, 20);
    expect(findLocator(canvas.image, 'topLeft', searchAt(canvas))).toBeNull();
  });

  it('refuses a square of the wrong size (a 12 mm block is not a 6 mm locator)', () => {
    const canvas = new PageCanvas(
      60,
      60,
      { dpi, rotationDegrees: 0, scale: 1, shiftMm: { x: 0, y: 0 }, marginMm: 0 },
      235,
      30,
    );
    canvas.square(30, 30, 12, 15);
    expect(findLocator(canvas.image, 'topLeft', searchAt(canvas))).toBeNull();
  });
});

describe('page levels and the dark-pixel integral', () => {
  it('takes the paper level from the median and the dark threshold as a share of it', () => {
    const image: GreyImage = { width: 100, height: 100, data: new Uint8Array(10_000).fill(220) };
    image.data.fill(10, 0, 3000); // 30 % ink does not move the median
    expect(measurePageLevels(image, 1)).toEqual({ paper: 220, darkThreshold: 176 });
  });

  it('counts dark pixels in any rectangle, clamped to its window', () => {
    const random = seededRandom(9);
    const image: GreyImage = { width: 40, height: 30, data: new Uint8Array(1200) };
    for (let i = 0; i < image.data.length; i++) image.data[i] = Math.floor(random() * 256);
    const window = { x0: 5, y0: 3, width: 30, height: 20 };
    const integral = new DarkIntegral(image, window, 128);
    const brute = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = Math.max(0, y0); y < Math.min(20, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(30, x1); x++) if (image.data[(y + 3) * 40 + x + 5]! < 128) n++;
      }
      return n;
    };
    for (const [x0, y0, x1, y1] of [
      [0, 0, 30, 20],
      [3, 4, 17, 9],
      [-5, -5, 8, 40],
      [29, 19, 31, 21],
      [10, 10, 10, 15],
    ] as const) {
      expect(integral.count(x0, y0, x1, y1)).toBe(brute(x0, y0, x1, y1));
    }
    expect(integral.area(-5, -5, 8, 40)).toBe(8 * 20);
  });
});
