import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_ORIGIN } from './support/build-test-app';
import { buildSignup } from './support/factories';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * SIGTERM ends the server within 10 s, also while a request is still open (issue 31): a process that stays
 * "shutting down" is alive to `npm start`'s supervisor, which then never starts it again.
 */
describe('[SHUTDOWN] the server process on SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-shutdown-'));
  let server: ChildProcess | undefined;
  let socket: net.Socket | undefined;

  afterAll(() => {
    socket?.destroy();
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends within 10 s with a request that never finishes', async () => {
    fs.cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
    const env = { ...process.env };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL: TEST_ORIGIN,
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      const look = (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (listening) resolve(Number(listening[1]));
      };
      server!.stdout!.on('data', look);
      server!.stderr!.on('data', look);
      server!.once('exit', (code, signal) => reject(new Error(`ended (${code ?? signal}):\n${output}`)));
    });

    // the warm-ups load dictionaries and OCR on the main thread for seconds (server.ts); on two busy cores
    // they held its timers past the deadline, which is not what this test is about
    const warm = /grading engine (ready|warm-up)/;
    const recognition = /(text recognition ready|extraction warm-up)/;
    await expect
      .poll(() => warm.test(output) && recognition.test(output), { timeout: 120_000, interval: 200 })
      .toBe(true);

    // a signed-in upload whose file never arrives in full: its handler waits for it, app.close() for that
    const signup = buildSignup();
    const signedUp = await fetch(`http://127.0.0.1:${port}/api/signup`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(signup),
    });
    expect(signedUp.status, await signedUp.text()).toBe(201);
    const cookie = signedUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket!.once('connect', resolve));
    socket.write(
      [
        'POST /api/profile/photo HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${TEST_ORIGIN}`,
        `Cookie: ${cookie}`,
        'Content-Type: multipart/form-data; boundary=korrigo',
        'Content-Length: 100000',
        '',
        '--korrigo',
        'Content-Disposition: form-data; name="photo"; filename="ich.png"',
        'Content-Type: image/png',
        '',
        '\x89PNG',
      ].join('\r\n'),
    );
    // in the server's hands (logged when routed): from here app.close() waits for it
    await expect
      .poll(() => /"url":"\/api\/profile\/photo".*"incoming request"/.test(output), { timeout: 30_000 })
      .toBe(true);

    server.kill('SIGTERM');
    // Timed by the process's own log: this test's event loop may be busy beside other test files, and a
    // race against its own 10 s timer then says "not ended" about a process that ended at 8 s (CI).
    const code = await Promise.race([
      exited,
      new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), 30_000)),
    ]);
    expect(code, output).toBe(1);
    // the request was still open: the deadline ended the process, not the request
    const time = (message: RegExp) =>
      JSON.parse(output.split('\n').find((line) => message.test(line)) ?? '{}').time as number;
    const shuttingDown = time(/"msg":"shutting down"/);
    const endedAnyway = time(/requests still open after \d+ ms: ending anyway/);
    expect(endedAnyway - shuttingDown, output).toBeGreaterThan(0);
    expect(endedAnyway - shuttingDown, output).toBeLessThan(10_000);
  }, 240_000);
});
