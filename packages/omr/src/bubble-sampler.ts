// Fill ratio of one printed ellipse: the share of dark pixels inside it, sampled through the page transform.
// The sample pattern is computed once per bubble size and reused for every bubble on every page.

import type { BubbleSize, MmRect } from './card-layout.ts';
import type { GreyImage } from './grey-image.ts';
import { applyHomography, type Homography, jacobianAt } from './homography.ts';

/** Sampling offsets in mm from a bubble's centre, as (dx, dy) pairs. */
export interface SampleMask {
  offsets: Float32Array;
  count: number;
}

/**
 * Only the inner 85 % of the ellipse is read: the printed outline (light ink, but still ink) and a quarter-pixel of
 * misregistration would otherwise lift every empty bubble's ratio.
 */
export const BUBBLE_INNER_SHARE = 0.85;

/** A grid about one sample per pixel at `dpi`, kept where it falls inside the inner ellipse. */
export function ellipseMask(bubble: BubbleSize, dpi: number, innerShare = BUBBLE_INNER_SHARE): SampleMask {
  const columns = Math.max(4, Math.ceil((bubble.widthMm * dpi) / 25.4));
  const rows = Math.max(4, Math.ceil((bubble.heightMm * dpi) / 25.4));
  const halfWidth = bubble.widthMm / 2;
  const halfHeight = bubble.heightMm / 2;
  const kept: number[] = [];
  for (let row = 0; row < rows; row++) {
    const v = -1 + (2 * row + 1) / rows;
    for (let column = 0; column < columns; column++) {
      const u = -1 + (2 * column + 1) / columns;
      if (u * u + v * v <= innerShare * innerShare) kept.push(u * halfWidth, v * halfHeight);
    }
  }
  return { offsets: Float32Array.from(kept), count: kept.length / 2 };
}

/** A regular grid over a rectangle, for dark shares of larger areas (the page-code corner). */
export function rectMask(rect: MmRect, stepMm: number): SampleMask {
  const columns = Math.max(2, Math.round(rect.width / stepMm));
  const rows = Math.max(2, Math.round(rect.height / stepMm));
  const offsets = new Float32Array(columns * rows * 2);
  let i = 0;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      offsets[i++] = ((column + 0.5) / columns - 0.5) * rect.width;
      offsets[i++] = ((row + 0.5) / rows - 0.5) * rect.height;
    }
  }
  return { offsets, count: columns * rows };
}

/**
 * Share of the mask's samples around template point (cx, cy) that are dark in the image. Within a few mm the page
 * transform is affine to well under a pixel, so each sample costs one multiply-add per axis and one lookup.
 * Samples falling off the image count as not dark (a page cut by the scanner cannot read as filled).
 */
export function darkShare(
  image: GreyImage,
  transform: Homography,
  cx: number,
  cy: number,
  mask: SampleMask,
  darkThreshold: number,
): number {
  const centre = applyHomography(transform, cx, cy);
  const [a, b, c, d] = jacobianAt(transform, cx, cy);
  const { offsets, count } = mask;
  const { width, height, data } = image;
  let dark = 0;
  for (let i = 0; i < offsets.length; i += 2) {
    const dx = offsets[i]!;
    const dy = offsets[i + 1]!;
    const x = Math.floor(centre.x + a * dx + b * dy);
    const y = Math.floor(centre.y + c * dx + d * dy);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    if (data[y * width + x]! < darkThreshold) dark++;
  }
  return count === 0 ? 0 : dark / count;
}
