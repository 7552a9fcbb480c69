import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withProjectFonts } from '../../platform/fonts.ts';

// PDF through LibreOffice headless, where it is installed (`soffice` or `libreoffice` on the
// PATH). Each conversion gets its own temporary folder and LibreOffice profile (no shared profile
// lock), the folder is removed afterwards whatever happens, and conversions run one at a time in
// this process: each LibreOffice start takes a few hundred megabytes. LibreOffice draws with the
// project's fonts (platform/fonts.ts: 宋体 as Noto Serif CJK SC, 黑体 as Noto Sans CJK SC).

const PROGRAMS = ['soffice', 'libreoffice'];
const CONVERSION_TIMEOUT_MS = 120_000;

/** The LibreOffice program on the PATH, or null. */
export async function findOffice(searchPath = process.env.PATH ?? ''): Promise<string | null> {
  for (const directory of searchPath.split(path.delimiter).filter(Boolean)) {
    for (const program of PROGRAMS) {
      const candidate = path.join(directory, program);
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not in this directory.
      }
    }
  }
  return null;
}

export interface PdfConverter {
  available(): Promise<boolean>;
  convert(docx: Buffer): Promise<Buffer>;
}

export function libreOfficeConverter(): PdfConverter {
  // Looked up once: installing LibreOffice is a server change that comes with a restart.
  let office: Promise<string | null> | undefined;
  const program = () => {
    office ??= findOffice();
    return office;
  };
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    async available() {
      return (await program()) !== null;
    },
    convert: (docx) => oneAtATime(() => convertWith(program, docx)),
  };
}

async function convertWith(program: () => Promise<string | null>, docx: Buffer): Promise<Buffer> {
  const soffice = await program();
  if (!soffice) throw new Error('LibreOffice is not installed');
  const folder = await mkdtemp(path.join(tmpdir(), 'huikao-pdf-'));
  try {
    const input = path.join(folder, 'paper.docx');
    await writeFile(input, docx);
    await new Promise<void>((resolve, reject) => {
      execFile(
        soffice,
        [
          `-env:UserInstallation=${pathToFileURL(path.join(folder, 'profile')).href}`,
          '--headless',
          '--norestore',
          '--convert-to',
          'pdf',
          '--outdir',
          folder,
          input,
        ],
        { timeout: CONVERSION_TIMEOUT_MS, env: withProjectFonts({ ...process.env, HOME: folder }) },
        (error) => (error ? reject(error) : resolve()),
      );
    });
    return await readFile(path.join(folder, 'paper.pdf'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
