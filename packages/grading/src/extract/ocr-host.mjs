// The OCR thread of an ExtractionPool (see ocr-host.ts); tsx is registered here as in extraction-worker.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./ocr-host.ts');
