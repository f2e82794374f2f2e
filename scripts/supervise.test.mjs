import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CONFIG_ERROR_EXIT_CODE, supervise } from './supervise.mjs';

/** Children that end with the given exit codes one after the other; `null`: runs until it gets SIGTERM. */
function children(codes) {
  const started = [];
  const start = () => {
    const code = codes[started.length];
    const script =
      code === null
        ? "process.on('SIGTERM', () => process.exit(0)); process.send('up'); setInterval(() => {}, 1000);"
        : `process.exit(${code})`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    started.push(child);
    return child;
  };
  return { start, started };
}

const fast = { minBackoffMs: 10, maxBackoffMs: 40, stableAfterMs: 60_000, log: () => {} };

describe('npm start supervisor', () => {
  it('starts a crashed server again and stops it, passing the signal on, when asked', async () => {
    const signals = new EventEmitter();
    const { start, started } = children([1, 137, null]);
    const done = supervise({ ...fast, start, signals });
    await expect.poll(() => started.length, { timeout: 5000 }).toBe(3);
    await new Promise((resolve) => started[2].once('message', resolve));
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await done).toBe(0);
    expect(started[2].signalCode ?? started[2].exitCode).toBe(0);
    expect(signals.listenerCount('SIGTERM')).toBe(0);
  });

  it('does not restart a server that ended cleanly or on a configuration error', async () => {
    for (const code of [0, CONFIG_ERROR_EXIT_CODE]) {
      const { start, started } = children([code, null]);
      expect(await supervise({ ...fast, start, signals: new EventEmitter() })).toBe(code);
      expect(started).toHaveLength(1);
    }
  });

  it('gives up after too many crashes in a row right after starting', async () => {
    const { start, started } = children([1, 1, 1, 1]);
    expect(await supervise({ ...fast, maxQuickCrashes: 2, start, signals: new EventEmitter() })).toBe(1);
    expect(started).toHaveLength(3);
  });

  it('ends at once when asked while waiting to restart', async () => {
    const signals = new EventEmitter();
    const { start, started } = children([1, null]);
    const done = supervise({ ...fast, minBackoffMs: 60_000, start, signals });
    await new Promise((resolve) => started[0].once('exit', resolve));
    signals.emit('SIGINT', 'SIGINT');
    expect(await done).toBe(0);
    expect(started).toHaveLength(1);
  });
});
