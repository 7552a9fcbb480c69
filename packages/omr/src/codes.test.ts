/// <reference types="node" />
// The code reader against symbols from an independent encoder (zxing-wasm's writer), painted into grey
// and RGBA rasters the way a 200 dpi scan shows them: grey paper, dark ink, noise, turned sheets.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule as prepareWriter, writeBarcode } from 'zxing-wasm/writer';
import { initCodeReader, readCodes, ZXING_READER_WASM } from './codes.ts';
import type { GreyImage } from './grey-image.ts';
import { seededRandom } from './test-support/seeded-random.ts';

const wasm = (specifier: string) => readFileSync(fileURLToPath(import.meta.resolve(specifier)));

interface Painted {
  image: GreyImage;
  /** Where the symbol was painted, in pixels. */
  at: { x: number; y: number; width: number; height: number };
}

/** A symbol of one-pixel modules scaled by `pixels` into a page of paper grey, with sensor noise. */
async function paint(text: string, format: 'QRCode' | 'Code128', pixels: number, turned = false): Promise<Painted> {
  const { symbol, error } = await writeBarcode(text, { format, ecLevel: format === 'QRCode' ? 'M' : undefined });
  expect(error).toBe('');
  const barHeight = format === 'Code128' ? 60 : 1;
  const symbolWidth = symbol.width * pixels;
  const symbolHeight = symbol.height * pixels * barHeight;
  const width = symbolWidth + 160;
  const height = symbolHeight + 120;
  const data = new Uint8Array(width * height);
  const random = seededRandom(text.length * 7919 + pixels);
  const at = { x: 90, y: 50, width: symbolWidth, height: symbolHeight };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = Math.floor((x - at.x) / pixels);
      const sy = Math.floor((y - at.y) / (pixels * barHeight));
      const inside = sx >= 0 && sy >= 0 && sx < symbol.width && sy < symbol.height;
      const dark = inside && symbol.data[sy * symbol.width + sx]! < 128;
      const level = (dark ? 45 : 232) + Math.round((random() - 0.5) * 30);
      const target = turned ? (height - 1 - y) * width + (width - 1 - x) : y * width + x;
      data[target] = Math.max(0, Math.min(255, level));
    }
  }
  if (turned) at.x = width - at.x - at.width;
  if (turned) at.y = height - at.y - at.height;
  return { image: { width, height, data }, at };
}

describe('readCodes', () => {
  it('refuses to read before the reader is loaded, in Chinese', async () => {
    const image = { width: 4, height: 4, data: new Uint8Array(16) };
    await expect(readCodes(image)).rejects.toThrow('条码识别尚未初始化');
  });

  beforeAll(async () => {
    await prepareWriter({
      overrides: { wasmBinary: wasm('zxing-wasm/writer/zxing_writer.wasm').buffer },
      fireImmediately: true,
    });
  });

  it('reads a page code from a grey raster, with corners in the whole image', async () => {
    await initCodeReader(wasm(ZXING_READER_WASM));
    const { image, at } = await paint('HK1:1234:3:2:2', 'QRCode', 4);
    const reading = await readCodes(image);
    expect(reading.qr).toEqual(['HK1:1234:3:2:2']);
    expect(reading.code128).toEqual([]);
    const xs = reading.codes[0]!.corners.map((corner) => corner.x);
    expect(Math.min(...xs)).toBeGreaterThan(at.x - 5);
    expect(Math.max(...xs)).toBeLessThan(at.x + at.width + 5);
  });

  it('reads inside a region only, reporting positions in image pixels', async () => {
    const { image, at } = await paint('HK1:9:1:1:1', 'QRCode', 3);
    const region = { x: at.x - 20, y: at.y - 20, width: at.width + 40, height: at.height + 40 };
    const reading = await readCodes(image, region);
    expect(reading.qr).toEqual(['HK1:9:1:1:1']);
    const ys = reading.codes[0]!.corners.map((corner) => corner.y);
    expect(Math.min(...ys)).toBeGreaterThan(at.y - 5);
    // A region of paper only holds no code; one off the image is empty, not an error.
    expect((await readCodes(image, { x: 0, y: 0, width: 40, height: 40 })).codes).toEqual([]);
    expect((await readCodes(image, { x: image.width + 10, y: 0, width: 40, height: 40 })).codes).toEqual([]);
  });

  it('reads a 考号 barcode, also on a sheet turned upside down', async () => {
    for (const turned of [false, true]) {
      const { image } = await paint('20260417', 'Code128', 3, turned);
      expect((await readCodes(image)).code128).toEqual(['20260417']);
    }
  });

  it('reads RGBA input the same as grey', async () => {
    const { image } = await paint('HK1:77:2:3:1', 'QRCode', 4, true);
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    image.data.forEach((grey, index) => {
      rgba.set([grey, grey, grey, 255], index * 4);
    });
    const reading = await readCodes({ width: image.width, height: image.height, channels: 4, data: rgba });
    expect(reading.qr).toEqual(['HK1:77:2:3:1']);
  });

  it('refuses pixel data shorter than its size says, in Chinese', async () => {
    await expect(readCodes({ width: 10, height: 10, data: new Uint8Array(50) })).rejects.toThrow('与尺寸 10×10 不符');
  });
});
