import { applyHomography, type GreyImage, type Homography, warpRegion } from '@huikao/omr';
import sharp from 'sharp';

// The parts of a located page that leave recognition as pixels: the small grey regions the code reader
// looks at, and the JPEG crops of the subjective boxes (design step 5) and of a PDF page.

/** Crops keep 2 mm around the box (design: "with a 2 mm margin"). */
const CROP_MARGIN_MM = 2;
/** Handwriting on paper reads the same at 75 as at 80, for ~10 % smaller crops and a little less encoding. */
const CROP_QUALITY = 75;

/** The image pixels under a template rect (grown by `marginMm`), as a grey region: the bounding box of its corners. */
function boundsOf(
  image: GreyImage,
  transform: Homography,
  rect: { x: number; y: number; width: number; height: number },
  marginMm: number,
) {
  const x0 = rect.x - marginMm;
  const y0 = rect.y - marginMm;
  const x1 = rect.x + rect.width + marginMm;
  const y1 = rect.y + rect.height + marginMm;
  const corners = [
    applyHomography(transform, x0, y0),
    applyHomography(transform, x1, y0),
    applyHomography(transform, x0, y1),
    applyHomography(transform, x1, y1),
  ];
  const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))));
  const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))));
  const right = Math.min(image.width, Math.ceil(Math.max(...corners.map((c) => c.x))));
  const bottom = Math.min(image.height, Math.ceil(Math.max(...corners.map((c) => c.y))));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

export function regionOf(
  image: GreyImage,
  transform: Homography,
  rect: { x: number; y: number; width: number; height: number },
  marginMm: number,
) {
  const b = boundsOf(image, transform, rect, marginMm);
  const data = new Uint8Array(b.width * b.height);
  for (let y = 0; y < b.height; y++) {
    const from = (b.top + y) * image.width + b.left;
    data.set(image.data.subarray(from, from + b.width), y * b.width);
  }
  return { width: b.width, height: b.height, data };
}

/**
 * The box with its margin, upright and straight (the transform holds the half turn and the skew), at the
 * scan's measured resolution: one warp of the decoded page in JS (nearest pixel: at the scan's own resolution
 * nothing moves by more than half a pixel), then one small grey JPEG encode.
 */
export async function cropOf(
  image: GreyImage,
  transform: Homography,
  rect: { x: number; y: number; width: number; height: number },
  measuredDpi: number,
  scratch: { pixels: Uint8Array },
): Promise<Uint8Array> {
  const m = CROP_MARGIN_MM;
  const area = { x: rect.x - m, y: rect.y - m, width: rect.width + 2 * m, height: rect.height + 2 * m };
  const pxPerMm = measuredDpi / 25.4;
  const needed = Math.round(area.width * pxPerMm) * Math.round(area.height * pxPerMm);
  if (scratch.pixels.length < needed) scratch.pixels = new Uint8Array(needed);
  const crop = warpRegion(image, transform, area, pxPerMm, { into: scratch.pixels, sampling: 'nearest' });
  return jpegOf(crop, CROP_QUALITY);
}

export async function jpegOf(image: GreyImage, quality: number): Promise<Uint8Array> {
  const raw = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
  // Standard Huffman tables: optimised ones need a second pass, about half the encode's time, for ~12 % smaller files.
  // One channel in the file (sharp writes raw grey as colour unless told), so no chroma is encoded either.
  return new Uint8Array(await raw.toColourspace('b-w').jpeg({ quality, optimiseCoding: false }).toBuffer());
}
