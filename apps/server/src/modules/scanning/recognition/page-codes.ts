import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { initCodeReader, readCodes as readOmrCodes, ZXING_READER_WASM } from '@huikao/omr';

// QR page codes and Code 128 考号 stickers, read by packages/omr's reader (zxing-wasm) from a small
// grey region the locators already placed. The node side's one job: hand the reader the wasm bytes
// of the installed package, once per thread, never a network fetch.

let ready: Promise<void> | null = null;

/** Loads the reader from the installed package's wasm file, once per thread (the card PDF's checks use it too). */
export function codeReader(): Promise<void> {
  ready ??= readFile(fileURLToPath(import.meta.resolve(ZXING_READER_WASM))).then((bytes) => initCodeReader(bytes));
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
  await codeReader();
  // Quick pass for the one expected symbol first; the thorough pass only when it finds nothing.
  const reading = await readOmrCodes(region, undefined, { expect: format });
  return format === 'QRCode' ? reading.qr : reading.code128;
}
