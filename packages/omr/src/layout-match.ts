// A page whose page code does not read (design: Recognition step 2), matched by its layout instead: each
// candidate template page (sharing the located geometry) is tested by its fixed printed frames — the answer
// boxes, objective blocks, 考号 grid and 缺考 box, whose lines no student writes away — sampled through the
// page's transform. A pure function of the pixels, the transform and the candidates' frames.

import type { MmRect } from './card-layout.ts';
import type { GreyImage } from './grey-image.ts';
import { applyHomography, type Homography } from './homography.ts';

export interface LayoutCandidate {
  /** The printed frames of the candidate page, template mm. */
  frames: readonly MmRect[];
}

export interface LayoutMatch {
  /** Index of the chosen candidate. */
  index: number;
  /** Share of its frame points found dark. */
  share: number;
  /** Every candidate's share, in the order given (for the record and for tests). */
  shares: number[];
}

/** A frame point counts when this close to the line there is ink (transform error, blur, line width). */
const ACROSS_MM = 0.75;
const ACROSS_STEP_MM = 0.25;
/** Points along each edge, clear of the corners (where another frame's line may cross). */
const ALONG_STEP_MM = 2;
const CORNER_CLEAR_MM = 1.5;
/** A candidate is the page only if nearly all its frame lines are there. */
export const LAYOUT_MATCH_FLOOR = 0.85;

/**
 * The candidate whose frames are (nearly) all printed on the page, preferring the one with the most frame points
 * when several are (a page whose frames are a subset of another's is present on that other page too); null when
 * none reaches the floor.
 */
export function matchLayout(
  image: GreyImage,
  transform: Homography,
  darkThreshold: number,
  candidates: readonly LayoutCandidate[],
): LayoutMatch | null {
  const scored = candidates.map((candidate) => framePoints(image, transform, darkThreshold, candidate.frames));
  const shares = scored.map((s) => (s.total === 0 ? 0 : Math.round((s.dark / s.total) * 1000) / 1000));
  let best = -1;
  for (let i = 0; i < candidates.length; i++) {
    if (shares[i]! < LAYOUT_MATCH_FLOOR) continue;
    if (best < 0 || scored[i]!.dark > scored[best]!.dark) best = i;
  }
  return best < 0 ? null : { index: best, share: shares[best]!, shares };
}

function framePoints(image: GreyImage, transform: Homography, darkThreshold: number, frames: readonly MmRect[]) {
  let total = 0;
  let dark = 0;
  for (const frame of frames) {
    const { x, y, width, height } = frame;
    const edges: [number, number, number, number][] = [
      [x, y, x + width, y],
      [x, y + height, x + width, y + height],
      [x, y, x, y + height],
      [x + width, y, x + width, y + height],
    ];
    for (const [x0, y0, x1, y1] of edges) {
      const length = Math.hypot(x1 - x0, y1 - y0);
      if (length <= 2 * CORNER_CLEAR_MM) continue;
      // Unit vectors along and across the edge.
      const ux = (x1 - x0) / length;
      const uy = (y1 - y0) / length;
      for (let along = CORNER_CLEAR_MM; along <= length - CORNER_CLEAR_MM; along += ALONG_STEP_MM) {
        total++;
        for (let across = -ACROSS_MM; across <= ACROSS_MM + 1e-9; across += ACROSS_STEP_MM) {
          const p = applyHomography(transform, x0 + ux * along - uy * across, y0 + uy * along + ux * across);
          const px = Math.floor(p.x);
          const py = Math.floor(p.y);
          if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue;
          if (image.data[py * image.width + px]! < darkThreshold) {
            dark++;
            break;
          }
        }
      }
    }
  }
  return { total, dark };
}
