import { inflateRawSync } from 'node:zlib';
import { badInput } from './errors.ts';

// .xlsx and .docx files are zip archives. Before a parser inflates anything, the archive's central
// directory says how many entries it holds and how large each becomes; a zip bomb is refused there,
// from the sizes it declares. An entry we inflate ourselves is inflated with Node's zlib capped at
// its declared size, so an archive that lies about its sizes is refused without the memory.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  /** The sum of every entry's uncompressed size. */
  maxUnzippedBytes: number;
  maxEntries: number;
}

export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const tooLarge = (limits: ZipLimits) =>
  badInput(`文件解压后超过 ${megabytes(limits.maxUnzippedBytes)}`, { field: 'file' });

/**
 * The archive's entries as its central directory declares them, refused when there are too many or
 * they add up to more than the limit. `unreadable` is the caller's message for what is not a zip.
 */
export function zipEntries(buffer: Buffer, limits: ZipLimits, unreadable: string): ZipEntry[] {
  const fail = () => badInput(unreadable, { field: 'file' });
  const end = findEndOfDirectory(buffer);
  if (end < 0) throw fail();
  const count = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  // ZIP64 marks its counts and offsets 0xFFFF…; an office file of our sizes never needs it.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw tooLarge(limits);
  if (count > limits.maxEntries) {
    throw badInput(`文件包含的条目过多（超过 ${limits.maxEntries} 个），无法读取`, { field: 'file' });
  }
  if (directoryOffset + directorySize > end) throw fail();

  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || buffer.readUInt32LE(at) !== DIRECTORY_ENTRY) throw fail();
    const nameLength = buffer.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      uncompressedSize: buffer.readUInt32LE(at + 24),
      localHeaderOffset: buffer.readUInt32LE(at + 42),
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.uncompressedSize === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooLarge(limits);
    total += entry.uncompressedSize;
    if (total > limits.maxUnzippedBytes) throw tooLarge(limits);
    entries.push(entry);
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return entries;
}

function findEndOfDirectory(buffer: Buffer): number {
  const stop = Math.max(0, buffer.length - END_SEARCH);
  for (let at = buffer.length - 22; at >= stop; at--) {
    if (buffer.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/**
 * One entry's bytes, never more than it declared: zlib stops at the declared size, so an entry
 * whose data inflates further (a lying zip bomb) is refused instead of filling memory.
 */
export function inflateEntry(buffer: Buffer, entry: ZipEntry, limits: ZipLimits, unreadable: string): Buffer {
  const fail = () => badInput(unreadable, { field: 'file' });
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_HEADER) throw fail();
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const data = buffer.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw fail();
  if (entry.method === STORED) return data;
  if (entry.method !== DEFLATED) throw fail();
  let inflated: Buffer;
  try {
    // maxOutputLength must be at least 1; an empty entry inflates to nothing either way.
    inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(limits);
    throw fail();
  }
  if (inflated.length !== entry.uncompressedSize) throw fail();
  return inflated;
}

/**
 * Checks the whole archive before a parser (JSZip inside ExcelJS and mammoth) inflates it: the
 * declared sizes first, then every entry inflated within its declared size, one at a time. Returns
 * the entries `keep` asks for, so their text can be counted before the real parse.
 */
export function readZipArchive(
  buffer: Buffer,
  limits: ZipLimits,
  unreadable: string,
  keep: (name: string) => boolean,
): Map<string, Buffer> {
  const kept = new Map<string, Buffer>();
  for (const entry of zipEntries(buffer, limits, unreadable)) {
    const bytes = inflateEntry(buffer, entry, limits, unreadable);
    if (keep(entry.name)) kept.set(entry.name, bytes);
  }
  return kept;
}
