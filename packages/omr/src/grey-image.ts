// The one image type of the package: 8-bit grey, row-major, 0 black … 255 white.
// The server decodes files (sharp) into this; nothing here knows about formats.

export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PageLevels {
  /** The paper's grey level: the median of a sparse sample (a card is mostly paper). */
  paper: number;
  /** A pixel strictly below this counts as dark (pencil or ink). */
  darkThreshold: number;
}

/** Share of the paper level under which a pixel is dark; pencil at 30 % darkness still falls below it. */
export const DARK_SHARE_OF_PAPER = 0.8;

/**
 * The page's paper level and dark threshold, from a histogram of every `stride`-th pixel in both directions.
 * Adaptive because scanners differ: a grey scan of cheap paper reads 200 where a good one reads 250.
 */
export function measurePageLevels(image: GreyImage, stride = 7): PageLevels {
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = 0; y < image.height; y += stride) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x += stride) {
      histogram[image.data[row + x]!]!++;
      count++;
    }
  }
  let seen = 0;
  let paper = 255;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level]!;
    if (seen * 2 >= count) {
      paper = level;
      break;
    }
  }
  return { paper, darkThreshold: Math.round(paper * DARK_SHARE_OF_PAPER) };
}

/** A rectangle of whole pixels, clamped to the image. */
export interface PixelWindow {
  x0: number;
  y0: number;
  width: number;
  height: number;
}

export function clampWindow(image: GreyImage, x0: number, y0: number, x1: number, y1: number): PixelWindow {
  const left = Math.max(0, Math.floor(x0));
  const top = Math.max(0, Math.floor(y0));
  const right = Math.min(image.width, Math.ceil(x1));
  const bottom = Math.min(image.height, Math.ceil(y1));
  return { x0: left, y0: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/**
 * Summed-area table of dark pixels over one window: `sums[(y + 1) * (w + 1) + (x + 1)]` is the number of dark
 * pixels in the window's [0..x] × [0..y]. Built only where a search needs it, never for the whole page.
 */
export class DarkIntegral {
  readonly sums: Int32Array;
  readonly stride: number;

  constructor(
    image: GreyImage,
    readonly window: PixelWindow,
    darkThreshold: number,
  ) {
    const { x0, y0, width, height } = window;
    this.stride = width + 1;
    this.sums = new Int32Array((width + 1) * (height + 1));
    for (let y = 0; y < height; y++) {
      let rowSum = 0;
      const source = (y0 + y) * image.width + x0;
      const above = y * this.stride;
      const here = (y + 1) * this.stride;
      for (let x = 0; x < width; x++) {
        if (image.data[source + x]! < darkThreshold) rowSum++;
        this.sums[here + x + 1] = this.sums[above + x + 1]! + rowSum;
      }
    }
  }

  /** Dark pixels in window-relative [x0, x1) × [y0, y1), clamped to the window. */
  count(x0: number, y0: number, x1: number, y1: number): number {
    const left = Math.max(0, x0);
    const top = Math.max(0, y0);
    const right = Math.min(this.window.width, x1);
    const bottom = Math.min(this.window.height, y1);
    if (right <= left || bottom <= top) return 0;
    const s = this.sums;
    const w = this.stride;
    return s[bottom * w + right]! - s[top * w + right]! - s[bottom * w + left]! + s[top * w + left]!;
  }

  /** Pixels of [x0, x1) × [y0, y1) that lie inside the window. */
  area(x0: number, y0: number, x1: number, y1: number): number {
    const width = Math.min(this.window.width, x1) - Math.max(0, x0);
    const height = Math.min(this.window.height, y1) - Math.max(0, y0);
    return width > 0 && height > 0 ? width * height : 0;
  }
}
