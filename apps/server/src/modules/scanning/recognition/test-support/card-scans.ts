import type { CardPage, Ellipse } from '@huikao/answer-card';
import type { GreyImage } from '@huikao/omr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { rasterisePdfPages } from '../decode-grey.ts';

// Scans made in tests: a card page as printed (drawn here from the template, or the product's own PDF
// rasterised by pdftoppm), filled with pencil marks of chosen darkness and size, then put through a
// scanner: turned, scaled, blurred, speckled and JPEG-compressed with sharp.

export interface Mark {
  /** 0–1 of the paper's grey taken away. */
  darkness: number;
  /** Linear size relative to the bubble. */
  size: number;
  /** 'erased': the streaks an eraser leaves. */
  style?: 'filled' | 'erased';
}

export const PENCIL: Mark = { darkness: 0.8, size: 1 };

export interface PageFill {
  examNo?: string;
  /** Question number → letters marked with PENCIL. */
  answers?: Record<string, string>;
  /** Question number → letter → a mark of its own (faint, small, erased…). */
  marks?: Record<string, Record<string, Mark>>;
  absent?: boolean;
  /** Scribbles in every answer box, like handwriting. */
  writing?: boolean;
}

export interface ScanPose {
  rotationDegrees: number;
  scale: number;
  blurSigma: number;
  noise: number;
  quality: number;
  /** Fed upside down. */
  turned?: boolean;
}

const PAPER = 245;

/** The page as printed: locators, the QR page code, light bubble outlines, box frames, a title bar. */
export async function drawBlankPage(page: CardPage, dpi: number): Promise<GreyImage> {
  const k = dpi / 25.4;
  const width = Math.round(page.width * k);
  const height = Math.round(page.height * k);
  const image: GreyImage = { width, height, data: new Uint8Array(width * height).fill(PAPER) };
  const rect = (x: number, y: number, w: number, h: number, value: number) =>
    fill(image, Math.round(x * k), Math.round(y * k), Math.round((x + w) * k), Math.round((y + h) * k), value);
  for (const region of page.regions) {
    switch (region.kind) {
      case 'locator':
        rect(region.rect.x, region.rect.y, region.rect.width, region.rect.height, 10);
        break;
      case 'pageCode': {
        const qr = QRCode.create(region.payload, { errorCorrectionLevel: 'M' });
        const n = qr.modules.size;
        const module = region.rect.width / (n + 4);
        for (let r = 0; r < n; r++) {
          for (let c = 0; c < n; c++) {
            if (qr.modules.get(r, c)) {
              rect(region.rect.x + (c + 2) * module, region.rect.y + (r + 2) * module, module, module, 15);
            }
          }
        }
        break;
      }
      case 'title':
        rect(region.rect.x + 10, region.rect.y + 1, Math.min(60, region.rect.width - 20), 4, 50);
        break;
      case 'objectiveBlock':
        for (const row of region.rows) for (const b of row.bubbles) outline(image, b.ellipse, k, 200);
        break;
      case 'examNumberGrid':
        for (const b of region.bubbles) outline(image, b.ellipse, k, 200);
        break;
      case 'absent':
        outline(image, region.bubble, k, 200);
        break;
      case 'answerBox': {
        const { x, y, width: w, height: h } = region.rect;
        rect(x, y, w, 0.3, 60);
        rect(x, y + h - 0.3, w, 0.3, 60);
        rect(x, y, 0.3, h, 60);
        rect(x + w - 0.3, y, 0.3, h, 60);
        break;
      }
      default:
        break;
    }
  }
  return image;
}

/** Every page of a PDF as pdftoppm renders it in grey at `dpi` (recognition's own rasteriser). */
export const rasterisePdf = rasterisePdfPages;

/** A copy of the printed page with a student's marks drawn on it. `seed` varies the hand. */
export function fillPage(blank: GreyImage, page: CardPage, dpi: number, marks: PageFill, seed: number): GreyImage {
  const image: GreyImage = { ...blank, data: new Uint8Array(blank.data) };
  const k = dpi / 25.4;
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const pencil = (e: Ellipse, mark: Mark) => {
    const a = (e.width / 2) * mark.size * k;
    const b = (e.height / 2) * mark.size * k;
    const cx = e.cx * k + (random() - 0.5) * 0.4 * k * (1.1 - Math.min(1.1, mark.size));
    const cy = e.cy * k + (random() - 0.5) * 0.3 * k * (1.1 - Math.min(1.1, mark.size));
    for (let y = Math.floor(cy - b); y <= Math.ceil(cy + b); y++) {
      for (let x = Math.floor(cx - a); x <= Math.ceil(cx + a); x++) {
        const u = (x + 0.5 - cx) / a;
        const v = (y + 0.5 - cy) / b;
        if (u * u + v * v > 1 || x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
        if (mark.style === 'erased' && ((x + y) / k + 10) % 1.6 >= 0.35) continue;
        const value = PAPER * (1 - mark.darkness * (0.75 + 0.5 * random()));
        const i = y * image.width + x;
        if (value < image.data[i]!) image.data[i] = Math.max(0, Math.round(value));
      }
    }
  };
  for (const region of page.regions) {
    if (region.kind === 'examNumberGrid' && marks.examNo) {
      for (const b of region.bubbles) if (marks.examNo[b.digit] === String(b.value)) pencil(b.ellipse, PENCIL);
    } else if (region.kind === 'objectiveBlock') {
      for (const row of region.rows) {
        const chosen = marks.answers?.[row.number] ?? '';
        for (const b of row.bubbles) {
          const own = marks.marks?.[row.number]?.[b.option];
          if (own) pencil(b.ellipse, own);
          else if (chosen.includes(b.option)) pencil(b.ellipse, PENCIL);
        }
      }
    } else if (region.kind === 'absent' && marks.absent) {
      pencil(region.bubble, PENCIL);
    } else if (region.kind === 'answerBox' && marks.writing) {
      const { x, y, width, height } = region.writable;
      for (let line = 0; line < Math.min(5, height / 8); line++) {
        const yy = y + 4 + line * 8;
        for (let xx = x + 2; xx < x + width * 0.7; xx += 3) {
          fill(
            image,
            Math.round(xx * k),
            Math.round(yy * k),
            Math.round((xx + 1.8) * k),
            Math.round((yy + 0.5) * k),
            40,
          );
        }
      }
    }
  }
  return image;
}

/** The page through a scanner: onto a little glass, turned, scaled, blurred, speckled, JPEG at `quality`. */
export async function scanOf(image: GreyImage, pose: ScanPose, seed = 1): Promise<Buffer> {
  const angle = pose.rotationDegrees + (pose.turned ? 180 : 0);
  const rotated = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(angle, { background: { r: 255, g: 255, b: 255 } })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Scale about the centre, then crop or pad back to the page's size, as a scanner images its glass.
  const width = Math.round(rotated.info.width * pose.scale);
  const height = Math.round(rotated.info.height * pose.scale);
  let pipeline = sharp(rotated.data, {
    raw: { width: rotated.info.width, height: rotated.info.height, channels: rotated.info.channels },
  })
    .resize(width, height)
    .extend({
      top: Math.max(0, Math.round((image.height - height) / 2)),
      bottom: Math.max(0, Math.round((image.height - height) / 2)),
      left: Math.max(0, Math.round((image.width - width) / 2)),
      right: Math.max(0, Math.round((image.width - width) / 2)),
      background: { r: 255, g: 255, b: 255 },
    });
  if (pose.blurSigma >= 0.3) pipeline = pipeline.blur(pose.blurSigma);
  const blurred = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (blurred.info.channels !== 1) throw new Error('scanOf: expected one channel');
  let state = seed >>> 0 || 1;
  const data = blurred.data;
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const r = (state >>> 0) / 4294967296;
    if (r < 0.0005) data[i] = 20;
    else data[i] = Math.max(0, Math.min(255, data[i]! + Math.round((r * 2 - 1) * pose.noise)));
  }
  // One channel in the file too, as a scanner's grey mode writes it (sharp would otherwise write a colour JPEG).
  return sharp(data, { raw: { width: blurred.info.width, height: blurred.info.height, channels: 1 } })
    .toColourspace('b-w')
    .jpeg({ quality: pose.quality })
    .toBuffer();
}

function fill(image: GreyImage, x0: number, y0: number, x1: number, y1: number, value: number): void {
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++) {
    image.data.fill(value, y * image.width + Math.max(0, x0), y * image.width + Math.min(image.width, x1));
  }
}

function outline(image: GreyImage, e: Ellipse, k: number, value: number): void {
  const a = (e.width / 2) * k;
  const b = (e.height / 2) * k;
  const line = 0.2 * k;
  for (let y = Math.floor(e.cy * k - b); y <= Math.ceil(e.cy * k + b); y++) {
    for (let x = Math.floor(e.cx * k - a); x <= Math.ceil(e.cx * k + a); x++) {
      const u = (x + 0.5 - e.cx * k) / a;
      const v = (y + 0.5 - e.cy * k) / b;
      const r = Math.sqrt(u * u + v * v);
      if (r <= 1 && r >= 1 - line / Math.min(a, b)) {
        const i = y * image.width + x;
        if (value < image.data[i]!) image.data[i] = value;
      }
    }
  }
}
