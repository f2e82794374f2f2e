import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { extractionMessages } from '@korrigo/domain';
import { ExtractionError, type ExtractionErrorCode, type ExtractionResult, type InputFile } from '../types';
import { docxExceedsLimits } from './docx.extractor';
import { detectFileType } from './file-type';
import { declaresTooManyPixels, tooManyPixelsError } from './image-preprocess';
import { defaultPoolSize, type OcrMode, type OcrResult, type PreparedPage } from './ocr-pool';
import type { ExtractLimits } from './index';

/** What an extraction worker is started with: how to prepare pages, and its line to the OCR thread. */
export type ExtractionWorkerData = { ocr: { size: number; mode: OcrMode }; ocrPort: MessagePort };

/** Messages from the pool to an extraction worker. */
export type ToWorker = { type: 'extract'; files: InputFile[]; limits: ExtractLimits };

/** Messages from an extraction worker to the pool. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; result: ExtractionResult }
  | { type: 'failed'; message: string; code?: ExtractionErrorCode; fileName?: string | undefined };

/** Between an extraction worker and the OCR thread, over the worker's own MessagePort. */
export type OcrRequest = { type: 'ocr'; id: number; page: PreparedPage };
export type OcrReply =
  { type: 'ocr-result'; id: number; result: OcrResult } | { type: 'ocr-error'; id: number; message: string };

/** From the pool to the OCR thread. */
export type OcrHostMessage = { type: 'connect'; port: MessagePort } | { type: 'warm-up' };

type WorkerDeath = 'out_of_memory' | 'timeout' | 'exited';

/**
 * The worker reading these files died: out of heap, out of time, or killed. The files may be what killed
 * it, so a caller retries at most once (the grading job does) and then reports the German message.
 */
export class ExtractionWorkerCrashedError extends ExtractionError {
  constructor(
    readonly fileNames: string[],
    readonly death: WorkerDeath,
    options?: { cause?: unknown },
  ) {
    super('not_processed', extractionMessages.notProcessed(fileNames), fileNames[0]);
    this.name = 'ExtractionWorkerCrashedError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export type ExtractionPoolOptions = {
  /**
   * extractions at the same time, one per worker thread; default: 2 (1 on one core). Each may hold one
   * decoded image or rendered page (up to ~500 MB native) at a time; their pages share the OCR pool's
   * workers strip by strip, so more threads would add memory rather than speed.
   */
  size?: number;
  /**
   * V8 heap of each worker. The decoders' own limits keep the largest allowed file far below it (a DOCX
   * at its tag limit takes ~200 MB); it is the last line should a decoder be fooled after all.
   */
  maxHeapMb?: number;
  /** an extraction running longer than this is ended with its worker (job expiry is 300 s) */
  timeoutMs?: number;
  /** Tesseract workers in the pool's OCR thread; default: the cores, at most 4 */
  ocrWorkers?: number;
};

const EXTRACTION_WORKER_HEAP_MB = 768;
const EXTRACTION_TIMEOUT_MS = 180_000;
const WORKER_URL = new URL('./extraction-worker.mjs', import.meta.url);
const OCR_HOST_URL = new URL('./ocr-host.mjs', import.meta.url);

type Run = {
  fileNames: string[];
  resolve(result: ExtractionResult): void;
  reject(error: Error): void;
};

/** A worker thread and the one extraction it runs at a time. */
class ExtractionWorker {
  private readonly worker: Worker;
  private run: Run | null = null;
  private timer: NodeJS.Timeout | null = null;
  readonly ready: Promise<void>;
  dead = false;

  constructor(ocr: ExtractionWorkerData, maxHeapMb: number) {
    this.worker = new Worker(WORKER_URL, {
      workerData: ocr,
      transferList: [ocr.ocrPort],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('exit', () => reject(new Error('extraction worker exited while starting')));
    });
    // an idle worker must not keep a process (a test, the CLI) alive; a busy one must
    this.ready.then(
      () => this.run === null && this.worker.unref(),
      () => undefined,
    );
    this.worker.on('message', (message: FromWorker) => this.receive(message));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.die(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out_of_memory' : 'exited', error);
    });
    this.worker.on('exit', (code) => this.die('exited', new Error(`extraction worker exited with ${code}`)));
  }

  extract(files: InputFile[], limits: ExtractLimits, timeoutMs: number) {
    return new Promise<ExtractionResult>((resolve, reject) => {
      this.run = { fileNames: files.map((file) => file.name), resolve, reject };
      this.worker.ref();
      this.timer = setTimeout(() => {
        this.die('timeout', new Error(`extraction took longer than ${timeoutMs} ms`));
      }, timeoutMs);
      this.send({
        type: 'extract',
        files: files.map((file) => ({ name: file.name, data: file.data })),
        limits,
      });
    });
  }

  terminate() {
    this.dead = true;
    return this.worker.terminate();
  }

  private send(message: ToWorker) {
    if (!this.dead) this.worker.postMessage(message);
  }

  private finish(): Run | null {
    const run = this.run;
    this.run = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.worker.unref();
    return run;
  }

  private receive(message: FromWorker) {
    if (message.type === 'done') this.finish()?.resolve(message.result);
    if (message.type === 'failed') {
      this.finish()?.reject(
        message.code
          ? new ExtractionError(message.code, message.message, message.fileName)
          : new Error(`extraction failed: ${message.message}`),
      );
    }
  }

  private die(death: WorkerDeath, cause: Error) {
    if (!this.dead) void this.worker.terminate();
    this.dead = true;
    const run = this.finish();
    run?.reject(new ExtractionWorkerCrashedError(run.fileNames, death, { cause }));
  }
}

/**
 * Runs `extractText` in worker threads, so that decoding, PDF rendering and page preparation never block
 * the thread that answers requests, and a file that exhausts a worker's heap ends that worker only (and
 * fails with ExtractionWorkerCrashedError), never the process. Workers stay warm between extractions;
 * a dead one is replaced on the next call. Extractions beyond `size` wait for a free worker.
 * Native memory (decoded pixels) is shared with the process: bounded by the decoders' pixel limits and by
 * one decode at a time per worker (one-at-a-time.ts).
 */
export class ExtractionPool {
  private readonly size: number;
  private readonly maxHeapMb: number;
  private readonly timeoutMs: number;
  private readonly ocrWorkers: number;
  private ocrHost: { worker: Worker; warm: Promise<void> } | null = null;
  private readonly idle: ExtractionWorker[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly all = new Set<ExtractionWorker>();
  private running = 0;

  constructor(options: ExtractionPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, defaultPoolSize()));
    this.maxHeapMb = options.maxHeapMb ?? EXTRACTION_WORKER_HEAP_MB;
    this.timeoutMs = options.timeoutMs ?? EXTRACTION_TIMEOUT_MS;
    this.ocrWorkers = options.ocrWorkers ?? defaultPoolSize();
  }

  /** `extractText` in a worker: the same result, or the same ExtractionError, or a crash error. */
  /** `timeoutMs` replaces the pool's limit for this call (a class set's stack of many pages) */
  async extract(
    files: InputFile[],
    options: ExtractLimits & { timeoutMs?: number } = {},
  ): Promise<ExtractionResult> {
    // what the headers alone refuse need not wait for a worker behind long extractions
    const oversized = files.find((file) => declaresTooManyPixels(file.data));
    if (oversized) throw tooManyPixelsError(oversized.name);
    for (const file of files) {
      if (detectFileType(file.data) === 'docx' && (await docxExceedsLimits(file.data))) {
        throw new ExtractionError('too_large', extractionMessages.tooComplex(file.name), file.name);
      }
    }
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    const worker = this.take();
    try {
      const { timeoutMs = this.timeoutMs, ...limits } = options;
      return await worker.extract(files, limits, timeoutMs);
    } finally {
      if (worker.dead) this.all.delete(worker);
      else this.idle.push(worker);
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /**
   * Starts the workers (loading pdf.js, mammoth and the canvas takes a CPU second each) and the OCR
   * thread, whose Tesseract workers read a few lines once (ADR 0004).
   */
  async warmUp(): Promise<void> {
    while (this.all.size < this.size) this.idle.push(this.spawn());
    await Promise.all([...[...this.all].map((worker) => worker.ready), this.host().warm]);
  }

  /** Ends the workers and the OCR thread; running extractions fail. */
  async close(): Promise<void> {
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    const host = this.ocrHost;
    this.ocrHost = null;
    await Promise.all([...workers.map((worker) => worker.terminate()), host?.worker.terminate()]);
  }

  /**
   * The OCR thread, started on first need. Should it die, the extraction workers connected to it die with
   * it (their extractions fail with ExtractionWorkerCrashedError) and the next extraction starts both anew.
   */
  private host(): { worker: Worker; warm: Promise<void> } {
    if (this.ocrHost) return this.ocrHost;
    const worker = new Worker(OCR_HOST_URL, { workerData: { size: this.ocrWorkers } });
    worker.unref();
    const warm = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: { type: 'warm'; error?: string }) =>
        message.error ? reject(new Error(message.error)) : resolve(),
      );
    });
    warm.catch(() => undefined);
    worker.postMessage({ type: 'warm-up' } satisfies OcrHostMessage);
    const host = { worker, warm };
    worker.on('exit', () => {
      if (this.ocrHost !== host) return;
      this.ocrHost = null;
      for (const extraction of this.all) void extraction.terminate();
    });
    this.ocrHost = host;
    return host;
  }

  private take(): ExtractionWorker {
    for (let worker = this.idle.pop(); worker; worker = this.idle.pop()) {
      if (!worker.dead) return worker;
      this.all.delete(worker);
    }
    return this.spawn();
  }

  private spawn(): ExtractionWorker {
    const { port1, port2 } = new MessageChannel();
    this.host().worker.postMessage({ type: 'connect', port: port1 } satisfies OcrHostMessage, [port1]);
    const worker = new ExtractionWorker(
      { ocr: { size: this.ocrWorkers, mode: 'page' }, ocrPort: port2 },
      this.maxHeapMb,
    );
    this.all.add(worker);
    return worker;
  }
}

let sharedPool: ExtractionPool | null = null;

/** The process-wide extraction pool (the server's). */
function sharedExtractionPool(): ExtractionPool {
  sharedPool ??= new ExtractionPool();
  return sharedPool;
}

/** Starts the shared extraction workers and their OCR thread ahead of the first upload (server start-up). */
export async function warmUpExtraction(): Promise<void> {
  await sharedExtractionPool().warmUp();
}

/** `extractText` in the shared pool's worker threads. */
export function extractTextIsolated(
  files: InputFile[],
  options?: ExtractLimits & { timeoutMs?: number },
): Promise<ExtractionResult> {
  return sharedExtractionPool().extract(files, options);
}
