import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GreyImage } from '@huikao/omr';
import sharp from 'sharp';

// A page's bytes as one grey byte per pixel, and the resolution it was scanned at: images through
// sharp (libvips), a one-page PDF rasterised by pdftoppm (poppler-utils) at the batch's resolution.

export type PageFormat = 'jpeg' | 'png' | 'tiff' | 'pdf';

const run = promisify(execFile);
/** What a scan's own density may claim before it is believed over the batch's setting. */
const PLAUSIBLE_DPI = { min: 100, max: 600 };

export async function decodeGrey(
  bytes: Uint8Array,
  format: PageFormat,
  batchDpi: number,
): Promise<{ image: GreyImage; dpi: number }> {
  if (format === 'pdf') return { image: await rasterisePdfPage(bytes, batchDpi), dpi: batchDpi };
  const input = sharp(bytes, { failOn: 'error', limitInputPixels: 60_000_000 });
  const meta = await input.metadata();
  const density =
    meta.density && meta.density >= PLAUSIBLE_DPI.min && meta.density <= PLAUSIBLE_DPI.max ? meta.density : null;
  // A grey scan without alpha (what a scanning station sends) is decoded as it is: flattening and a
  // colourspace pass over an already grey page cost more than the JPEG decode itself.
  const alreadyGrey = meta.channels === 1 && !meta.hasAlpha;
  const pipeline = (alreadyGrey ? input : input.flatten({ background: '#ffffff' })).toColourspace('b-w');
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`unexpected ${info.channels} channels`);
  return {
    image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
    dpi: density ?? batchDpi,
  };
}

async function rasterisePdfPage(bytes: Uint8Array, dpi: number): Promise<GreyImage> {
  const folder = await mkdtemp(path.join(tmpdir(), 'huikao-page-'));
  try {
    const pdf = path.join(folder, 'page.pdf');
    await writeFile(pdf, bytes);
    await run(
      'pdftoppm',
      ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', pdf, path.join(folder, 'page')],
      {
        timeout: 60_000,
      },
    );
    return parsePgm(await readFile(path.join(folder, 'page.pgm')));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Every page of a PDF as pdftoppm renders it in grey at `dpi` (a card's blank pages, the tests' cards). */
export async function rasterisePdfPages(pdf: Uint8Array, dpi: number): Promise<GreyImage[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'huikao-card-'));
  try {
    await writeFile(path.join(folder, 'card.pdf'), pdf);
    await run('pdftoppm', ['-gray', '-r', String(dpi), path.join(folder, 'card.pdf'), path.join(folder, 'p')], {
      timeout: 120_000,
    });
    const files = (await readdir(folder)).filter((f) => f.endsWith('.pgm')).sort();
    return Promise.all(files.map(async (f) => parsePgm(await readFile(path.join(folder, f)))));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Binary PGM (P5, 8-bit) as pdftoppm -gray writes it. */
export function parsePgm(file: Buffer): GreyImage {
  const header: string[] = [];
  let at = 0;
  while (header.length < 4) {
    while (at < file.length && /\s/.test(String.fromCharCode(file[at]!))) at++;
    if (file[at] === 0x23) {
      while (at < file.length && file[at] !== 0x0a) at++;
      continue;
    }
    const start = at;
    while (at < file.length && !/\s/.test(String.fromCharCode(file[at]!))) at++;
    header.push(file.toString('latin1', start, at));
  }
  at++;
  const [magic, w, h, max] = header;
  const width = Number(w);
  const height = Number(h);
  if (magic !== 'P5' || Number(max) !== 255 || !(width > 0 && height > 0)) throw new Error('not an 8-bit PGM');
  const data = file.subarray(at, at + width * height);
  if (data.length !== width * height) throw new Error('truncated PGM');
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
