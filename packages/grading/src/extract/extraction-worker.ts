import { parentPort, workerData } from 'node:worker_threads';
import { ExtractionError } from '../types';
import type { ExtractionWorkerData, FromWorker, OcrReply, OcrRequest, ToWorker } from './extraction-pool';
import { extractText } from './index';
import { OcrPool, type OcrEngine, type OcrResult } from './ocr-pool';
import { lowerThreadPriority } from './thread-priority';

/**
 * One extraction at a time, in a thread with its own heap limit and a lowered CPU priority (ExtractionPool).
 * Decoding, rendering and the preparation of pages for OCR happen here; the prepared strips go straight to
 * the pool's OCR thread over this worker's own port, never through the thread that answers requests.
 */

if (!parentPort) throw new Error('extraction-worker runs as a worker thread only');
const port = parentPort;
const { ocr: ocrShape, ocrPort } = workerData as ExtractionWorkerData;
lowerThreadPriority();

const send = (message: FromWorker) => port.postMessage(message);
const waitingForOcr = new Map<number, { resolve(result: OcrResult): void; reject(error: Error): void }>();
let nextOcrId = 0;

ocrPort.on('message', (reply: OcrReply) => {
  const waiting = waitingForOcr.get(reply.id);
  waitingForOcr.delete(reply.id);
  if (reply.type === 'ocr-result') waiting?.resolve(reply.result);
  else waiting?.reject(new Error(reply.message));
});

const ocrThread: OcrEngine = {
  recognize(image) {
    const page = OcrPool.prepare(image, ocrShape);
    const id = nextOcrId++;
    return new Promise((resolve, reject) => {
      waitingForOcr.set(id, { resolve, reject });
      ocrPort.postMessage({ type: 'ocr', id, page } satisfies OcrRequest);
    });
  },
};

port.on('message', (message: ToWorker) => {
  extractText(message.files, { ...message.limits, ocrPool: ocrThread }).then(
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
