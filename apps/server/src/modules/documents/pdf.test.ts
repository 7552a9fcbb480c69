import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_FONTS_CONFIG } from '../../platform/fonts.ts';
import { libreOfficeConverter } from './pdf.ts';

// LibreOffice draws the PDF with the project's fonts (宋体 → Noto Serif CJK SC): a stand-in
// `soffice` first on the PATH writes, as its "PDF", the font configuration it was started with.

let folder: string;
const savedPath = process.env.PATH;
const savedFonts = process.env.FONTCONFIG_FILE;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'huikao-fake-office-'));
  const program = path.join(folder, 'soffice');
  await writeFile(
    program,
    '#!/bin/sh\nwhile [ "$1" != "--outdir" ]; do shift; done\nprintf "%s" "$FONTCONFIG_FILE" > "$2/paper.pdf"\n',
  );
  await chmod(program, 0o755);
  process.env.PATH = `${folder}${path.delimiter}${savedPath}`;
  delete process.env.FONTCONFIG_FILE;
});
afterAll(async () => {
  process.env.PATH = savedPath;
  if (savedFonts !== undefined) process.env.FONTCONFIG_FILE = savedFonts;
  await rm(folder, { recursive: true, force: true });
});

describe('the PDF conversion', () => {
  it('starts LibreOffice with the project fonts', async () => {
    const converter = libreOfficeConverter();
    expect(await converter.available()).toBe(true);
    expect((await converter.convert(Buffer.from('PK'))).toString()).toBe(PROJECT_FONTS_CONFIG);
  });
});
