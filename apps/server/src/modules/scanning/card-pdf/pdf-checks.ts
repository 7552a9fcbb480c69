// Test support: the card PDF as a printer and a scanner see it, through poppler-utils (pdftoppm,
// pdfinfo, pdffonts, pdftotext; .ci/run installs them) and the omr package's code reader.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Rect } from '@huikao/answer-card';
import { type GreyImage, readCodes } from '@huikao/omr';
import { codeReader } from '../recognition/page-codes.ts';

const run = promisify(execFile);

export const DPI = 200;
export const PX_PER_MM = DPI / 25.4;

/** A PDF written to a temporary folder for the poppler tools, removed by `close`. */
export async function pdfFile(pdf: Buffer): Promise<{ path: string; close: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'card-pdf-'));
  const path = join(folder, 'card.pdf');
  await writeFile(path, pdf);
  return { path, close: () => rm(folder, { recursive: true, force: true }) };
}

/** One page rasterised in grey at 200 dpi, as a scanner would deliver it. */
export async function rasterPage(path: string, page: number): Promise<GreyImage> {
  const prefix = `${path}-${page}`;
  await run('pdftoppm', [
    '-r',
    String(DPI),
    '-gray',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    path,
    prefix,
  ]);
  const file = await readFile(`${prefix}.pgm`);
  await rm(`${prefix}.pgm`);
  return parsePgm(file);
}

function parsePgm(file: Buffer): GreyImage {
  // Binary PGM: "P5", width, height, maxval, one whitespace, then the pixels.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm 输出不是 PGM 图像');
  const [whole, width, height] = header;
  return { width: Number(width), height: Number(height), data: new Uint8Array(file.subarray(whole.length)) };
}

/** Page sizes in points, from pdfinfo. */
export async function pageSizes(path: string): Promise<Array<{ width: number; height: number }>> {
  const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '100000', path]);
  return [...stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => ({
    width: Number(match[1]),
    height: Number(match[2]),
  }));
}

export interface FontRow {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
}

export async function fonts(path: string): Promise<FontRow[]> {
  const { stdout } = await run('pdffonts', [path]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      // name, type (may be two words), encoding, emb, sub, uni, object, id
      const [emb, sub] = columns.slice(-5, -3);
      return {
        name: columns[0]!,
        type: columns.slice(1, -6).join(' '),
        embedded: emb === 'yes',
        subset: sub === 'yes',
      };
    });
}

/** The text of each page, as a PDF reader copies it out. */
export async function pageTexts(path: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-layout', path, '-']);
  return stdout.split('\f').slice(0, -1);
}

export function pixelRect(at: Rect, marginMm = 0): Rect {
  return {
    x: (at.x - marginMm) * PX_PER_MM,
    y: (at.y - marginMm) * PX_PER_MM,
    width: (at.width + 2 * marginMm) * PX_PER_MM,
    height: (at.height + 2 * marginMm) * PX_PER_MM,
  };
}

/** The darkness-weighted centre, in mm, of the ink inside a window (mm) of the raster. */
export function inkCentre(image: GreyImage, window: Rect): { x: number; y: number; ink: number } {
  const area = pixelRect(window);
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let y = Math.max(0, Math.floor(area.y)); y < Math.min(image.height, area.y + area.height); y++) {
    for (let x = Math.max(0, Math.floor(area.x)); x < Math.min(image.width, area.x + area.width); x++) {
      const ink = 255 - image.data[y * image.width + x]!;
      sum += ink;
      sx += ink * (x + 0.5);
      sy += ink * (y + 0.5);
    }
  }
  return { x: sx / sum / PX_PER_MM, y: sy / sum / PX_PER_MM, ink: sum / 255 };
}

/** Pixels darker than `below` inside a window (mm). */
export function darkPixels(image: GreyImage, window: Rect, below = 160): number {
  const area = pixelRect(window);
  let count = 0;
  for (let y = Math.max(0, Math.floor(area.y)); y < Math.min(image.height, area.y + area.height); y++) {
    for (let x = Math.max(0, Math.floor(area.x)); x < Math.min(image.width, area.x + area.width); x++) {
      if (image.data[y * image.width + x]! < below) count++;
    }
  }
  return count;
}

/** The QR and Code 128 texts inside a region (mm) of a page, through recognition's one reader loader. */
export async function codesIn(image: GreyImage, at: Rect, marginMm = 3) {
  await codeReader();
  return readCodes(image, pixelRect(at, marginMm));
}
