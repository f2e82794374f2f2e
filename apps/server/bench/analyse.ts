/**
 * `npm run bench:analyse` (issue 5 §10): the time from submit to result through the HTTP API, with the app
 * started as `npm start` starts it (PGlite, in-process workers, builtin engine), for
 *   - a typed two-page test (target: median under 1 s),
 *   - one scanned A4 page, rendered here at 300 dpi (target: median under 5 s),
 * and how throughput grows with 1, 5 and 20 concurrent submissions of the typed test.
 * Prints figures; asserts nothing. Besides wall time it prints the CPU seconds of this process (server, jobs
 * and OCR worker threads all run in it): on a shared machine they move far less with the load than wall time.
 *
 *   BENCH_RUNS=n    submissions per measured series (default 7)
 *   BENCH_ONLY=scan only the scanned page (skips the typed test and the throughput series)
 *   --small         one submission of each, no warm-up, one text recognition, throughput for 1 only: the size
 *                   `npm test` runs, to see that the benchmark still runs (its figures say nothing at that size)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { eq, inArray } from 'drizzle-orm';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { extractText } from '@korrigo/grading';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/env';
import { aiRuns, profiles } from '../src/db/schema';
import { applyPlan } from '../src/modules/plans/plans.service';
import { signUpTeacher } from './sign-up';

const SMALL = process.argv.includes('--small');
const RUNS = SMALL ? 1 : Number(process.env.BENCH_RUNS ?? 7);
const SCAN_ONLY = process.env.BENCH_ONLY === 'scan';

const answers = [
  'Ein Bruch wird gekürzt, indem man Zähler und Nenner durch dieselbe Zahl teilt. Der Wert des Bruchs bleibt dabei gleich, nur die Darstellung wird einfacher. Zum Beispiel ist 6/8 gekürzt 3/4, weil man beide Zahlen durch 2 teilen kann.',
  'Beim Erweitern multipliziert man Zähler und Nenner mit derselben Zahl. So kann man zwei Brüche auf einen gemeinsamen Nenner bringen und dann addieren. Das braucht man zum Beispiel bei 1/2 + 1/3 = 3/6 + 2/6 = 5/6.',
  'Die Photosynthese findet in den Chloroplasten statt. Die Pflanze nimmt Kohlenstoffdioxid und Wasser auf und bildet mit Hilfe von Lichtenergie Traubenzucker und Sauerstoff. Der Sauerstoff wird an die Umgebung abgegeben.',
  'Im Jahr 1989 fiel die Berliner Mauer. Viele Menschen in der DDR hatten vorher demonstriert, zum Beispiel bei den Montagsdemonstrationen in Leipzig. Ein Jahr später wurde Deutschland wiedervereinigt.',
  'Die Geschwindigkeit berechnet man als Weg durch Zeit. Ein Radfahrer, der 30 km in 2 Stunden fährt, hat eine Geschwindigkeit von 15 km/h. Wenn er doppelt so schnell fährt, braucht er für dieselbe Strecke nur eine Stunde.',
  'Ein gutes Argument besteht aus einer Behauptung, einer Begründung und einem Beispiel. Dass man die Begründung weglässt, macht das Argument schwächer. Man sollte außerdem auf Gegenargumente eingehen, weil der Text dann überzeugender wirkt.',
];

/** About two typed pages (≈ 900 words): six tasks with point marks, each answered in a paragraph. */
function typedTwoPageTest(): string {
  const lines = ['Name: Lena Hoffmann', 'Klasse: 7b', 'Datum: 12.03.2026', ''];
  answers.forEach((answer, index) => {
    lines.push(`Aufgabe ${index + 1} (4 P)`, `${answer} ${answer} ${answer} ${answer}`, '');
  });
  return lines.join('\n');
}

const require = createRequire(import.meta.url);
function fontFile(): string {
  const candidates = [
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    path.join(path.dirname(require.resolve('pdfmake/package.json')), 'build/fonts/Roboto/Roboto-Regular.ttf'),
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error('no TTF font found for rendering the scanned page');
  return found;
}

/** One A4 page at 300 dpi (2480 × 3508 px), 11 pt text with 2 cm margins, as a scanner would deliver it. */
function scannedA4Page(): Buffer {
  GlobalFonts.registerFromPath(fontFile(), 'BenchSans');
  const width = 2480;
  const height = 3508;
  const margin = 236;
  const fontSize = 46;
  const lineHeight = Math.round(fontSize * 1.45);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#111111';
  context.font = `${fontSize}px BenchSans`;
  context.textBaseline = 'top';
  let y = margin;
  const paragraphs = [
    'Name: Lena Hoffmann   Klasse: 7b',
    ...answers.map((a, i) => `Aufgabe ${i + 1} (4 P) ${a}`),
  ];
  for (const paragraph of paragraphs) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (context.measureText(candidate).width > width - 2 * margin && line) {
        context.fillText(line, margin, y);
        y += lineHeight;
        line = word;
      } else {
        line = candidate;
      }
    }
    context.fillText(line, margin, y);
    y += lineHeight * 2;
  }
  return canvas.toBuffer('image/png');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const cpuSeconds = (value: number) => `${(value / 1000).toFixed(2)} CPU s`;

/** Wall and CPU milliseconds of one call; CPU counts every thread of this process. */
async function measured(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  });
  const { app, context } = await buildApp(config, { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = address;
  try {
    const { cookie, userId } = await signUpTeacher(origin, 'analyse');
    // reading scans is a paid plan's (issue 20): the free plan a sign-up starts on refuses it (402); the plan
    // is put in place as a paid subscription's webhook puts it
    await applyPlan(context.database.db, userId, 'premium_teacher');
    await context.database.db.update(profiles).set({ credits: 100_000 }).where(eq(profiles.userId, userId));

    const typed = typedTwoPageTest();
    const scan = scannedA4Page();

    const scanIds: string[] = [];
    async function confirmReading(id: string) {
      const detail = await fetch(`${origin}/api/analyses/${id}`, { headers: { cookie } });
      const { extractedText } = (await detail.json()) as { extractedText: string | null };
      const response = await fetch(`${origin}/api/analyses/${id}/transcription`, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ text: extractedText || '–' }),
      });
      if (response.status !== 200)
        throw new Error(`transcription failed: ${response.status} ${await response.text()}`);
    }
    async function submit(kind: 'typed' | 'scan'): Promise<number> {
      const started = performance.now();
      let body: FormData | string;
      const headers: Record<string, string> = { cookie };
      if (kind === 'typed') {
        body = JSON.stringify({ text: typed, options: { subject: 'Deutsch' } });
        headers['content-type'] = 'application/json';
      } else {
        body = new FormData();
        body.append('options', JSON.stringify({ subject: 'Mathematik' }));
        body.append('files', new Blob([new Uint8Array(scan)], { type: 'image/png' }), 'scan.png');
      }
      const response = await fetch(`${origin}/api/analyses`, { method: 'POST', headers, body });
      if (response.status !== 202)
        throw new Error(`submit failed: ${response.status} ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
      if (kind === 'scan') scanIds.push(id);
      for (;;) {
        const status = await fetch(`${origin}/api/analyses/${id}/status`, { headers: { cookie } });
        const { status: state, errorMessage } = (await status.json()) as {
          status: string;
          errorMessage: string;
        };
        if (state === 'done') return performance.now() - started;
        if (state === 'failed') throw new Error(`analysis failed: ${errorMessage}`);
        // text read from pixels waits for the teacher's look (ADR 0009); here she takes the reading as it
        // is at once, as bench:classset does, so the time includes one more round trip and a second job
        if (state === 'needs_transcription') await confirmReading(id);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }

    console.log(
      `Korrigo analysis benchmark: ${os.cpus().length} cores, Node ${process.version}, PGlite, builtin engine, load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
    console.log(
      `typed test: ${typed.length} characters, ${typed.split(/\s+/).length} words; scan: ${scan.length} bytes PNG`,
    );
    // warm-up: dictionaries, OCR workers, the first queries
    if (!SMALL) {
      await submit('typed');
      await submit('scan');
    }

    if (!SCAN_ONLY) {
      const typedTimes: number[] = [];
      for (let run = 0; run < RUNS; run += 1) typedTimes.push(await submit('typed'));
      console.log(
        `typed two-page test, submit to result: median ${ms(median(typedTimes))} (min ${ms(Math.min(...typedTimes))}, max ${ms(Math.max(...typedTimes))}, n=${RUNS}; target < 1000 ms)`,
      );
    }
    const scanTimes: number[] = [];
    const scanCpu: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { wall, cpu } = await measured(() => submit('scan'));
      scanTimes.push(wall);
      scanCpu.push(cpu);
    }
    console.log(
      `scanned A4 page, submit to result (the reading confirmed at once):  median ${ms(median(scanTimes))} (min ${ms(Math.min(...scanTimes))}, max ${ms(Math.max(...scanTimes))}, n=${RUNS}; target < 5000 ms), median ${cpuSeconds(median(scanCpu))}`,
    );

    const runs = await context.database.db
      .select({ durationMs: aiRuns.durationMs })
      .from(aiRuns)
      .where(inArray(aiRuns.analysisId, SMALL ? scanIds : scanIds.slice(1)));
    console.log(
      `  of which grading the recognised text (ai_runs.duration_ms): median ${ms(median(runs.map((run) => run.durationMs)))}`,
    );
    const ocrTimes: number[] = [];
    const ocrCpu: number[] = [];
    for (let run = 0; run < (SMALL ? 1 : 3); run += 1) {
      const { wall, cpu } = await measured(() => extractText([{ name: 'scan.png', data: scan }]));
      ocrTimes.push(wall);
      ocrCpu.push(cpu);
    }
    console.log(
      `  of which text recognition alone (extractText, in this process): median ${ms(median(ocrTimes))}, ${cpuSeconds(median(ocrCpu))}`,
    );
    if (!SCAN_ONLY) {
      console.log('throughput, typed test, all submitted at once:');
      for (const concurrency of SMALL ? [1] : [1, 5, 20]) {
        const started = performance.now();
        const times = await Promise.all(Array.from({ length: concurrency }, () => submit('typed')));
        const wall = performance.now() - started;
        console.log(
          `  ${String(concurrency).padStart(2)} concurrent: all done in ${ms(wall)}, ${((concurrency / wall) * 1000).toFixed(2)} analyses/s, median latency ${ms(median(times))}, max ${ms(Math.max(...times))}`,
        );
      }
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // the OCR worker pool keeps the event loop alive
  process.exit(0);
}

await main();
