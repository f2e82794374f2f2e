import path from 'node:path';

/** One port and one data directory per run, so that parallel runs on one machine do not meet. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = path.resolve(import.meta.dirname, '..', `.data-run-${e2ePort}`);
