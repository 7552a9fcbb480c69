// A template rectangle cut out of the scan upright and straight, in one pass: every output pixel is a
// point of the template (mm) sent through the page's transform, the grey there read bilinearly. The
// transform already holds the half turn and the skew, so the crop needs no rotation afterwards (a
// rotation in libvips also turned the grey crop into three channels, tripling the JPEG's work).

import type { GreyImage } from './grey-image.ts';
import type { Homography } from './homography.ts';

export interface MmRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Output pixels between two exactly mapped points. */
const SPAN = 64;
/** Grey outside the scanned image (paper white). */
const OUTSIDE = 255;
/** Source positions are held in 1/65536 pixel (an A3 page at 600 dpi still fits in 31 bits). */
const FIXED = 65536;
const HALF = FIXED / 2;

/**
 * The rect of the template (mm from the page's top-left) as a grey image of `pxPerMm` pixels a mm,
 * sampled through `transform` (template mm → image pixels).
 */
export function warpRegion(
  image: GreyImage,
  transform: Homography,
  rect: MmRectangle,
  pxPerMm: number,
  options: {
    /** Pixels to write into when large enough (a caller cutting many crops one after another reuses one buffer). */
    into?: Uint8Array;
    /**
     * 'nearest' reads the one scanned pixel under each output pixel: at the scan's own resolution that moves
     * nothing by more than half a pixel, for about a third less time than 'bilinear' (the default).
     */
    sampling?: 'bilinear' | 'nearest';
  } = {},
): GreyImage {
  const { into, sampling = 'bilinear' } = options;
  const width = Math.max(1, Math.round(rect.width * pxPerMm));
  const height = Math.max(1, Math.round(rect.height * pxPerMm));
  const out = into && into.length >= width * height ? into.subarray(0, width * height) : new Uint8Array(width * height);
  const [a, b, c, d, e, f, g, h, k] = transform as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const step = 1 / pxPerMm;
  const src = image.data;
  const w = image.width;
  // Source positions in 1/65536 pixel, as integers; bilinear weights in 1/256. Rows are walked in spans of
  // SPAN pixels whose two ends are mapped exactly and whose inside steps linearly: a scan's perspective part
  // is tiny, so the linear step strays far under a hundredth of a pixel over a span. A span whose two ends
  // lie inside the scan lies inside it all along (a segment in a rectangle), so only spans reaching past the
  // edge test every pixel; integer steps spare a float-to-int conversion per pixel (half the warp's time).
  const limitX = (image.width - 1) * FIXED;
  const limitY = (image.height - 1) * FIXED;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < limitX && y < limitY;
  const toSource = (col: number, y: number) => {
    const x = rect.x + (col + 0.5) * step;
    const nw = g * x + h * y + k;
    // Image pixel centres are at integer + 0.5.
    return {
      x: Math.round(((a * x + b * y + c) / nw - 0.5) * FIXED),
      y: Math.round(((d * x + e * y + f) / nw - 0.5) * FIXED),
    };
  };
  for (let row = 0; row < height; row++) {
    const y = rect.y + (row + 0.5) * step;
    let at = row * width;
    let from = toSource(0, y);
    for (let spanStart = 0; spanStart < width; spanStart += SPAN) {
      const spanEnd = Math.min(width, spanStart + SPAN);
      const to = toSource(spanEnd, y);
      const n = spanEnd - spanStart;
      const stepX = Math.trunc((to.x - from.x) / n);
      const stepY = Math.trunc((to.y - from.y) / n);
      let sx = from.x;
      let sy = from.y;
      const lastX = sx + stepX * (n - 1);
      const lastY = sy + stepY * (n - 1);
      if (sampling === 'nearest' && inside(sx, sy) && inside(lastX, lastY)) {
        for (let col = spanStart; col < spanEnd; col++, at++, sx += stepX, sy += stepY) {
          out[at] = src[((sy + HALF) >> 16) * w + ((sx + HALF) >> 16)]!;
        }
      } else if (sampling === 'bilinear' && inside(sx, sy) && inside(lastX, lastY)) {
        for (let col = spanStart; col < spanEnd; col++, at++, sx += stepX, sy += stepY) {
          const fx = (sx >> 8) & 255;
          const fy = (sy >> 8) & 255;
          const i = (sy >> 16) * w + (sx >> 16);
          const top = src[i]! * (256 - fx) + src[i + 1]! * fx;
          const bottom = src[i + w]! * (256 - fx) + src[i + w + 1]! * fx;
          out[at] = (top * (256 - fy) + bottom * fy + 32768) >> 16;
        }
      } else {
        for (let col = spanStart; col < spanEnd; col++, at++, sx += stepX, sy += stepY) {
          if (!inside(sx, sy)) {
            out[at] = OUTSIDE;
            continue;
          }
          if (sampling === 'nearest') {
            out[at] = src[((sy + HALF) >> 16) * w + ((sx + HALF) >> 16)]!;
            continue;
          }
          const fx = (sx >> 8) & 255;
          const fy = (sy >> 8) & 255;
          const i = (sy >> 16) * w + (sx >> 16);
          const top = src[i]! * (256 - fx) + src[i + 1]! * fx;
          const bottom = src[i + w]! * (256 - fx) + src[i + w + 1]! * fx;
          out[at] = (top * (256 - fy) + bottom * fy + 32768) >> 16;
        }
      }
      from = to;
    }
  }
  return { width, height, data: out };
}
