// Every `npm run bench:*` at its small size (`-- --small`), as a child process the way a developer starts it,
// so that a change that breaks a benchmark fails `npm test` (issue 34 §9) instead of being found by the next
// person who measures. Only that it ends with exit code 0 and prints its figures line is checked: at the
// small size the figures say nothing, and the benchmarks, not a test, are where figures are judged.
//
// `npm run test:bench` runs last in `npm test`, after `npm run build` (bench:classset walks the text check
// in the built app, bench:web measures it): two benchmarks at a time, since each is mostly one busy thread
// and the machine has two cores (about three and a half minutes there; the slow ones spend tens of CPU
// seconds before their first figure: the OCR workers load the German model, the grading threads their
// dictionaries, two of them start the whole app with `npm start`). bench:cases never reads the sealed set
// here.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// where the benchmarks look for what is kept outside the repo (packages/grading/bench/datasets.ts,
// teacher-cases.ts); a checkout without them skips the benchmarks that need them
const datasets = path.resolve(root, process.env.KORRIGO_DATASETS ?? '../shared/datasets');
const teacherCases = path.resolve(root, process.env.KORRIGO_TEACHER_CASES ?? '../shared/teacher-cases');

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm run <script> -- --small`; answers its exit code and everything it printed. */
function runSmall(script, env = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script, '--', '--small'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => {
      // the wall time of each small run, for whoever looks at why `npm test` got slower
      console.log(`${script} -- --small: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve({ code: code ?? signal, output });
    });
  });
}

/**
 * Each benchmark with the line that says it measured something. `skip`: why it cannot run on this checkout.
 * Server benchmarks load the engine, the OCR workers and a database before their first figure: on two busy
 * cores that is well past vitest's default timeout. The slowest come first, so that two short ones, not a
 * long one alone, end the run.
 */
const benchmarks = [
  {
    script: 'bench:web',
    // the public site does not grade: an API process (RUN_JOBS=false, as beside `npm run worker`) skips the
    // grading threads' warm-up (about 14 CPU seconds) that the benchmark would otherwise wait out before its
    // first page (ADR 0034)
    env: { RUN_JOBS: 'false' },
    figures: /Lighthouse 12, simulated mobile:\n.*\n +\/ +\d\.\d\d +\d\.\d\d/,
  },
  {
    script: 'bench:classset',
    // with the web app built, the text check is walked in Chromium (issue 34 §1)
    figures:
      /b\) stack: matched to the right pupil +\| +3\/3[^]*b\) stack: teacher’s actions per paper in the text check +\| +\d/,
  },
  {
    script: 'bench:hostile',
    env: async () => ({ BENCH_PORT: String(await freePort()) }),
    figures: /GET \/ during the load: +p50 \d[^]*class-set +class set: 2 papers/,
  },
  {
    script: 'bench:api',
    // PostgreSQL only where the server tests use it too (TEST_DATABASE_URL, as in CI)
    env: process.env.TEST_DATABASE_URL
      ? { BENCH_PG_URL: process.env.TEST_DATABASE_URL }
      : { BENCH_ONLY: 'pglite' },
    figures: process.env.TEST_DATABASE_URL
      ? /PGlite[^]*history page 1 GET \/api\/analyses\/history +\d+ req\/s[^]*PostgreSQL[^]*history page 1 GET \/api\/analyses\/history +\d+ req\/s/
      : /PGlite[^]*history page 1 GET \/api\/analyses\/history +\d+ req\/s/,
  },
  {
    script: 'bench:analyse',
    figures: /scanned A4 page, submit to result[^:\n]*: +median \d/,
  },
  // without the datasets it measures the typed pages alone
  { script: 'bench:ocr', figures: /A4 PNG, one page alone +\| 1 +\| \d/ },
  {
    script: 'bench:grading',
    figures: /sealed part[^]*builtin engine, grade\(\) +\d/,
    skip: !existsSync(datasets) && `no datasets at ${datasets}`,
  },
  { script: 'bench:analytics', figures: /overview year \+ class +\d/ },
  { script: 'bench:engine', figures: /after 0 warm-up runs, 1 runs: median \d/ },
  { script: 'bench:tests', figures: /== 2 tests,[^]*points MAE +\d/ },
  { script: 'bench:maths', figures: /summary\n +nokey +precision \d/ },
  { script: 'bench:language', figures: /recall per type: das\/dass \d/ },
  {
    script: 'bench:cases',
    figures: /== 1 cases in 1 folders ==\npoints error +\d/,
    skip: !existsSync(teacherCases) && `no teacher cases at ${teacherCases}`,
  },
  { script: 'bench:layouts', figures: /within 0\.5 P of the original: \d+ of \d+/ },
];

/**
 * Two benchmarks at a time: each is mostly one busy thread, and the machine has two cores. (vitest's
 * maxConcurrency did not hold for these: all fourteen started at once and took eight minutes.)
 */
function limit(slots) {
  const waiting = [];
  return async (work) => {
    if (slots > 0) slots -= 1;
    else await new Promise((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else slots += 1;
    }
  };
}
const twoAtATime = limit(2);

describe.concurrent('every benchmark at its small size', () => {
  for (const { script, figures, env, skip } of benchmarks) {
    // the timeout counts the wait for a slot too: the last ones start after most of the others
    it.skipIf(skip)(`${script} -- --small runs and prints its figures`, { timeout: 600_000 }, async () => {
      const { code, output } = await twoAtATime(async () =>
        runSmall(script, typeof env === 'function' ? await env() : env),
      );
      expect(output).toMatch(figures);
      expect(code, output).toBe(0);
    });
  }
});
