import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountConstants } from '@korrigo/domain';
import { ChunkLoadTimeoutError, loadChunk } from './load-chunk';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('retries a failed chunk once', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    await expect(loadChunk(importer)).resolves.toBe('module');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('gives up after the retry, so the error boundary can offer a reload', async () => {
    const importer = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('offline'));
    await expect(loadChunk(importer)).rejects.toThrow('offline');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('times out after 120 s per attempt', async () => {
    vi.useFakeTimers();
    const importer = vi.fn<() => Promise<string>>(() => new Promise<string>(() => undefined));
    const result = loadChunk(importer).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(accountConstants.chunkLoadTimeoutMs - 1);
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(accountConstants.chunkLoadTimeoutMs);
    expect(await result).toBeInstanceOf(ChunkLoadTimeoutError);
  });
});
