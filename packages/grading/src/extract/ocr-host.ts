import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { OcrHostMessage, OcrReply, OcrRequest } from './extraction-pool';
import { OcrPool } from './ocr-pool';
import { lowerThreadPriority } from './thread-priority';

/**
 * The thread that owns an ExtractionPool's Tesseract workers. Extraction workers send it prepared pages
 * over their own MessagePorts, so no page passes through the thread that answers requests. Its priority is
 * lowered before the Tesseract threads start, and they inherit it.
 */

if (!parentPort) throw new Error('ocr-host runs as a worker thread only');
const parent = parentPort;
lowerThreadPriority();
const pool = new OcrPool({ size: (workerData as { size: number }).size });

function serve(port: MessagePort) {
  port.on('message', (request: OcrRequest) => {
    const reply = (message: OcrReply) => port.postMessage(message);
    pool.recognizePrepared(request.page).then(
      (result) => reply({ type: 'ocr-result', id: request.id, result }),
      (error: unknown) => reply({ type: 'ocr-error', id: request.id, message: String(error) }),
    );
  });
}

parent.on('message', (message: OcrHostMessage) => {
  if (message.type === 'connect') {
    serve(message.port);
    return;
  }
  pool.warmUp().then(
    () => parent.postMessage({ type: 'warm' }),
    (error: unknown) => parent.postMessage({ type: 'warm', error: String(error) }),
  );
});
