import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { AppError } from '../../../platform/errors.ts';
import { inflateEntry, zipEntries } from '../../../platform/zip-archive.ts';

// What an uploaded scan file is and which pages it holds, checked before anything is stored: the
// format from its bytes (not its name), JPEG and PNG decoded (a corrupt or truncated image is refused
// here, per file), a TIFF's pages and a PDF's pages (capped) split into one-page sources, a zip
// opened entry by entry with its paths checked. Every refusal is a Chinese sentence for that file.

export type ScanFormat = 'jpeg' | 'png' | 'tiff' | 'pdf';

/** Pages one PDF or TIFF may hold: a room's stack is well under it; a 400-page file is refused. */
export const MAX_PAGES_PER_FILE = 300;
/** Entries and unzipped bytes of one zip. */
export const ZIP_LIMITS = { maxEntries: 2000, maxUnzippedBytes: 2 * 1024 * 1024 * 1024 };
/** One scanned image or one zip entry. */
export const MAX_IMAGE_BYTES = 60 * 1024 * 1024;

const run = promisify(execFile);

export interface IncomingFile {
  fileName: string;
  archiveName: string | null;
  bytes: Buffer;
  /** A zip entry over the size limit, refused without inflating it. */
  tooLarge?: boolean;
}

export interface PageSource {
  /** The page's own bytes: the file itself, or a page split off it. */
  bytes: Buffer;
  format: 'jpeg' | 'png' | 'pdf';
  checksum: string;
}

export type CheckedFile =
  | { ok: true; format: ScanFormat; sha256: string; pages: PageSource[] }
  | { ok: false; sha256: string; message: string };

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function formatOf(bytes: Buffer): ScanFormat | 'zip' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  const head = bytes.subarray(0, 4).toString('latin1');
  if (head === 'II*\0' || head === 'MM\0*') return 'tiff';
  if (head === '%PDF') return 'pdf';
  if (head === 'PK\x03\x04' || head === 'PK\x05\x06') return 'zip';
  return null;
}

/** The files of an upload: the file itself, or a zip's entries (folders and system files skipped). */
export function* filesOf(upload: IncomingFile): Generator<IncomingFile> {
  if (formatOf(upload.bytes) !== 'zip') {
    yield upload;
    return;
  }
  const unreadable = '压缩包无法读取：文件不完整或不是 zip 格式';
  const entries = zipEntries(upload.bytes, ZIP_LIMITS, unreadable);
  // A path that climbs out (../x) or starts at the root is how a zip writes outside its folder: such an
  // archive is refused whole, before any of it is stored.
  const unsafe = entries.find((e) => e.name.split(/[\\/]/).includes('..') || /^([\\/]|[A-Za-z]:)/.test(e.name));
  if (unsafe) {
    throw new AppError(400, `压缩包中的路径“${unsafe.name.slice(0, 60)}”不安全（含 .. 或绝对路径），整个压缩包未接收`);
  }
  for (const entry of entries) {
    const base = entry.name.split(/[\\/]/).pop() ?? '';
    if (entry.name.endsWith('/') || base === '' || base.startsWith('.') || entry.name.startsWith('__MACOSX/')) continue;
    if (entry.uncompressedSize > MAX_IMAGE_BYTES) {
      yield { fileName: entry.name, archiveName: upload.fileName, bytes: Buffer.alloc(0), tooLarge: true };
      continue;
    }
    yield {
      fileName: entry.name,
      archiveName: upload.fileName,
      bytes: inflateEntry(upload.bytes, entry, ZIP_LIMITS, unreadable),
    };
  }
}

const refused = (bytes: Buffer, message: string): CheckedFile => ({ ok: false, sha256: sha256Of(bytes), message });

/** Checks one file and splits it into pages; never throws for a bad file (the refusal is its result). */
export async function checkScanFile(file: IncomingFile): Promise<CheckedFile> {
  const { bytes } = file;
  if (file.tooLarge || bytes.length > MAX_IMAGE_BYTES) {
    return refused(bytes, `文件超过 ${MAX_IMAGE_BYTES / 1024 / 1024} MB，请降低扫描分辨率或拆分后上传`);
  }
  if (bytes.length === 0) return refused(bytes, '文件为空（0 字节）');
  const format = formatOf(bytes);
  if (format === 'zip') return refused(bytes, '压缩包中不能再包含压缩包');
  if (!format) return refused(bytes, '不是扫描图像：只接受 JPEG、PNG、TIFF、PDF 或包含它们的 zip');
  const sha256 = sha256Of(bytes);
  try {
    if (format === 'jpeg' || format === 'png') {
      await decodeCheck(bytes);
      return { ok: true, format, sha256, pages: [{ bytes, format, checksum: sha256 }] };
    }
    if (format === 'tiff') return { ok: true, format, sha256, pages: await tiffPages(bytes) };
    return { ok: true, format, sha256, pages: await pdfPages(bytes) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, sha256, message: error.message };
    const name = { jpeg: 'JPEG', png: 'PNG', tiff: 'TIFF', pdf: 'PDF' }[format];
    return { ok: false, sha256, message: `${name} 文件已损坏或不完整，无法读取` };
  }
}

/** A full decode at an eighth of the size (JPEG's DCT scaling makes it cheap): a truncated or corrupt image fails. */
async function decodeCheck(bytes: Buffer, page?: number): Promise<void> {
  await sharp(bytes, { failOn: 'truncated', page, limitInputPixels: 60_000_000 })
    .resize({ width: 256, withoutEnlargement: true })
    .raw()
    .toBuffer();
}

async function tiffPages(bytes: Buffer): Promise<PageSource[]> {
  const meta = await sharp(bytes, { failOn: 'truncated' }).metadata();
  const count = meta.pages ?? 1;
  if (count > MAX_PAGES_PER_FILE) throw tooManyPages('TIFF', count);
  const pages: PageSource[] = [];
  for (let page = 0; page < count; page++) {
    // Lossless, quick to write: the page is read again by recognition, never shown to anyone as is.
    const png = await sharp(bytes, { failOn: 'truncated', page, limitInputPixels: 60_000_000 })
      .png({ compressionLevel: 1 })
      .toBuffer();
    pages.push({ bytes: png, format: 'png', checksum: sha256Of(png) });
  }
  return pages;
}

async function pdfPages(bytes: Buffer): Promise<PageSource[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'huikao-scan-'));
  try {
    const pdf = path.join(folder, 'scan.pdf');
    await writeFile(pdf, bytes);
    const info = await run('pdfinfo', [pdf], { timeout: 30_000 });
    const count = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1] ?? Number.NaN);
    if (!Number.isInteger(count) || count < 1) throw new Error('no pages');
    if (count > MAX_PAGES_PER_FILE) throw tooManyPages('PDF', count);
    await run('pdfseparate', [pdf, path.join(folder, 'page-%d.pdf')], { timeout: 120_000 });
    const files = (await readdir(folder)).filter((f) => f.startsWith('page-'));
    files.sort((a, b) => Number(a.slice(5, -4)) - Number(b.slice(5, -4)));
    if (files.length !== count) throw new Error('pages missing');
    const pages: PageSource[] = [];
    for (const file of files) {
      const page = await readFile(path.join(folder, file));
      pages.push({ bytes: page, format: 'pdf', checksum: sha256Of(page) });
    }
    return pages;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function tooManyPages(kind: string, count: number): AppError {
  return new AppError(400, `${kind} 共 ${count} 页，超过单个文件 ${MAX_PAGES_PER_FILE} 页的上限，请拆分后上传`);
}
