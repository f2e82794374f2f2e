import { parentPort, workerData } from 'node:worker_threads';
import { ExtractionError } from '../types';
import type { FromWorker, ToWorker } from './extraction-pool';
import { extractText } from './index';
import { OcrPool, type OcrEngine, type OcrMode, type OcrResult } from './ocr-pool';

/**
 * One extraction at a time, in a thread with its own heap limit (ExtractionPool). Decoding, rendering and
 * the preparation of pages for OCR happen here; the prepared strips go to the process's shared OCR pool,
 * whose Tesseract threads stay warm whatever happens to this one.
 */

if (!parentPort) throw new Error('extraction-worker runs as a worker thread only');
const port = parentPort;
const ocrShape = (workerData as { ocr: { size: number; mode: OcrMode } }).ocr;

const send = (message: FromWorker) => port.postMessage(message);
const waitingForOcr = new Map<number, { resolve(result: OcrResult): void; reject(error: Error): void }>();
let nextOcrId = 0;

const sharedOcr: OcrEngine = {
  recognize(image) {
    const page = OcrPool.prepare(image, ocrShape);
    const id = nextOcrId++;
    return new Promise((resolve, reject) => {
      waitingForOcr.set(id, { resolve, reject });
      send({ type: 'ocr', id, page });
    });
  },
};

port.on('message', (message: ToWorker) => {
  if (message.type === 'ocr-result' || message.type === 'ocr-error') {
    const waiting = waitingForOcr.get(message.id);
    waitingForOcr.delete(message.id);
    if (message.type === 'ocr-result') waiting?.resolve(message.result);
    else waiting?.reject(new Error(message.message));
    return;
  }
  extractText(message.files, {
    ocrPool: sharedOcr,
    ...(message.reviewConfidence !== undefined ? { reviewConfidence: message.reviewConfidence } : {}),
  }).then(
    (result) => send({ type: 'done', result }),
    (error: unknown) =>
      send(
        error instanceof ExtractionError
          ? { type: 'failed', code: error.code, message: error.message, fileName: error.fileName }
          : {
              type: 'failed',
              message: error instanceof Error ? (error.stack ?? error.message) : String(error),
            },
      ),
  );
});

// the modules are loaded: the pool's warm-up waits for this
send({ type: 'ready' });
