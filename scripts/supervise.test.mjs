import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { answersOk, CONFIG_ERROR_EXIT_CODE, supervise } from './supervise.mjs';

/**
 * Children that end with the given exit codes one after the other; `null`: runs until it gets SIGTERM;
 * `'deaf'`: runs and ignores SIGTERM (a process that hangs while shutting down).
 */
function children(codes) {
  const started = [];
  const start = () => {
    const code = codes[started.length];
    const script =
      code === null
        ? "process.on('SIGTERM', () => process.exit(0)); process.send('up'); setInterval(() => {}, 1000);"
        : code === 'deaf'
          ? "process.on('SIGTERM', () => {}); process.send('up'); setInterval(() => {}, 1000);"
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

  it('kills a server that stops answering its health check, after 3 failures in a row, and starts it again', async () => {
    const signals = new EventEmitter();
    const { start, started } = children([null, null]);
    // the first child answers twice, then no more (a request hangs on the database); the second answers
    const answers = [true, true];
    const check = async () => (started.length === 1 ? (answers.shift() ?? false) : true);
    const logged = [];
    const done = supervise({
      ...fast,
      start,
      signals,
      health: { check, intervalMs: 20, maxFailures: 3 },
      log: (message) => logged.push(message),
    });
    await expect.poll(() => started.length, { timeout: 5000 }).toBe(2);
    expect(started[0].signalCode).toBe('SIGKILL');
    expect(logged[0]).toMatch(/antwortet nicht mehr \(3 Prüfungen in Folge\)/);
    // the one that answers is left running
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started).toHaveLength(2);
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await done).toBe(0);
  });

  it('gives a starting server time before failed checks count; a failure between answers does not', async () => {
    const signals = new EventEmitter();
    const { start, started } = children([null]);
    // not answering while it starts, then every other check fails
    let calls = 0;
    const check = async () => {
      calls += 1;
      return calls > 10 && calls % 2 === 0;
    };
    const done = supervise({
      ...fast,
      start,
      signals,
      health: { check, intervalMs: 10, maxFailures: 3, startupMs: 60_000 },
    });
    await expect.poll(() => calls, { timeout: 5000 }).toBeGreaterThan(30);
    expect(started).toHaveLength(1);
    expect(started[0].exitCode ?? started[0].signalCode).toBeNull();
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await done).toBe(0);
  });

  it('a server that has not answered once is killed once its start-up time is over', async () => {
    const signals = new EventEmitter();
    const { start, started } = children([null, null]);
    const done = supervise({
      ...fast,
      start,
      signals,
      health: { check: async () => started.length > 1, intervalMs: 10, maxFailures: 3, startupMs: 200 },
    });
    await expect.poll(() => started.length, { timeout: 5000 }).toBe(2);
    expect(started[0].signalCode).toBe('SIGKILL');
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await done).toBe(0);
  });

  it('a server that does not end on SIGTERM is killed after killAfterMs', async () => {
    const signals = new EventEmitter();
    const { start, started } = children(['deaf']);
    const done = supervise({ ...fast, start, signals, killAfterMs: 200 });
    await new Promise((resolve) => started[0].once('message', resolve));
    const sent = Date.now();
    signals.emit('SIGTERM', 'SIGTERM');
    await done;
    expect(started[0].signalCode).toBe('SIGKILL');
    expect(Date.now() - sent).toBeLessThan(3000);
  });
});

describe('health check over HTTP', () => {
  it('is true for 2xx only, false for 503, a request that hangs, and nobody listening', async () => {
    const hanging = [];
    const server = http.createServer((request, response) => {
      if (request.url === '/ok') response.end('{"ok":true}');
      else if (request.url === '/busy') response.writeHead(503).end();
      else hanging.push(response);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${server.address().port}`;
    try {
      expect(await answersOk(`${base}/ok`)).toBe(true);
      expect(await answersOk(`${base}/busy`)).toBe(false);
      const asked = Date.now();
      expect(await answersOk(`${base}/hangs`, 200)).toBe(false);
      expect(Date.now() - asked).toBeLessThan(2000);
    } finally {
      for (const response of hanging) response.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await answersOk(base)).toBe(false);
  });
});
