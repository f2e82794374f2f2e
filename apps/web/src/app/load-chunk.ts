import { accountConstants } from '@korrigo/domain/account';

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('chunk load timed out');
    this.name = 'ChunkLoadTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads a lazy route's code with the spec's 120 s time-out (spec 000 §9) and one retry, so a flaky school
 * network gets a second chance before the error boundary offers a reload.
 */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  timeoutMs: number = accountConstants.chunkLoadTimeoutMs,
): Promise<T> {
  try {
    return await withTimeout(importer(), timeoutMs);
  } catch {
    return withTimeout(importer(), timeoutMs);
  }
}
