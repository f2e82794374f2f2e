import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createScheduler, createWorker, PSM, type Page, type Scheduler } from 'tesseract.js';
import type { ExtractedWord } from '../types';

export type OcrResult = {
  text: string;
  /** Tesseract's mean word confidence, 0..100 */
  confidence: number;
  words: ExtractedWord[];
};

/** 'page': automatic layout analysis (pages, photos); 'line': the image is one line of text. */
export type OcrMode = 'page' | 'line';

export type OcrPoolOptions = {
  /** number of Tesseract workers; default: the cores, at least 1 and at most 4 */
  size?: number;
  mode?: OcrMode;
};

const LANGUAGES = ['deu', 'eng'] as const;
/** the npm packages' folder with the LSTM "best_int" models: small, fast, as good as "best" on print */
const MODEL_FOLDER = '4.0.0_best_int';
/** each worker holds both models (~60 MB in WASM memory); more than 4 only adds memory pressure */
const MAX_WORKERS = 4;

const require = createRequire(import.meta.url);

/**
 * Tesseract.js reads every language from one `langPath` folder, but the npm packages keep German and English
 * in two. So the gzip files are copied once into one folder under the temp dir, and the workers read from
 * there. `langPath` is a local path, so Tesseract.js reads the file and never falls back to its CDN.
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

function collectWords(page: Page): ExtractedWord[] {
  const words: ExtractedWord[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          if (word.text.trim() === '') continue;
          words.push({
            text: word.text,
            confidence: word.confidence,
            bbox: { x0: word.bbox.x0, y0: word.bbox.y0, x1: word.bbox.x1, y1: word.bbox.y1 },
          });
        }
      }
    }
  }
  return words;
}

export function defaultPoolSize(): number {
  return Math.min(MAX_WORKERS, Math.max(1, os.availableParallelism()));
}

/**
 * A pool of Tesseract workers behind one scheduler. Workers start on the first recognition (loading the
 * models takes about a second) and stay until `terminate()`.
 */
export class OcrPool {
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

  /** Recognises one prepared image (PGM, PNG or JPEG bytes). */
  async recognize(image: Buffer): Promise<OcrResult> {
    const scheduler = await this.ready();
    const { data } = await scheduler.addJob('recognize', image, {}, { text: true, blocks: true });
    const words = collectWords(data);
    return {
      text: data.text,
      confidence: words.length === 0 ? 0 : data.confidence,
      words,
    };
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
