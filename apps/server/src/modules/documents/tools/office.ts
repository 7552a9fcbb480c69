import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OFFICE_UNAVAILABLE_MESSAGE } from '@huikao/contracts';
import { badInput, ruleBroken } from '../../../platform/errors.ts';
import { withProjectFonts } from '../../../platform/fonts.ts';
import { findOffice } from '../pdf.ts';

// Word and Excel files to PDF (LibreOffice headless) and PDF pages to JPEG (poppler's pdftoppm),
// in child processes, so the request thread only waits. Conversions run one at a time in this
// process (each LibreOffice start takes a few hundred megabytes on a small school server), and
// their results are kept by the input's checksum: previewing the same exam document twice, or
// printing it after previewing it, converts once.

const TIMEOUT_MS = 120_000;
/** Results kept in memory (PDF and page JPEGs of one file are a few MB). */
const CACHE_ENTRIES = 32;
/** Page images: 110 dpi reads comfortably on a screen and keeps an A3 page under ~400 KB. */
const PAGE_DPI = 110;
const MAX_PAGES = 60;

export interface Converted {
  pdf: Buffer;
  /** JPEG of each page, in order (empty when only the PDF was asked for). */
  pages: Buffer[];
}

export interface OfficeConverter {
  available(): Promise<boolean>;
  /** `input` is a .docx or .xlsx file; `withPages` also renders each page as a JPEG. */
  convert(input: Buffer, extension: '.docx' | '.xlsx', withPages: boolean): Promise<Converted>;
}

function run(program: string, args: string[], folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      { timeout: TIMEOUT_MS, env: withProjectFonts({ ...process.env, HOME: folder }) },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

export function officeConverter(): OfficeConverter {
  let office: Promise<string | null> | undefined;
  const program = () => {
    office ??= findOffice();
    return office;
  };
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const cache = new Map<string, Promise<Converted>>();

  async function convertNow(input: Buffer, extension: string, withPages: boolean): Promise<Converted> {
    const soffice = await program();
    if (!soffice) throw ruleBroken(OFFICE_UNAVAILABLE_MESSAGE);
    const folder = await mkdtemp(path.join(tmpdir(), 'huikao-tools-'));
    try {
      const source = path.join(folder, `input${extension}`);
      await writeFile(source, input);
      const profile = `-env:UserInstallation=${pathToFileURL(path.join(folder, 'profile')).href}`;
      try {
        await run(
          soffice,
          [profile, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', folder, source],
          folder,
        );
      } catch {
        throw badInput('文件无法转换：文件已损坏或不是有效的 Word/Excel 文件', { field: 'file' });
      }
      const pdf = await readFile(path.join(folder, 'input.pdf')).catch(() => null);
      if (!pdf || pdf.length === 0) {
        throw badInput('文件无法转换：文件已损坏或不是有效的 Word/Excel 文件', { field: 'file' });
      }
      if (!withPages) return { pdf, pages: [] };
      await run(
        'pdftoppm',
        [
          '-jpeg',
          '-jpegopt',
          'quality=85',
          '-r',
          String(PAGE_DPI),
          '-l',
          String(MAX_PAGES),
          path.join(folder, 'input.pdf'),
          path.join(folder, 'page'),
        ],
        folder,
      );
      // pdftoppm pads the page number to the page count's width: page-1.jpg or page-01.jpg.
      const names = (await readdir(folder)).filter((n) => /^page-\d+\.jpg$/.test(n));
      names.sort((a, b) => Number(a.slice(5, -4)) - Number(b.slice(5, -4)));
      const pages = await Promise.all(names.map((n) => readFile(path.join(folder, n))));
      return { pdf, pages };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  return {
    async available() {
      return (await program()) !== null;
    },
    convert(input, extension, withPages) {
      const key = `${createHash('sha256').update(input).digest('hex')}${extension}:${withPages}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const work = oneAtATime(() => convertNow(input, extension, withPages));
      cache.set(key, work);
      // A failure is not kept: the next try converts again (LibreOffice may have been installed).
      work.catch(() => cache.delete(key));
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return work;
    },
  };
}
