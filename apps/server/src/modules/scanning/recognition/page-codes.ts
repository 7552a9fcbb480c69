import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// QR page codes and Code 128 考号 stickers, read with zxing-wasm from a small grey region the
// locators already placed. The wasm binary is the installed package's file, never fetched.

let ready: Promise<unknown> | null = null;

function zxing(): Promise<unknown> {
  ready ??= readFile(fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm'))).then((bytes) =>
    prepareZXingModule({
      overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      fireImmediately: true,
    }),
  );
  return ready;
}

export interface GreyRegion {
  width: number;
  height: number;
  /** One byte per pixel, row-major. */
  data: Uint8Array;
}

/** The texts of the given symbology found in a grey region (empty when none reads). */
export async function readCodes(region: GreyRegion, format: 'QRCode' | 'Code128'): Promise<string[]> {
  await zxing();
  const rgba = new Uint8ClampedArray(region.width * region.height * 4);
  for (let i = 0, j = 0; i < region.data.length; i++, j += 4) {
    const v = region.data[i]!;
    rgba[j] = v;
    rgba[j + 1] = v;
    rgba[j + 2] = v;
    rgba[j + 3] = 255;
  }
  const results = await readBarcodes(
    { data: rgba, width: region.width, height: region.height } as unknown as ImageData,
    { formats: [format], tryHarder: true, tryRotate: true, maxNumberOfSymbols: 1 },
  );
  return results.filter((r) => r.isValid && r.text).map((r) => r.text);
}
