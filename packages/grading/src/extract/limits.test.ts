import { once } from 'node:events';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractionMessages } from '@korrigo/domain';
import { ExtractionError } from '../types';
import { DOCX_LIMITS } from './docx.extractor';
import { MAX_IMAGE_PIXELS } from './image-preprocess';
import { readImageSize } from './image-size';
import { extractText } from './index';
import { MAX_PDF_PAGES } from './pdf.extractor';
import { readZip, ZipReadError } from './zip-reader';

// Hostile files, generated here: every one must be refused with a German message, quickly, without the
// decoder allocating what the file declares.

type ZipEntry = { name: string; data: Buffer; method: 0 | 8; declaredSize?: number };

/** A zip as a hostile client would write it: sizes in the headers are whatever the entry says. */
function buildZip(entries: ZipEntry[], declaredCount = entries.length): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(declaredCount, 0xffff), 8);
  end.writeUInt16LE(Math.min(declaredCount, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const RUN = '<w:r><w:t>a</w:t></w:r>';
const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOCUMENT_START =
  '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>';
const DOCUMENT_END = '</w:p></w:body></w:document>';

/** Deflates `repeat` copies of `chunk` between a start and an end without holding them all in memory. */
async function deflateRepeated(start: string, chunk: Buffer, repeat: number, end: string): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  deflate.write(start);
  for (let index = 0; index < repeat; index += 1) {
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end(end);
  await once(deflate, 'end');
  return Buffer.concat(out);
}

function docx(documentXml: Buffer, method: 0 | 8 = 8, declaredSize?: number): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: deflateRawSync(CONTENT_TYPES), method: 8 },
    { name: '_rels/.rels', data: deflateRawSync(RELS), method: 8 },
    { name: 'word/document.xml', data: documentXml, method, ...(declaredSize ? { declaredSize } : {}) },
  ]);
}

async function refusal(name: string, data: Uint8Array): Promise<{ error: ExtractionError; ms: number }> {
  const started = performance.now();
  const error = await extractText([{ name, data }]).catch((caught: unknown) => caught);
  const ms = performance.now() - started;
  expect(error).toBeInstanceOf(ExtractionError);
  return { error: error as ExtractionError, ms };
}

describe('DOCX and zip limits', () => {
  it('reads a small hand-written DOCX through the bounded reader', async () => {
    const xml = `${DOCUMENT_START}<w:r><w:t>Die Fotosynthese braucht Licht.</w:t></w:r>${DOCUMENT_END}`;
    const result = await extractText([{ name: 'aufsatz.docx', data: docx(deflateRawSync(xml)) }]);
    expect(result.text).toBe('Die Fotosynthese braucht Licht.');
  });

  it('refuses a bomb of ~200 MB of short text runs that declares a tiny size, within 2 s', async () => {
    const chunk = Buffer.from(RUN.repeat(Math.floor((1024 * 1024) / RUN.length)));
    // the header claims 1 KB; only the bytes actually inflated count
    const bomb = docx(await deflateRepeated(DOCUMENT_START, chunk, 200, DOCUMENT_END), 8, 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { error, ms } = await refusal('bombe.docx', bomb);
    expect(error.message).toBe(extractionMessages.tooComplex('bombe.docx'));
    expect(ms).toBeLessThan(2000);
  });

  it('refuses a document of more tiny runs than mammoth can hold, though its bytes are within the limit', async () => {
    const runs = Math.ceil(DOCX_LIMITS.maxTags / 4) + 1;
    const xml = Buffer.from(`${DOCUMENT_START}${RUN.repeat(runs)}${DOCUMENT_END}`);
    expect(xml.length).toBeLessThan(DOCX_LIMITS.maxXmlBytes);
    const { error, ms } = await refusal('läufe.docx', docx(deflateRawSync(xml)));
    expect(error.message).toBe(extractionMessages.tooComplex('läufe.docx'));
    expect(ms).toBeLessThan(2000);
  });

  it('refuses a stored (uncompressed) entry over the limit without copying it', () => {
    const big = Buffer.alloc(DOCX_LIMITS.maxXmlBytes + 1, 0x20);
    const zip = buildZip([{ name: 'word/document.xml', data: big, method: 0, declaredSize: 10 }]);
    expect(() => readZip(zip, { maxEntries: 10, maxTotalBytes: DOCX_LIMITS.maxXmlBytes })).toThrow(
      new ZipReadError('too_large'),
    );
  });

  it('refuses a zip with a huge entry count, declared or not', async () => {
    const many = Array.from({ length: DOCX_LIMITS.maxEntries + 1 }, (_, index) => ({
      name: `word/media/x${index}.xml`,
      data: Buffer.from('<a/>'),
      method: 0 as const,
    }));
    const entries = [
      {
        name: 'word/document.xml',
        data: Buffer.from(`${DOCUMENT_START}${DOCUMENT_END}`),
        method: 0 as const,
      },
      ...many,
    ];
    for (const declared of [entries.length, 1, 0xffff]) {
      const { error, ms } = await refusal('viele.docx', buildZip(entries, declared));
      expect(error.message).toBe(extractionMessages.tooComplex('viele.docx'));
      expect(ms).toBeLessThan(2000);
    }
  });

  it('calls a zip without a directory broken', async () => {
    const data = Buffer.concat([
      Buffer.from('PK\x03\x04'),
      Buffer.from('word/document.xml'),
      Buffer.alloc(64),
    ]);
    const { error } = await refusal('kaputt.docx', data);
    expect(error.message).toBe(extractionMessages.brokenFile('kaputt.docx'));
  });
});

/** A PNG of a signature and an IHDR chunk: all a decoder needs to allocate width × height × 4 bytes. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16);
  ihdr.writeUInt8(6, 17);
  const end = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, end]);
}

/** A JPEG of SOI, an APP0 segment to walk past, and a baseline frame header declaring the size. */
function jpegHeader(width: number, height: number, frameMarker = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const frame = Buffer.alloc(19);
  frame.writeUInt16BE(0xff00 | frameMarker, 0);
  frame.writeUInt16BE(17, 2);
  frame.writeUInt8(8, 4);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  frame.writeUInt8(3, 9);
  const scan = Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, scan, Buffer.from([0xff, 0xd9])]);
}

describe('image limits', () => {
  it('reads the size from PNG and JPEG headers (baseline and progressive)', () => {
    expect(readImageSize(pngHeader(640, 480), 'png')).toEqual({ width: 640, height: 480 });
    expect(readImageSize(jpegHeader(640, 480), 'jpeg')).toEqual({ width: 640, height: 480 });
    expect(readImageSize(jpegHeader(640, 480, 0xc2), 'jpeg')).toEqual({ width: 640, height: 480 });
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'jpeg')).toBeNull();
  });

  const limit = `${MAX_IMAGE_PIXELS / 1e6} Megapixel`;
  it.each([
    ['riesig.png', pngHeader(30_000, 30_000)],
    ['riesig.jpg', jpegHeader(30_000, 30_000)],
    ['progressiv.jpg', jpegHeader(30_000, 30_000, 0xc2)],
  ])('refuses %s declaring 30000 × 30000 px before decoding it', async (name, data) => {
    const { error, ms } = await refusal(name, data);
    expect(error.message).toBe(extractionMessages.tooManyPixels(name, limit));
    expect(ms).toBeLessThan(2000);
  });

  it('calls an image without a size broken', async () => {
    const { error } = await refusal('leer.png', pngHeader(0, 0));
    expect(error.message).toBe(extractionMessages.brokenFile('leer.png'));
  });
});

/** A PDF of `count` empty pages, with proper cross-references (pdf.js checks the declared count). */
function pdfWithPages(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, index) => `${index + 3} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    ...Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('PDF limits', () => {
  it('refuses a PDF of 10,000 pages before reading any', async () => {
    const { error, ms } = await refusal('dick.pdf', pdfWithPages(10_000));
    expect(error.message).toBe(extractionMessages.tooLarge('dick.pdf', `${MAX_PDF_PAGES} Seiten`));
    expect(ms).toBeLessThan(2000);
  });

  it('calls a PDF of garbage broken', async () => {
    const garbage = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);
    const { error, ms } = await refusal('müll.pdf', garbage);
    expect(error.message).toBe(extractionMessages.brokenFile('müll.pdf'));
    expect(ms).toBeLessThan(2000);
  });
});
