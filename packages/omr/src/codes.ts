// The machine-readable codes of a card page: the QR page code (HK1:<template>:<version>:<page>:<side>)
// and the 考号's Code 128 barcode, decoded by zxing-wasm (the zxing-cpp reader compiled to WebAssembly).
// Pure like the rest of the package: the caller hands over the reader's wasm bytes once
// (initCodeReader); this module never reads a file and never lets zxing-wasm fetch its binary from
// the network (its default is a CDN).

import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';
import type { GreyImage } from './grey-image.ts';

/** The package file the caller reads and hands to initCodeReader (resolve it with import.meta.resolve). */
export const ZXING_READER_WASM = 'zxing-wasm/reader/zxing_reader.wasm';

/** 8-bit RGBA, row-major, as a canvas or sharp's `.ensureAlpha().raw()` gives it. */
export interface RgbaImage {
  width: number;
  height: number;
  channels: 4;
  data: Uint8Array | Uint8ClampedArray;
}

/** A rectangle of the image in pixels. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type CodeFormat = 'QRCode' | 'Code128';

export interface DecodedCode {
  format: CodeFormat;
  text: string;
  /** The symbol's corners in the whole image's pixels (not the region's). */
  corners: Array<{ x: number; y: number }>;
}

export interface CodeReading {
  /** Decoded texts by format, in the order zxing found them. */
  qr: string[];
  code128: string[];
  codes: DecodedCode[];
}

let ready: Promise<void> | undefined;

/**
 * Loads the reader from its wasm bytes (the file `ZXING_READER_WASM` of the installed package).
 * Once per process; later calls return the first load.
 */
export function initCodeReader(wasmBinary: Uint8Array | ArrayBuffer): Promise<void> {
  if (!ready) {
    const bytes = wasmBinary instanceof Uint8Array ? wasmBinary : new Uint8Array(wasmBinary);
    const copy = bytes.slice().buffer;
    ready = prepareZXingModule({ overrides: { wasmBinary: copy }, fireImmediately: true }).then(() => undefined);
    // A failed load may be retried with other bytes.
    ready.catch(() => {
      ready = undefined;
    });
  }
  return ready;
}

const OPTIONS: ReaderOptions = {
  formats: ['QRCode', 'Code128'],
  tryHarder: true,
  // A sheet fed upside down still reads; the page code says which way up it was.
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  textMode: 'Plain',
  maxNumberOfSymbols: 8,
};

/**
 * The quick pass for a region the caller has already placed around one expected symbol: one format, one
 * symbol, none of the slow modes. About a tenth of the thorough pass's time on a page-code area.
 */
function quickOptions(format: CodeFormat): ReaderOptions {
  return {
    formats: [format],
    tryHarder: false,
    tryRotate: false,
    tryInvert: false,
    tryDownscale: false,
    textMode: 'Plain',
    maxNumberOfSymbols: 1,
  };
}

export interface ReadCodesOptions {
  /**
   * Expect one symbol of this format: a quick pass looks for it alone, and only when that finds nothing
   * valid does the thorough pass (both formats, rotations, downscaling) run.
   */
  expect?: CodeFormat;
}

/** Decodes the QR codes and Code 128 barcodes in `region` of the image (the whole image by default). */
export async function readCodes(
  image: GreyImage | RgbaImage,
  region?: PixelRect,
  options: ReadCodesOptions = {},
): Promise<CodeReading> {
  if (!ready) throw new Error('条码识别尚未初始化：请先以 zxing_reader.wasm 的字节调用 initCodeReader');
  await ready;
  const area = clampRegion(image, region);
  const reading: CodeReading = { qr: [], code128: [], codes: [] };
  if (area.width < 1 || area.height < 1) return reading;
  const pixels = { data: toRgba(image, area), width: area.width, height: area.height };
  const input = pixels as unknown as Parameters<typeof readBarcodes>[0];
  let results = options.expect ? await readBarcodes(input, quickOptions(options.expect)) : [];
  if (!results.some((r) => r.isValid)) results = await readBarcodes(input, OPTIONS);
  for (const result of results) {
    if (!result.isValid) continue;
    const format: CodeFormat | undefined =
      result.symbology === 'QRCode' ? 'QRCode' : result.symbology === 'Code128' ? 'Code128' : undefined;
    if (!format) continue;
    const { topLeft, topRight, bottomRight, bottomLeft } = result.position;
    const corners = [topLeft, topRight, bottomRight, bottomLeft].map((point) => ({
      x: point.x + area.x,
      y: point.y + area.y,
    }));
    reading.codes.push({ format, text: result.text, corners });
    (format === 'QRCode' ? reading.qr : reading.code128).push(result.text);
  }
  return reading;
}

function clampRegion(image: { width: number; height: number }, region?: PixelRect): PixelRect {
  if (!region) return { x: 0, y: 0, width: image.width, height: image.height };
  const x = Math.max(0, Math.floor(region.x));
  const y = Math.max(0, Math.floor(region.y));
  const right = Math.min(image.width, Math.ceil(region.x + region.width));
  const bottom = Math.min(image.height, Math.ceil(region.y + region.height));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/**
 * The region as RGBA, the only raw pixel form zxing-wasm's public API takes (it turns it back to grey
 * with integer luma weights that sum to 1024, so a grey value survives the round trip exactly).
 */
function toRgba(image: GreyImage | RgbaImage, area: PixelRect): Uint8ClampedArray {
  const channels = 'channels' in image ? 4 : 1;
  if (image.data.length < image.width * image.height * channels) {
    throw new RangeError(`图像数据长度 ${image.data.length} 与尺寸 ${image.width}×${image.height} 不符`);
  }
  const out = new Uint8ClampedArray(area.width * area.height * 4);
  for (let row = 0; row < area.height; row++) {
    const source = ((area.y + row) * image.width + area.x) * channels;
    const target = row * area.width * 4;
    if (channels === 4) {
      out.set(image.data.subarray(source, source + area.width * 4), target);
      continue;
    }
    for (let column = 0; column < area.width; column++) {
      const grey = image.data[source + column]!;
      const at = target + column * 4;
      out[at] = grey;
      out[at + 1] = grey;
      out[at + 2] = grey;
      out[at + 3] = 255;
    }
  }
  return out;
}
