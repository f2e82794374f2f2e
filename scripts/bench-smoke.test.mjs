// Every `npm run bench:*` at its small size (`-- --small`), as a child process the way a developer starts it,
// so that a change that breaks a benchmark fails `npm test` (issue 34 §9) instead of being found by the next
// person who measures. Only that it ends with exit code 0 and prints its figures line is checked: at the
// small size the figures say nothing, and the benchmarks, not a test, are where figures are judged.
//
// `npm run test:bench` runs last in `npm test`, within its time budget (about 90 s on two cores): the
// benchmarks marked `heavy` below are skipped there, since each spends tens of CPU seconds before its first
// figure (the OCR workers load the German model, the grading threads their dictionaries, two of them start
// the whole app with `npm start`). `npm run test:bench:all` (BENCH_SMOKE_ALL=1) runs them too; it needs the
// web app built (`npm run build`). bench:maths, language, cases and layouts run in `npm test` besides, in
// process (packages/grading/src/bench-generated.test.ts, bench-small.test.ts). bench:cases never reads the
// sealed set here.
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
const all = process.env.BENCH_SMOKE_ALL === '1';
const heavy = !all && 'heavy: npm run test:bench:all';

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
 * cores that is well past vitest's default timeout.
 */
const benchmarks = [
  { script: 'bench:engine', figures: /after 0 warm-up runs, 1 runs: median \d/ },
  { script: 'bench:tests', figures: /== 2 tests,[^]*points MAE +\d/ },
  // in process in `npm test` already (see above): here their command line too
  { script: 'bench:maths', figures: /summary\n +nokey +precision \d/, skip: heavy },
  { script: 'bench:language', figures: /recall per type: das\/dass \d/, skip: heavy },
  {
    script: 'bench:cases',
    figures: /== 1 cases in 1 folders ==\npoints error +\d/,
    skip: heavy || (!existsSync(teacherCases) && `no teacher cases at ${teacherCases}`),
  },
  { script: 'bench:layouts', figures: /within 0\.5 P of the original: \d+ of \d+/, skip: heavy },
  {
    script: 'bench:grading',
    figures: /sealed part[^]*builtin engine, grade\(\) +\d/,
    skip: !existsSync(datasets) && `no datasets at ${datasets}`,
  },
  // without the datasets it measures the typed pages alone
  { script: 'bench:ocr', figures: /A4 PNG, one page alone +\| 1 +\| \d/, skip: heavy },
  {
    script: 'bench:analyse',
    figures: /scanned A4 page, submit to result[^:\n]*: +median \d/,
    skip: heavy,
  },
  {
    script: 'bench:classset',
    // with the web app built (as test:bench:all needs), the text check is walked in Chromium (issue 34 §1)
    figures:
      /b\) stack: matched to the right pupil +\| +3\/3[^]*b\) stack: teacher’s actions per paper in the text check +\| +\d/,
    skip: heavy,
  },
  { script: 'bench:analytics', figures: /overview year \+ class +\d/ },
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
    script: 'bench:hostile',
    env: async () => ({ BENCH_PORT: String(await freePort()) }),
    figures: /GET \/ during the load: +p50 \d[^]*class-set +class set: 2 papers/,
    skip: heavy,
  },
  {
    script: 'bench:web',
    figures: /Lighthouse 12, simulated mobile:\n.*\n +\/ +\d\.\d\d +\d\.\d\d/,
    skip: heavy,
  },
];

// two at a time (the project's maxConcurrency): each is mostly one busy thread, and the machine has two cores
describe.concurrent('every benchmark at its small size', () => {
  for (const { script, figures, env, skip } of benchmarks) {
    it.skipIf(skip)(`${script} -- --small runs and prints its figures`, { timeout: 300_000 }, async () => {
      const { code, output } = await runSmall(script, typeof env === 'function' ? await env() : env);
      expect(output).toMatch(figures);
      expect(code, output).toBe(0);
    });
  }
});
