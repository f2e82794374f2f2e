/**
 * `npm run bench:hostile` (issue 12): the app started as `npm start` starts it (scripts/start.mjs with its
 * own port and data directory, PGlite, builtin engine), then, all at once, the worst files the limits let
 * through and the bombs they refuse, sent to /api/extract-text and /api/analyses, while GET / is asked
 * every 50 ms. Prints the latency of GET / (p50, p95, max) before and during the load, the server
 * process's peak RSS, and what each request answered in how long. Asserts nothing.
 *
 *   BENCH_PORT=n        port of the started app (default 4199)
 *   BENCH_PDF_PAGES=n   pages of the worst allowed PDF (default 40, the page limit)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  heaviestAllowedDocx,
  jpegHeader,
  manyEntriesDocx,
  pdfWithPages,
  pngHeader,
  runFloodBomb,
  worstAllowedPdf,
  worstAllowedPng,
} from '../../../packages/grading/test/fixtures/hostile-files';
import { signUpTeacher } from './sign-up';

const PORT = Number(process.env.BENCH_PORT ?? 4199);
const PDF_PAGES = Number(process.env.BENCH_PDF_PAGES ?? 40);
const origin = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '../../..');

type File = { name: string; data: Buffer };

const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
};
const latencyLine = (values: number[]) =>
  `p50 ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}, max ${ms(Math.max(...values))} (n=${values.length})`;

/** kB from /proc/<pid>/status: VmRSS now, VmHWM the peak so far. */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
}

/** Starts `npm start`'s script and waits for the server's warm-up; answers the supervisor and server. */
async function startApp(dataDir: string) {
  const supervisor = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no warm-up within 180 s:\n${output}`)), 180_000);
    supervisor.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('text recognition ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    supervisor.on('exit', (code) => reject(new Error(`npm start ended with ${code}:\n${output}`)));
  });
  const children = fs.readFileSync(`/proc/${supervisor.pid}/task/${supervisor.pid}/children`, 'utf8');
  const serverPid = Number(children.trim().split(/\s+/)[0]);
  return { supervisor, serverPid };
}

/** GET / every 50 ms until stopped; answers the latencies. */
function pollHomePage() {
  const latencies: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${origin}/`);
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`status ${response.status}`);
      } catch (error) {
        failures.push(String(error));
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { latencies, failures };
    },
  };
}

function form(files: File[], fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append('files', new Blob([file.data]), file.name);
  return body;
}

async function extractText(cookie: string, files: File[]) {
  const started = performance.now();
  const response = await fetch(`${origin}/api/extract-text`, {
    method: 'POST',
    headers: { cookie },
    body: form(files),
  });
  const body = (await response.json()) as { error?: { message: string }; extractedContent?: string };
  const answer = body.error?.message ?? `${body.extractedContent?.length ?? 0} characters of text`;
  return { route: 'extract-text', files, status: response.status, answer, ms: performance.now() - started };
}

async function analyse(cookie: string, files: File[]) {
  const started = performance.now();
  const response = await fetch(`${origin}/api/analyses`, {
    method: 'POST',
    headers: { cookie },
    body: form(files, { text: '', options: JSON.stringify({ subject: 'Deutsch' }) }),
  });
  const created = (await response.json()) as { id?: string; error?: { message: string } };
  if (!created.id) {
    return {
      route: 'analyses',
      files,
      status: response.status,
      answer: created.error?.message ?? '',
      ms: performance.now() - started,
    };
  }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = await fetch(`${origin}/api/analyses/${created.id}/status`, { headers: { cookie } });
    const body = (await status.json()) as { status: string };
    if (body.status === 'processing') continue;
    const detail = await fetch(`${origin}/api/analyses/${created.id}`, { headers: { cookie } });
    const { errorMessage } = (await detail.json()) as { errorMessage: string | null };
    return {
      route: 'analyses',
      files,
      status: response.status,
      answer: `${body.status}${errorMessage ? `: ${errorMessage}` : ''}`,
      ms: performance.now() - started,
    };
  }
}

async function main() {
  console.log(
    `Korrigo hostile-files benchmark: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const worst: File[] = [
    { name: 'schwer.docx', data: heaviestAllowedDocx() },
    { name: 'gross.png', data: await worstAllowedPng() },
    { name: `plakat-${PDF_PAGES}-seiten.pdf`, data: worstAllowedPdf(PDF_PAGES) },
  ];
  const bombs: File[] = [
    { name: 'bombe.docx', data: await runFloodBomb(200) },
    { name: 'riesig.png', data: pngHeader(30_000, 30_000) },
    { name: 'riesig.jpg', data: jpegHeader(30_000, 30_000) },
    { name: 'viele.docx', data: manyEntriesDocx() },
    { name: 'dick.pdf', data: pdfWithPages(10_000) },
  ];
  for (const file of [...worst, ...bombs]) console.log(`  ${file.name}: ${file.data.length} bytes`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-bench-hostile-'));
  const { supervisor, serverPid } = await startApp(dataDir);
  try {
    const { cookie } = await signUpTeacher(origin, 'hostile');
    const idle = pollHomePage();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = await idle.stop();
    const rssBefore = memory(serverPid, 'VmRSS');

    const busy = pollHomePage();
    let rssPeak = 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, memory(serverPid, 'VmRSS'));
    }, 100);
    const started = performance.now();
    const results = await Promise.all([
      ...worst.map((file) => extractText(cookie, [file])),
      ...bombs.map((file) => extractText(cookie, [file])),
      analyse(cookie, worst),
      analyse(cookie, [bombs[0]!]),
      analyse(cookie, [bombs[1]!, bombs[2]!]),
    ]);
    const total = performance.now() - started;
    clearInterval(sampler);
    const during = await busy.stop();

    console.log(`\nGET / before the load:  ${latencyLine(before.latencies)}`);
    console.log(
      `GET / during the load:  ${latencyLine(during.latencies)}; failed: ${during.failures.length}`,
    );
    console.log(
      `server RSS: ${mb(rssBefore)} before, peak ${mb(Math.max(rssPeak, memory(serverPid, 'VmHWM')))} (VmHWM ${mb(memory(serverPid, 'VmHWM'))})`,
    );
    const stillUp = fs.existsSync(`/proc/${serverPid}`);
    console.log(
      `server process ${serverPid} ${stillUp ? 'still up' : 'GONE'}; all requests done in ${ms(total)}\n`,
    );
    for (const result of results) {
      const names = result.files.map((file) => file.name).join(' + ');
      console.log(
        `  ${result.route.padEnd(12)} ${names.padEnd(44)} ${result.status} in ${ms(result.ms).padStart(8)}: ${result.answer}`,
      );
    }
  } finally {
    supervisor.kill('SIGTERM');
    await new Promise((resolve) => supervisor.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
