import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createScheduler, createWorker, PSM, type Page, type Scheduler } from 'tesseract.js';
import type { ExtractedWord } from '../types';
import { warmUpPage } from './image-preprocess';
import { preparePage, toPgm, type OcrImage, type PageStrip } from './ocr-page';

export type OcrResult = {
  text: string;
  /** Tesseract's mean word confidence, 0..100 */
  confidence: number;
  words: ExtractedWord[];
};

/** What reads grey images: the pool itself, or (in an extraction worker) a messenger to the pool. */
export type OcrEngine = { recognize(image: OcrImage): Promise<OcrResult> };

/** A page scaled and cut into strips for the pool's workers: see `OcrPool.prepare`. */
export type PreparedPage = { scale: number; strips: PageStrip[] };

/** 'page': automatic layout analysis (pages, photos); 'line': the image is one line of text. */
export type OcrMode = 'page' | 'line';

type OcrPoolOptions = {
  /** number of Tesseract workers; default: the cores, at least 1 and at most 4 */
  size?: number;
  mode?: OcrMode;
};

/**
 * German only. With English added, Tesseract reads every word it is unsure of a second time with the
 * English model: on the DHSD handwriting sample that doubled the CPU time and raised the CER from 0.31 to
 * 0.35; on OCR-D print it doubled the time for a CER of 0.109 instead of 0.115; and a typed English A4
 * page is read as well by the German model alone (CER 0.002 vs 0.003), as it has the same Latin letters.
 */
const LANGUAGES = ['deu'] as const;
/** the npm packages' folder with the LSTM "best_int" models: small, fast, as good as "best" on print */
const MODEL_FOLDER = '4.0.0_best_int';
/** each worker holds its model in WASM memory (~30 MB); more than 4 only adds memory pressure */
const MAX_WORKERS = 4;

const require = createRequire(import.meta.url);

/**
 * Tesseract.js reads every language from one `langPath` folder, and each language is its own npm package. So
 * the gzip files are copied once into one folder under the temp dir, and the workers read from there.
 * `langPath` is a local path, so Tesseract.js reads the file and never falls back to its CDN.
 */
async function prepareLanguageFolder(): Promise<string> {
  const target = path.join(os.tmpdir(), 'korrigo-tesseract', MODEL_FOLDER);
  await mkdir(target, { recursive: true });
  for (const language of LANGUAGES) {
    const packageDir = path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    const source = path.join(packageDir, MODEL_FOLDER, `${language}.traineddata.gz`);
    const destination = path.join(target, `${language}.traineddata.gz`);
    const [sourceStat, destinationStat] = await Promise.all([
      stat(source),
      stat(destination).catch(() => null),
    ]);
    if (destinationStat?.size === sourceStat.size) continue;
    // Copy and rename, so a parallel process never reads a half-written model.
    const partial = `${destination}.${process.pid}.${Date.now()}.partial`;
    await copyFile(source, partial);
    await rename(partial, destination);
  }
  return target;
}

/** The words of one strip, with their boxes in the pixels of the page the caller gave. */
function collectWords(page: Page, top: number, scale: number): ExtractedWord[] {
  const toPage = (value: number, offset: number) => Math.round((value + offset) / scale);
  const words: ExtractedWord[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          if (word.text.trim() === '') continue;
          words.push({
            text: word.text,
            confidence: word.confidence,
            bbox: {
              x0: toPage(word.bbox.x0, 0),
              y0: toPage(word.bbox.y0, top),
              x1: toPage(word.bbox.x1, 0),
              y1: toPage(word.bbox.y1, top),
            },
          });
        }
      }
    }
  }
  return words;
}

/**
 * The strips of a page read as one: texts in order, and Tesseract's page confidence (the mean over its
 * words) recomputed over the words of all strips.
 */
function joinStrips(strips: { page: Page; words: ExtractedWord[] }[]): OcrResult {
  const words = strips.flatMap((strip) => strip.words);
  const confidenceSum = strips.reduce((sum, strip) => sum + strip.page.confidence * strip.words.length, 0);
  return {
    text: strips
      .map((strip) => strip.page.text)
      .filter((text) => text.trim() !== '')
      .map((text) => (text.endsWith('\n') ? text : `${text}\n`))
      .join(''),
    confidence: words.length === 0 ? 0 : confidenceSum / words.length,
    words,
  };
}

export function defaultPoolSize(): number {
  return Math.min(MAX_WORKERS, Math.max(1, os.availableParallelism()));
}

/**
 * A pool of Tesseract workers behind one scheduler. Workers start on the first recognition or on
 * `warmUp()` (loading the model takes about half a second of CPU per worker) and stay until `terminate()`.
 * In page mode a large page is cut into strips that the workers read at the same time.
 */
export class OcrPool implements OcrEngine {
  private readonly size: number;
  private readonly mode: OcrMode;
  private scheduler: Promise<Scheduler> | null = null;

  constructor(options: OcrPoolOptions = {}) {
    this.size = Math.max(1, Math.min(MAX_WORKERS, options.size ?? defaultPoolSize()));
    this.mode = options.mode ?? 'page';
  }

  private async start(): Promise<Scheduler> {
    const langPath = await prepareLanguageFolder();
    const scheduler = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: this.size }, async () => {
        const worker = await createWorker([...LANGUAGES], 1, { langPath, cacheMethod: 'none', gzip: true });
        await worker.setParameters({
          tessedit_pageseg_mode: this.mode === 'line' ? PSM.SINGLE_LINE : PSM.AUTO,
          // Tesseract's diagnostics ("Estimating resolution as …") would otherwise go to stderr.
          debug_file: '/dev/null',
        });
        return worker;
      }),
    ).catch(async (error: unknown) => {
      await scheduler.terminate();
      throw error;
    });
    for (const worker of workers) scheduler.addWorker(worker);
    return scheduler;
  }

  private ready(): Promise<Scheduler> {
    if (this.scheduler === null) {
      this.scheduler = this.start();
      // A failed start (e.g. memory) should not poison the pool for the next call.
      this.scheduler.catch(() => {
        this.scheduler = null;
      });
    }
    return this.scheduler;
  }

  /**
   * Starts the workers and reads a few printed lines once. V8 compiles Tesseract's WebAssembly to fast
   * code only after it has run for a while; without this, the first page read costs about 1.2 CPU seconds
   * more than later ones. The compiled code is shared by all workers of the process.
   */
  async warmUp(): Promise<void> {
    await this.ready();
    await this.recognize(warmUpPage());
  }

  /**
   * Recognises one grey image. Word boxes are in its pixels, whatever scaling and cutting happened inside.
   * One page takes all workers when they are free; pages given together share them strip by strip.
   */
  async recognize(image: OcrImage): Promise<OcrResult> {
    return this.recognizePrepared(OcrPool.prepare(image, { size: this.size, mode: this.mode }));
  }

  /** How many strips a page is cut into, and how pages are read: what `prepare` needs to know. */
  get shape(): { size: number; mode: OcrMode } {
    return { size: this.size, mode: this.mode };
  }

  /**
   * Scaling and cutting a page costs CPU by the pixel (some 100 ms for a 300 dpi page), so an extraction
   * worker does it on its own thread and hands the pool only the strips.
   */
  static prepare(image: OcrImage, shape: { size: number; mode: OcrMode }): PreparedPage {
    return shape.mode === 'page'
      ? preparePage(image, shape.size)
      : { scale: 1, strips: [{ top: 0, image }] satisfies PageStrip[] };
  }

  /** Reads the strips of a prepared page; word boxes are in the pixels of the page before `prepare`. */
  async recognizePrepared({ scale, strips }: PreparedPage): Promise<OcrResult> {
    const scheduler = await this.ready();
    const read = await Promise.all(
      strips.map(async (strip) => {
        const { data } = await scheduler.addJob(
          'recognize',
          toPgm(strip.image),
          {},
          { text: true, blocks: true },
        );
        return { page: data, words: collectWords(data, strip.top, scale) };
      }),
    );
    return joinStrips(read);
  }

  async terminate(): Promise<void> {
    const pending = this.scheduler;
    this.scheduler = null;
    if (pending === null) return;
    const scheduler = await pending.catch(() => null);
    await scheduler?.terminate();
  }
}

let sharedPool: OcrPool | null = null;

/** The process-wide pool used by `extractText`. */
export function sharedOcrPool(): OcrPool {
  sharedPool ??= new OcrPool();
  return sharedPool;
}

/** Ends the shared OCR workers (tests, server shutdown). A later extraction starts a new pool. */
export async function shutdownOcr(): Promise<void> {
  const pool = sharedPool;
  sharedPool = null;
  await pool?.terminate();
}
