import { Worker } from 'node:worker_threads';
import { extractionMessages } from '@korrigo/domain';
import { ExtractionError, type ExtractionErrorCode, type ExtractionResult, type InputFile } from '../types';
import { defaultPoolSize, sharedOcrPool, type OcrPool, type OcrResult, type PreparedPage } from './ocr-pool';

/** Messages from the pool to an extraction worker. */
export type ToWorker =
  | { type: 'extract'; files: InputFile[]; reviewConfidence?: number }
  | { type: 'ocr-result'; id: number; result: OcrResult }
  | { type: 'ocr-error'; id: number; message: string };

/** Messages from an extraction worker to the pool. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'ocr'; id: number; page: PreparedPage }
  | { type: 'done'; result: ExtractionResult }
  | { type: 'failed'; message: string; code?: ExtractionErrorCode; fileName?: string | undefined };

export type WorkerDeath = 'out_of_memory' | 'timeout' | 'exited';

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
  /** the Tesseract pool the workers' pages are read by; default: the process's shared pool */
  ocrPool?: () => OcrPool;
};

export const EXTRACTION_WORKER_HEAP_MB = 768;
const EXTRACTION_TIMEOUT_MS = 180_000;
const WORKER_URL = new URL('./extraction-worker.mjs', import.meta.url);

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

  constructor(
    private readonly ocr: () => OcrPool,
    maxHeapMb: number,
  ) {
    this.worker = new Worker(WORKER_URL, {
      workerData: { ocr: ocr().shape },
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

  extract(files: InputFile[], reviewConfidence: number | undefined, timeoutMs: number) {
    return new Promise<ExtractionResult>((resolve, reject) => {
      this.run = { fileNames: files.map((file) => file.name), resolve, reject };
      this.worker.ref();
      this.timer = setTimeout(() => {
        this.die('timeout', new Error(`extraction took longer than ${timeoutMs} ms`));
      }, timeoutMs);
      this.send({
        type: 'extract',
        files: files.map((file) => ({ name: file.name, data: file.data })),
        ...(reviewConfidence !== undefined ? { reviewConfidence } : {}),
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
    if (message.type === 'ocr') {
      this.ocr()
        .recognizePrepared(message.page)
        .then(
          (result) => this.send({ type: 'ocr-result', id: message.id, result }),
          (error: unknown) => this.send({ type: 'ocr-error', id: message.id, message: String(error) }),
        );
      return;
    }
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
  private readonly ocr: () => OcrPool;
  private readonly idle: ExtractionWorker[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly all = new Set<ExtractionWorker>();
  private running = 0;

  constructor(options: ExtractionPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, defaultPoolSize()));
    this.maxHeapMb = options.maxHeapMb ?? EXTRACTION_WORKER_HEAP_MB;
    this.timeoutMs = options.timeoutMs ?? EXTRACTION_TIMEOUT_MS;
    this.ocr = options.ocrPool ?? sharedOcrPool;
  }

  /** `extractText` in a worker: the same result, or the same ExtractionError, or a crash error. */
  async extract(files: InputFile[], options: { reviewConfidence?: number } = {}): Promise<ExtractionResult> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    const worker = this.take();
    try {
      return await worker.extract(files, options.reviewConfidence, this.timeoutMs);
    } finally {
      if (worker.dead) this.all.delete(worker);
      else this.idle.push(worker);
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Starts the workers (loading pdf.js, mammoth and the canvas takes a CPU second each) and the OCR pool. */
  async warmUp(): Promise<void> {
    while (this.all.size < this.size) this.idle.push(this.spawn());
    await Promise.all([...[...this.all].map((worker) => worker.ready), this.ocr().warmUp()]);
  }

  /** Ends the workers; running extractions fail. The OCR pool is not this pool's to end. */
  async close(): Promise<void> {
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private take(): ExtractionWorker {
    for (let worker = this.idle.pop(); worker; worker = this.idle.pop()) {
      if (!worker.dead) return worker;
      this.all.delete(worker);
    }
    return this.spawn();
  }

  private spawn(): ExtractionWorker {
    const worker = new ExtractionWorker(this.ocr, this.maxHeapMb);
    this.all.add(worker);
    return worker;
  }
}

let sharedPool: ExtractionPool | null = null;

/** The process-wide extraction pool (the server's). */
export function sharedExtractionPool(): ExtractionPool {
  sharedPool ??= new ExtractionPool();
  return sharedPool;
}

/** Starts the shared extraction workers and the OCR pool ahead of the first upload (server start-up). */
export async function warmUpExtraction(): Promise<void> {
  await sharedExtractionPool().warmUp();
}

/** `extractText` in the shared pool's worker threads. */
export function extractTextIsolated(
  files: InputFile[],
  options?: { reviewConfidence?: number },
): Promise<ExtractionResult> {
  return sharedExtractionPool().extract(files, options);
}
