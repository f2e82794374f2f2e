// The thread of an ExtractionPool. The engine is TypeScript and is not built ahead of time: tsx compiles
// it, and must be registered here, since a worker thread does not inherit the process's `--import tsx`.
import { register } from 'tsx/esm/api';

register();
await import('./extraction-worker.ts');
