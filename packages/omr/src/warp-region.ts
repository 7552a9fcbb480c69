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

/**
 * The rect of the template (mm from the page's top-left) as a grey image of `pxPerMm` pixels a mm,
 * sampled through `transform` (template mm → image pixels).
 */
export function warpRegion(image: GreyImage, transform: Homography, rect: MmRectangle, pxPerMm: number): GreyImage {
  const width = Math.max(1, Math.round(rect.width * pxPerMm));
  const height = Math.max(1, Math.round(rect.height * pxPerMm));
  const out = new Uint8Array(width * height);
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
  // Source positions in 1/256 pixel; bilinear weights in 1/256. Rows are walked in spans of SPAN pixels
  // whose two ends are mapped exactly and whose inside steps linearly: a scan's perspective part is tiny,
  // so the linear step strays far under a hundredth of a pixel over a span.
  const limitX = (image.width - 1) * 256;
  const limitY = (image.height - 1) * 256;
  const toSource = (col: number, y: number) => {
    const x = rect.x + (col + 0.5) * step;
    const nw = g * x + h * y + k;
    // Image pixel centres are at integer + 0.5.
    return { x: ((a * x + b * y + c) / nw - 0.5) * 256, y: ((d * x + e * y + f) / nw - 0.5) * 256 };
  };
  for (let row = 0; row < height; row++) {
    const y = rect.y + (row + 0.5) * step;
    let at = row * width;
    for (let spanStart = 0; spanStart < width; spanStart += SPAN) {
      const spanEnd = Math.min(width, spanStart + SPAN);
      const from = toSource(spanStart, y);
      const to = toSource(spanEnd, y);
      const n = spanEnd - spanStart;
      const stepX = (to.x - from.x) / n;
      const stepY = (to.y - from.y) / n;
      let sx = from.x;
      let sy = from.y;
      for (let col = spanStart; col < spanEnd; col++, at++, sx += stepX, sy += stepY) {
        if (!(sx >= 0 && sy >= 0 && sx < limitX && sy < limitY)) {
          out[at] = OUTSIDE;
          continue;
        }
        const qx = sx | 0;
        const qy = sy | 0;
        const fx = qx & 255;
        const fy = qy & 255;
        const i = (qy >> 8) * w + (qx >> 8);
        const top = src[i]! * (256 - fx) + src[i + 1]! * fx;
        const bottom = src[i + w]! * (256 - fx) + src[i + w + 1]! * fx;
        out[at] = (top * (256 - fy) + bottom * fy + 32768) >> 16;
      }
    }
  }
  return { width, height, data: out };
}
