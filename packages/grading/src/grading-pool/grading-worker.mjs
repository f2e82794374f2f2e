// The thread of a GradingPool; tsx is registered here as in extraction-worker.mjs (a worker thread does not
// inherit the process's `--import tsx`). In the compiled build this name is the bundled thread itself.
import { register } from 'tsx/esm/api';

register();
await import('./grading-worker.ts');
