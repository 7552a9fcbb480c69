import { crc32, deflateRawSync } from 'node:zlib';

// Zip archives written byte by byte for the upload-limit tests: office files of any size, and
// archives that no office program writes (a zip bomb, an entry that lies about its size).

export interface ZipEntryInput {
  name: string;
  data: Buffer | string;
  /** The uncompressed size the directory declares; the real one unless a test lies. */
  declaredSize?: number;
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: Buffer;
  size: number;
  offset: number;
}

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6); // UTF-8 names
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressed.length, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function directoryEntry(entry: Written, offset = entry.offset, name = entry.name): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(8, 10);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed.length, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** A deflated zip of the entries. */
export function zipOf(entries: ZipEntryInput[]): Buffer {
  const parts: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const input of entries) {
    const data = Buffer.isBuffer(input.data) ? input.data : Buffer.from(input.data, 'utf8');
    const entry: Written = {
      name: Buffer.from(input.name, 'utf8'),
      crc: crc32(data),
      compressed: deflateRawSync(data),
      size: input.declaredSize ?? data.length,
      offset,
    };
    const header = localHeader(entry);
    parts.push(header, entry.compressed);
    offset += header.length + entry.compressed.length;
    written.push(entry);
  }
  const directory = Buffer.concat(written.map((entry) => directoryEntry(entry)));
  return Buffer.concat([...parts, directory, endOfDirectory(written.length, directory.length, offset)]);
}

/**
 * A zip bomb of overlapping entries: one deflated block of `blockBytes` named `copies` times by the
 * directory, so a few KB declare `copies × blockBytes` of content.
 */
export function overlappingZipBomb(copies: number, blockBytes: number): Buffer {
  const data = Buffer.alloc(blockBytes, 0x41);
  const entry: Written = {
    name: Buffer.from('xl/worksheets/sheet1.xml'),
    crc: crc32(data),
    compressed: deflateRawSync(data, { level: 9 }),
    size: data.length,
    offset: 0,
  };
  const header = localHeader(entry);
  const directory = Buffer.concat(
    Array.from({ length: copies }, (_, i) => directoryEntry(entry, 0, Buffer.from(`xl/media/bomb${i}.bin`))),
  );
  const offset = header.length + entry.compressed.length;
  return Buffer.concat([header, entry.compressed, directory, endOfDirectory(copies, directory.length, offset)]);
}

const WORD_MAIN = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A .docx whose body is the given paragraphs, each one run of text. */
export function docxOfParagraphs(paragraphs: Iterable<string>): Buffer {
  const body: string[] = [];
  for (const text of paragraphs) body.push(`<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`);
  return zipOf([
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${WORD_MAIN}"><w:body>${body.join('')}</w:body></w:document>`,
    },
  ]);
}
