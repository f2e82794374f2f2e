import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractionMessages } from '@korrigo/domain';
import { ExtractionError } from '../types';
import { DOCX_LIMITS } from './docx.extractor';
import { MAX_IMAGE_PIXELS } from './image-preprocess';
import { readImageSize } from './image-size';
import { extractText } from './index';
import { MAX_PDF_PAGES } from './pdf.extractor';
import { readZip, ZipReadError } from './zip-reader';
import {
  buildZip,
  docx,
  DOCUMENT_END,
  DOCUMENT_START,
  jpegHeader,
  manyEntriesDocx,
  pdfWithPages,
  pngHeader,
  runFloodBomb,
  runsDocx,
} from '../../test/fixtures/hostile-files';

// Hostile files, generated here: every one must be refused with a German message, quickly, without the
// decoder allocating what the file declares.

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
    // the header claims 1 KB; only the bytes actually inflated count
    const bomb = await runFloodBomb(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { error, ms } = await refusal('bombe.docx', bomb);
    expect(error.message).toBe(extractionMessages.tooComplex('bombe.docx'));
    expect(ms).toBeLessThan(2000);
  });

  it('refuses a document of more tiny runs than mammoth can hold, though its bytes are within the limit', async () => {
    const flood = runsDocx(Math.ceil(DOCX_LIMITS.maxTags / 4) + 1);
    const { error, ms } = await refusal('läufe.docx', flood);
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
    for (const declared of [undefined, 1, 0xffff]) {
      const { error, ms } = await refusal('viele.docx', manyEntriesDocx(declared));
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
