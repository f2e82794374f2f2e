import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AnalysisResult } from '@korrigo/domain';
import type { GradeInput, GradeOptions } from '../types';

/** Messages from the pool to a grading worker (an AbortSignal cannot cross to a thread). */
export type ToGradingWorker = { type: 'grade'; input: GradeInput; options: Omit<GradeOptions, 'signal'> };

/** Messages from a grading worker to the pool. */
export type FromGradingWorker =
  { type: 'ready' } | { type: 'done'; result: AnalysisResult } | { type: 'failed'; message: string };

export type GradingWorkerDeath = 'out_of_memory' | 'timeout' | 'exited';

/**
 * The worker grading this paper died: out of heap or out of time (then the paper is what killed it, and
 * grading it again would do the same: the engine is deterministic), or it was ended (the pool closed).
 */
export class GradingWorkerCrashedError extends Error {
  constructor(
    readonly death: GradingWorkerDeath,
    options?: { cause?: unknown },
  ) {
    super(`grading worker died: ${death}`);
    this.name = 'GradingWorkerCrashedError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export type GradingPoolOptions = {
  /**
   * papers graded at the same time, one per worker thread; default: the cores, at most 2. Each thread
   * holds the engine with its dictionaries (~300 MB of heap), so more would add memory rather than speed
   * beside the extraction threads on a small machine.
   */
  size?: number;
  /** V8 heap of each worker: the dictionaries and the longest allowed paper need ~350 MB */
  maxHeapMb?: number;
  /** a paper taking longer than this is ended with its worker: GRADING_TIMEOUT_MS */
  timeoutMs?: number;
};

/**
 * The time one paper may take to be graded (issue 31 §3). The longest allowed paper (200,000 characters)
 * takes a few seconds; a minute leaves room for a busy machine and a long key, and bounds what one paper
 * can hold a grading thread for (the job's own expiry is 300 s).
 */
export const GRADING_TIMEOUT_MS = 60_000;
const GRADING_WORKER_HEAP_MB = 768;
const WORKER_URL = new URL('./grading-worker.mjs', import.meta.url);

type Run = { resolve(result: AnalysisResult): void; reject(error: Error): void };

/** A worker thread and the one paper it grades at a time. */
class GradingWorker {
  private readonly worker: Worker;
  private run: Run | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** the engine is loaded and has graded a sample paper: the first real one is not slowed by loading */
  readonly ready: Promise<void>;
  dead = false;

  constructor(maxHeapMb: number) {
    this.worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('exit', () => reject(new Error('grading worker exited while starting')));
    });
    // an idle worker must not keep a process (a test, the CLI) alive; a busy one must
    this.ready.then(
      () => this.run === null && this.worker.unref(),
      () => undefined,
    );
    this.worker.on('message', (message: FromGradingWorker) => this.receive(message));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.die(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out_of_memory' : 'exited', error);
    });
    this.worker.on('exit', (code) => this.die('exited', new Error(`grading worker exited with ${code}`)));
  }

  grade(input: GradeInput, options: GradeOptions, timeoutMs: number) {
    return new Promise<AnalysisResult>((resolve, reject) => {
      this.run = { resolve, reject };
      this.worker.ref();
      this.timer = setTimeout(() => {
        this.die('timeout', new Error(`grading took longer than ${timeoutMs} ms`));
      }, timeoutMs);
      const { signal: _signal, ...cloneable } = options;
      this.send({ type: 'grade', input, options: cloneable });
    });
  }

  terminate() {
    this.dead = true;
    return this.worker.terminate();
  }

  private send(message: ToGradingWorker) {
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

  private receive(message: FromGradingWorker) {
    if (message.type === 'done') this.finish()?.resolve(message.result);
    if (message.type === 'failed') this.finish()?.reject(new Error(`grading failed: ${message.message}`));
  }

  private die(death: GradingWorkerDeath, cause: Error) {
    if (!this.dead) void this.worker.terminate();
    this.dead = true;
    this.finish()?.reject(new GradingWorkerCrashedError(death, { cause }));
  }
}

/**
 * Runs the builtin engine's `grade` in worker threads (ADR 0021), so that scoring a long paper never blocks
 * the thread that answers requests, a paper that runs past `timeoutMs` or exhausts a worker's heap ends that
 * worker only (and fails with GradingWorkerCrashedError), and at most `size` papers are graded at once
 * (the others wait for a free worker). Workers stay warm between papers; a dead one is replaced on the next
 * call. The pattern is the ExtractionPool's (ADR 0007).
 */
export class GradingPool {
  private readonly size: number;
  private readonly maxHeapMb: number;
  private readonly timeoutMs: number;
  private readonly idle: GradingWorker[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly all = new Set<GradingWorker>();
  private running = 0;

  constructor(options: GradingPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, os.availableParallelism()));
    this.maxHeapMb = options.maxHeapMb ?? GRADING_WORKER_HEAP_MB;
    this.timeoutMs = options.timeoutMs ?? GRADING_TIMEOUT_MS;
  }

  /** `grade` with the builtin engine in a worker: the same result, or the same failure, or a crash error. */
  async grade(input: GradeInput, options: GradeOptions = {}): Promise<AnalysisResult> {
    // a finishing paper hands its place straight to the next waiting one (see below)
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    const worker = this.take();
    try {
      // the time limit is the paper's own: a worker started just now first loads the engine
      await worker.ready;
      return await worker.grade(input, options, this.timeoutMs);
    } finally {
      if (worker.dead) this.all.delete(worker);
      else this.idle.push(worker);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Starts the workers: each loads the dictionaries and grades a sample paper (a few CPU seconds). */
  async warmUp(): Promise<void> {
    while (this.all.size < this.size) this.idle.push(this.spawn());
    await Promise.all([...this.all].map((worker) => worker.ready));
  }

  /** Ends the workers; papers being graded fail with GradingWorkerCrashedError ('exited'). */
  async close(): Promise<void> {
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private take(): GradingWorker {
    for (let worker = this.idle.pop(); worker; worker = this.idle.pop()) {
      if (!worker.dead) return worker;
      this.all.delete(worker);
    }
    return this.spawn();
  }

  private spawn(): GradingWorker {
    const worker = new GradingWorker(this.maxHeapMb);
    this.all.add(worker);
    return worker;
  }
}

let sharedPool: GradingPool | null = null;

/** The process-wide grading pool (the server's and `npm run worker`'s). */
function sharedGradingPool(): GradingPool {
  sharedPool ??= new GradingPool();
  return sharedPool;
}

/** Starts the shared grading workers ahead of the first paper (server start-up). */
export async function warmUpGrading(): Promise<void> {
  await sharedGradingPool().warmUp();
}

/** `grade` with the builtin engine in the shared pool's worker threads. */
export function gradeIsolated(input: GradeInput, options?: GradeOptions): Promise<AnalysisResult> {
  return sharedGradingPool().grade(input, options);
}
