// A tiny rasteriser for tests: draws template shapes (mm) straight into a scanned-looking grey image, through a
// rotation, scale and shift like a scanner's, then blurs and speckles it. Only the pixels a shape covers are visited.

import type { GreyImage } from '../grey-image.ts';
import type { Homography } from '../homography.ts';
import type { Random } from './seeded-random.ts';

export interface ScanPose {
  dpi: number;
  /** Rotation of the sheet on the glass, degrees (180 ± 3 for a sheet fed upside down). */
  rotationDegrees: number;
  /** 1 ± 0.03: the printer's and scanner's combined scale error. */
  scale: number;
  /** Shift of the page centre from the image centre, mm. */
  shiftMm: { x: number; y: number };
  /** Glass around the sheet captured in the image, mm each side (a scanner images a little more than the page). */
  marginMm: number;
}

export class PageCanvas {
  readonly image: GreyImage;
  /** Template mm → image px, as an affine homography (the truth the reader should recover). */
  readonly truth: Homography;
  private readonly inverse: [number, number, number, number, number, number];

  constructor(
    readonly pageWidthMm: number,
    readonly pageHeightMm: number,
    pose: ScanPose,
    paper: number,
    background: number,
  ) {
    const pxPerMm = pose.dpi / 25.4;
    const width = Math.round((pageWidthMm + 2 * pose.marginMm) * pxPerMm);
    const height = Math.round((pageHeightMm + 2 * pose.marginMm) * pxPerMm);
    this.image = { width, height, data: new Uint8Array(width * height) };
    const angle = (pose.rotationDegrees * Math.PI) / 180;
    const k = pose.scale * pxPerMm;
    const cos = Math.cos(angle) * k;
    const sin = Math.sin(angle) * k;
    const cx = pageWidthMm / 2;
    const cy = pageHeightMm / 2;
    const tx = width / 2 + pose.shiftMm.x * pxPerMm - (cos * cx - sin * cy);
    const ty = height / 2 + pose.shiftMm.y * pxPerMm - (sin * cx + cos * cy);
    this.truth = [cos, -sin, tx, sin, cos, ty, 0, 0, 1];
    const det = cos * cos + sin * sin;
    // Inverse of [[cos, -sin], [sin, cos]] applied to (px - t).
    this.inverse = [
      cos / det,
      sin / det,
      -(cos * tx + sin * ty) / det,
      -sin / det,
      cos / det,
      (sin * tx - cos * ty) / det,
    ];
    this.fillPaper(paper, background);
  }

  private toMm(px: number, py: number): [number, number] {
    const m = this.inverse;
    return [m[0] * px + m[1] * py + m[2], m[3] * px + m[4] * py + m[5]];
  }

  private fillPaper(paper: number, background: number): void {
    const { width, height, data } = this.image;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [mx, my] = this.toMm(x + 0.5, y + 0.5);
        const onPaper = mx >= 0 && my >= 0 && mx < this.pageWidthMm && my < this.pageHeightMm;
        data[y * width + x] = onPaper ? paper : background;
      }
    }
  }

  /**
   * Darkens the pixels whose centre, in template mm, `shade` gives a grey for (null: untouched) inside the mm box.
   * Ink never lightens: a pixel keeps the darker of what it had and what is drawn.
   */
  paint(x0: number, y0: number, x1: number, y1: number, shade: (mx: number, my: number) => number | null): void {
    const t = this.truth;
    const corners = [
      [x0, y0],
      [x1, y0],
      [x0, y1],
      [x1, y1],
    ].map(([mx, my]) => [t[0]! * mx! + t[1]! * my! + t[2]!, t[3]! * mx! + t[4]! * my! + t[5]!]);
    const { width, height, data } = this.image;
    const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]!))));
    const right = Math.min(width - 1, Math.ceil(Math.max(...corners.map((c) => c[0]!))));
    const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]!))));
    const bottom = Math.min(height - 1, Math.ceil(Math.max(...corners.map((c) => c[1]!))));
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const [mx, my] = this.toMm(x + 0.5, y + 0.5);
        if (mx < x0 || mx > x1 || my < y0 || my > y1) continue;
        const value = shade(mx, my);
        if (value === null) continue;
        const index = y * width + x;
        if (value < data[index]!) data[index] = Math.max(0, Math.round(value));
      }
    }
  }

  square(cx: number, cy: number, side: number, value: number): void {
    this.paint(cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2, () => value);
  }

  rect(x: number, y: number, w: number, h: number, value: number): void {
    this.paint(x, y, x + w, y + h, () => value);
  }

  /** A filled ellipse whose grey comes from `shade` (pencil texture); semi-axes in mm. */
  ellipse(cx: number, cy: number, a: number, b: number, shade: (mx: number, my: number) => number | null): void {
    this.paint(cx - a, cy - b, cx + a, cy + b, (mx, my) => {
      const u = (mx - cx) / a;
      const v = (my - cy) / b;
      return u * u + v * v <= 1 ? shade(mx, my) : null;
    });
  }

  /** An ellipse outline `lineMm` wide. */
  ellipseOutline(cx: number, cy: number, a: number, b: number, lineMm: number, value: number): void {
    this.paint(cx - a, cy - b, cx + a, cy + b, (mx, my) => {
      const u = (mx - cx) / a;
      const v = (my - cy) / b;
      const r = Math.sqrt(u * u + v * v);
      return r <= 1 && r >= 1 - lineMm / Math.min(a, b) ? value : null;
    });
  }

  /** A straight stroke from (x0, y0) to (x1, y1), `lineMm` wide: letters are approximated by a few of these. */
  stroke(x0: number, y0: number, x1: number, y1: number, lineMm: number, value: number): void {
    const dx = x1 - x0;
    const dy = y1 - y0;
    const length2 = dx * dx + dy * dy || 1;
    const half = lineMm / 2;
    this.paint(
      Math.min(x0, x1) - half,
      Math.min(y0, y1) - half,
      Math.max(x0, x1) + half,
      Math.max(y0, y1) + half,
      (mx, my) => {
        const t = Math.max(0, Math.min(1, ((mx - x0) * dx + (my - y0) * dy) / length2));
        const ex = x0 + t * dx - mx;
        const ey = y0 + t * dy - my;
        return ex * ex + ey * ey <= half * half ? value : null;
      },
    );
  }

  /** A black frame `widthPx` wide along the image edges, as a scanner lid leaves it. */
  scanBorder(widthPx: number, value: number): void {
    const { width, height, data } = this.image;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (x < widthPx || y < widthPx || x >= width - widthPx || y >= height - widthPx) data[y * width + x] = value;
      }
    }
  }

  /** Separable box blur of radius `radius` (a (2r+1)² box), as a scanner's optics soften edges. */
  boxBlur(radius: number): void {
    if (radius <= 0) return;
    const { width, height, data } = this.image;
    const buffer = new Uint8Array(data.length);
    const pass = (
      source: Uint8Array,
      target: Uint8Array,
      length: number,
      lines: number,
      step: number,
      next: number,
    ) => {
      for (let line = 0; line < lines; line++) {
        const base = line * next;
        for (let i = 0; i < length; i++) {
          let sum = 0;
          let count = 0;
          for (let k = Math.max(0, i - radius); k <= Math.min(length - 1, i + radius); k++) {
            sum += source[base + k * step]!;
            count++;
          }
          target[base + i * step] = Math.round(sum / count);
        }
      }
    };
    pass(data, buffer, width, height, 1, width);
    pass(buffer, data, height, width, width, 1);
  }

  /** Sensor noise of ±`amplitude` grey levels on every pixel, and a `dustShare` of pixels turned black or white. */
  speckle(random: Random, amplitude: number, dustShare: number): void {
    const { data } = this.image;
    for (let i = 0; i < data.length; i++) {
      const dust = random();
      if (dust < dustShare / 2) data[i] = 20;
      else if (dust < dustShare) data[i] = 255;
      else data[i] = Math.max(0, Math.min(255, data[i]! + Math.round((random() * 2 - 1) * amplitude)));
    }
  }
}
