// Finding the four solid square locators near where the template says they are.
// Each search is a window around the expected centre; a summed-area table scores every square position at once.

import type { LocatorCorner } from './card-layout.ts';
import { clampWindow, DarkIntegral, type GreyImage } from './grey-image.ts';
import type { PlanePoint } from './homography.ts';

export interface LocatorSearch {
  /** Expected centre in image pixels (template mm × nominal dpi / 25.4). */
  expected: PlanePoint;
  /** Expected side in pixels. */
  sizePx: number;
  /** How far from the expected centre the locator may be, in pixels (rotation ±3° moves an A3 corner ~11 mm). */
  radiusPx: number;
  darkThreshold: number;
}

export interface LocatorHit {
  corner: LocatorCorner;
  /** Centre of mass of the square's dark pixels, sub-pixel. */
  center: PlanePoint;
  /** Dark share of the best square window (1 for a clean print). */
  fill: number;
  /** Dark share of the band around it (0 on clean paper). */
  surround: number;
  /** Side measured from the dark area, relative to the expected side. */
  sizeRatio: number;
}

/** A locator must be nearly solid and stand on clear paper: a dark scan border or a text block fails one of the two. */
const MIN_FILL = 0.6;
const MAX_SURROUND = 0.25;
const SIZE_RATIO_RANGE = [0.75, 1.3] as const;

export function findLocator(image: GreyImage, corner: LocatorCorner, search: LocatorSearch): LocatorHit | null {
  const side = Math.max(3, Math.round(search.sizePx));
  // The band around the square is half a side wide: wide enough to see a scan border, narrow enough to stay
  // clear of the card's printed content (locators sit 8 mm from the edge and away from text).
  const band = Math.max(2, Math.round(side / 2));
  const reach = search.radiusPx + side / 2 + band;
  const window = clampWindow(
    image,
    search.expected.x - reach,
    search.expected.y - reach,
    search.expected.x + reach,
    search.expected.y + reach,
  );
  if (window.width < side || window.height < side) return null;
  const integral = new DarkIntegral(image, window, search.darkThreshold);

  const innerArea = side * side;
  const centreX = search.expected.x - window.x0;
  const centreY = search.expected.y - window.y0;
  const from = (c: number) => Math.round(c - search.radiusPx - side / 2);
  const to = (c: number) => Math.round(c + search.radiusPx - side / 2);
  // Coarse to fine: every `step`-th position first (a locator seen up to step/2 off still fills far above the
  // floor), then every position within a step of the best coarse one. A tenth of the work or less, for the same best.
  const step = Math.max(1, Math.floor(side / 8));
  const xFrom = Math.max(0, from(centreX));
  const xTo = Math.min(window.width - side, to(centreX));
  const yFrom = Math.max(0, from(centreY));
  const yTo = Math.min(window.height - side, to(centreY));
  let best = { score: Number.NEGATIVE_INFINITY, x: 0, y: 0, fill: 0, surround: 1 };
  const consider = (x: number, y: number) => {
    const inner = integral.count(x, y, x + side, y + side);
    // Cheap rejection first: most positions are paper.
    if (inner < innerArea * MIN_FILL) return;
    const outerArea = integral.area(x - band, y - band, x + side + band, y + side + band);
    const outer = integral.count(x - band, y - band, x + side + band, y + side + band);
    const fill = inner / innerArea;
    const surround = outerArea > innerArea ? (outer - inner) / (outerArea - innerArea) : 1;
    const score = fill - surround;
    if (score > best.score || (score === best.score && (y < best.y || (y === best.y && x < best.x)))) {
      best = { score, x, y, fill, surround };
    }
  };
  for (let y = yFrom; y <= yTo; y += step) for (let x = xFrom; x <= xTo; x += step) consider(x, y);
  if (step > 1 && best.score > Number.NEGATIVE_INFINITY) {
    const coarse = best;
    for (let y = Math.max(yFrom, coarse.y - step); y <= Math.min(yTo, coarse.y + step); y++)
      for (let x = Math.max(xFrom, coarse.x - step); x <= Math.min(xTo, coarse.x + step); x++) consider(x, y);
  }
  if (best.fill < MIN_FILL || best.surround > MAX_SURROUND) return null;

  // Refine: centre of mass of the dark pixels in the square grown by a quarter side each way, which holds the whole
  // square at ±3° and ±3 % while staying inside the clear band.
  const grow = Math.round(side / 4);
  const x0 = Math.max(0, best.x - grow) + window.x0;
  const y0 = Math.max(0, best.y - grow) + window.y0;
  const x1 = Math.min(window.width, best.x + side + grow) + window.x0;
  const y1 = Math.min(window.height, best.y + side + grow) + window.y0;
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  for (let y = y0; y < y1; y++) {
    const row = y * image.width;
    for (let x = x0; x < x1; x++) {
      if (image.data[row + x]! < search.darkThreshold) {
        count++;
        sumX += x;
        sumY += y;
      }
    }
  }
  if (count === 0) return null;
  const sizeRatio = Math.sqrt(count) / search.sizePx;
  if (sizeRatio < SIZE_RATIO_RANGE[0] || sizeRatio > SIZE_RATIO_RANGE[1]) return null;
  // +0.5: a pixel's centre, so that a square drawn over pixels [a, b) has its centre at (a + b) / 2.
  return {
    corner,
    center: { x: sumX / count + 0.5, y: sumY / count + 0.5 },
    fill: best.fill,
    surround: best.surround,
    sizeRatio,
  };
}
