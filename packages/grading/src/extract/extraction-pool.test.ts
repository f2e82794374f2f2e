import { afterAll, describe, expect, it } from 'vitest';
import { extractionMessages } from '@korrigo/domain';
import { ExtractionError } from '../types';
import { makeTextPdf, renderTextPng } from '../../test/fixtures/extract-fixtures';
import { heaviestAllowedDocx, runFloodBomb, runsDocx } from '../../test/fixtures/hostile-files';
import { DOCX_LIMITS } from './docx.extractor';
import { ExtractionPool, ExtractionWorkerCrashedError } from './extraction-pool';
import { MAX_PDF_PAGES } from './pdf.extractor';

const pools: ExtractionPool[] = [];
function pool(options: ConstructorParameters<typeof ExtractionPool>[0]) {
  const created = new ExtractionPool(options);
  pools.push(created);
  return created;
}
afterAll(() => Promise.all(pools.map((created) => created.close())));

const text = (name: string, content: string) => ({ name, data: Buffer.from(content) });

describe('ExtractionPool', () => {
  it('answers what extractText answers, errors included', async () => {
    const extraction = pool({ size: 1 });
    const result = await extraction.extract([text('a.txt', 'Erste Datei'), text('b.txt', 'Zweite Datei')]);
    expect(result.text).toBe('Erste Datei\n\nZweite Datei');
    const error = await extraction.extract([{ name: 'x.bin', data: Buffer.from([0, 1, 2]) }]).catch((e) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).message).toBe(extractionMessages.unsupportedType('x.bin'));
  });

  it("reads a scan through its OCR thread, with word boxes in the image's pixels", async () => {
    const extraction = pool({ size: 1, ocrWorkers: 1 });
    const result = await extraction.extract([
      { name: 'scan.png', data: renderTextPng(['Die Größe der Blätter zählt.']) },
    ]);
    expect(result.text).toContain('Blätter');
    expect(result.pages[0]).toMatchObject({ source: 'ocr' });
    expect(result.pages[0]!.words[0]!.bbox.x1).toBeGreaterThan(result.pages[0]!.words[0]!.bbox.x0);
  }, 60_000);

  it('fails with a German reason when its worker runs out of heap, and carries on with a new worker', async () => {
    // the heaviest DOCX the limits allow needs ~200 MB: in a 100 MB heap it stands for a fooled decoder
    const extraction = pool({ size: 1, maxHeapMb: 100 });
    const error = await extraction
      .extract([{ name: 'schwer.docx', data: heaviestAllowedDocx() }])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionWorkerCrashedError);
    expect((error as ExtractionWorkerCrashedError).death).toBe('out_of_memory');
    expect((error as Error).message).toBe(extractionMessages.notProcessed(['schwer.docx']));
    const next = await extraction.extract([text('c.txt', 'Weiter geht es')]);
    expect(next.text).toBe('Weiter geht es');
  }, 60_000);

  it('ends an extraction that runs out of time with its worker', async () => {
    const extraction = pool({ size: 1, timeoutMs: 1 });
    const error = await extraction
      .extract([text('a.txt', 'langsam'), text('b.txt', 'auch')])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionWorkerCrashedError);
    expect((error as ExtractionWorkerCrashedError).death).toBe('timeout');
    expect((error as Error).message).toBe(extractionMessages.notProcessed(['a.txt', 'b.txt']));
  });

  it("takes a caller's time and page limits for one extraction (a class set's stack)", async () => {
    const extraction = pool({ size: 1, timeoutMs: 1 });
    const stack = Buffer.from(
      await makeTextPdf(Array.from({ length: MAX_PDF_PAGES + 5 }, (_, page) => [`Seite ${page + 1}`])),
    );
    const refused = await extraction
      .extract([{ name: 'stapel.pdf', data: stack }], { timeoutMs: 60_000 })
      .catch((caught: unknown) => caught);
    expect((refused as Error).message).toBe(
      extractionMessages.tooLarge('stapel.pdf', `${MAX_PDF_PAGES} Seiten`),
    );
    const read = await extraction.extract([{ name: 'stapel.pdf', data: stack }], {
      timeoutMs: 60_000,
      maxPdfPages: 150,
    });
    expect(read.pages).toHaveLength(MAX_PDF_PAGES + 5);
    expect(read.pages.at(-1)!.text).toBe(`Seite ${MAX_PDF_PAGES + 5}`);
  }, 60_000);

  it('runs at most `size` extractions at once and queues the rest', async () => {
    const extraction = pool({ size: 1 });
    const results = await Promise.all(
      ['eins', 'zwei', 'drei'].map((word) => extraction.extract([text(`${word}.txt`, word)])),
    );
    expect(results.map((result) => result.text)).toEqual(['eins', 'zwei', 'drei']);
  });

  it('refuses a DOCX bomb at once, without waiting behind the running extractions', async () => {
    const extraction = pool({ size: 1, timeoutMs: 60_000 });
    // the one worker is busy with the heaviest DOCX the limits allow (~1 s)
    const busy = extraction.extract([{ name: 'lang.docx', data: heaviestAllowedDocx() }]);
    const bombs = [
      ['bombe.docx', await runFloodBomb(200)],
      ['tags.docx', runsDocx(DOCX_LIMITS.maxTags)],
    ] as const;
    const started = performance.now();
    for (const [name, data] of bombs) {
      const error = await extraction.extract([{ name, data }]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtractionError);
      expect((error as Error).message).toBe(extractionMessages.tooComplex(name));
    }
    const refusedWithin = performance.now() - started;
    expect((await busy).text.length).toBeGreaterThan(0);
    // refused before the busy worker was free: the refusals did not queue
    expect(refusedWithin).toBeLessThan(2000);
  }, 30_000);
});
