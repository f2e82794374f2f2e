/**
 * `npm run bench:api`: how fast the history answers a teacher with 10,000 analyses. For PGlite and, when it
 * is reachable, PostgreSQL (a scratch database that is dropped afterwards), the app is started in a child
 * process as `npm start` starts it; the child signs up a teacher, inserts 10,000 analyses for her and 20,000
 * for other teachers (batched, through drizzle), and listens. This process then runs autocannon with 50
 * connections against a trivial route (/api/config) and against history pages of the same server, one after
 * the other, and prints requests per second, their ratio to the trivial route and the p95 latency.
 * Target: p95 under 50 ms for a history page at 50 connections. Prints figures; asserts nothing.
 *
 * The server keeps a user's answered pages until her analyses change (ADR 0006), so a page asked for again
 * and again is answered from memory; "pages 1-50 in turn" shows what a page costs when it is read from the
 * database each time.
 *
 *   BENCH_SECONDS=n   seconds per measured route (default 10)
 *   BENCH_PG_URL=...  the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ONLY=pglite|postgres
 *   BENCH_ROUTES=a,b  only the routes whose label contains one of these (the trivial route always runs)
 *   BENCH_CPU_PROF=dir  write a CPU profile of the server under load (after seeding) into dir
 *   --small           200 analyses of the teacher and 50 of one other, 20 requests over 5 connections per route,
 *                     no warm-up: the size `npm test` runs, to see that the benchmark still runs (on PGlite and,
 *                     when reachable, PostgreSQL; its figures say nothing at that size)
 */
import crypto from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { analyses } from '../src/db/schema';
import { signUpTeacher } from './sign-up';

// the server process is forked with the same flag
const SMALL = process.argv.includes('--small');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = SMALL ? 5 : 50;
/** the small size's requests per route, instead of SECONDS of them */
const SMALL_AMOUNT = 20;
const TEACHER_ROWS = SMALL ? 200 : 10_000;
const OTHER_TEACHERS = SMALL ? 1 : 4;
const OTHER_ROWS = SMALL ? 50 : 5_000;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUTES = process.env.BENCH_ROUTES?.split(',');
const self = fileURLToPath(import.meta.url);

type Ready = { origin: string; cookie: string; seedMs: number; plans: string[] };

// ---------------------------------------------------------------------------------------------------------
// child: the server with its data

const subjects = ['Deutsch', 'Mathematik', 'Englisch', 'Biologie', 'Geschichte', 'Physik', 'Chemie', 'Kunst'];
const firstNames = ['Anna', 'Ben', 'Clara', 'David', 'Emil', 'Fatma', 'Greta', 'Hannes', 'Ida', 'Jonas'];
const lastNames = ['Schmidt', 'Müller', 'Yılmaz', 'Weber', 'Fischer', 'Nowak'];

async function child() {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/env');
  const { analysisSeedValues } = await import('../src/modules/history/analysis-seed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-bench-api-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const { app, context } = await buildApp(config, { logger: false });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const db = context.database.db;

  const teacher = await signUpTeacher(origin, '0');
  const others = [];
  for (let n = 1; n <= OTHER_TEACHERS; n += 1) others.push(await signUpTeacher(origin, String(n)));

  const started = performance.now();
  const now = Date.now();
  async function insertFor(userId: string, count: number) {
    const batch = 500;
    for (let offset = 0; offset < count; offset += batch) {
      const rows = Array.from({ length: Math.min(batch, count - offset) }, (_, index) => {
        const i = offset + index;
        const total = 20 + (i % 4) * 10;
        return analysisSeedValues(userId, {
          title: `Klassenarbeit ${i + 1}`,
          subject: subjects[i % subjects.length]!,
          studentName: `${firstNames[i % firstNames.length]} ${lastNames[Math.floor(i / 10) % lastNames.length]}`,
          gradeLevel: `${5 + (i % 8)}${'abc'[i % 3]}`,
          achievedPoints: (i * 7) % (total + 1),
          totalPoints: total,
          // two years of work, newest first
          createdAt: new Date(now - i * 2 * 3_600_000 - (i % 60) * 1000),
        });
      });
      await db.insert(analyses).values(rows);
    }
  }
  await insertFor(teacher.userId, TEACHER_ROWS);
  for (const other of others) await insertFor(other.userId, OTHER_ROWS);
  // what autovacuum does after a bulk load on a real server: fresh planner statistics
  await db.execute(sql`analyze analyses`);
  const seedMs = performance.now() - started;

  const plans: string[] = [];
  for (const [label, statement] of [
    [
      'page 1',
      sql`explain analyze select id, title, subject, student_name, grade_level, grade, achieved_points, total_points, status, review_state, created_at from analyses where user_id = ${teacher.userId} order by created_at desc, id desc limit 7 offset 0`,
    ],
    [
      'counters',
      sql`explain analyze select subject, analyses from analysis_subject_counts where user_id = ${teacher.userId} and analyses > 0`,
    ],
    [
      'search count',
      sql`explain analyze select count(*) from analyses where user_id = ${teacher.userId} and (title ilike '%anna%' or subject ilike '%anna%' or student_name ilike '%anna%' or grade_level ilike '%anna%' or coalesce(grade, '') ilike '%anna%')`,
    ],
  ] as const) {
    const result = await db.execute(statement);
    const lines = (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]!);
    plans.push(`${label}: ${lines[0]?.trim()} | ${lines.find((l) => l.includes('Execution Time'))?.trim()}`);
  }

  const profiler = process.env.BENCH_CPU_PROF ? new inspector.Session() : null;
  if (profiler) {
    profiler.connect();
    await post(profiler, 'Profiler.enable');
    await post(profiler, 'Profiler.start');
  }
  process.send!({ origin, cookie: teacher.cookie, seedMs, plans } satisfies Ready);
  process.on('message', async (message) => {
    if (message === 'stop') {
      if (profiler) {
        const { profile } = (await post(profiler, 'Profiler.stop')) as { profile: object };
        const file = path.join(process.env.BENCH_CPU_PROF!, `api-${Date.now()}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        console.log(`  CPU profile of the server under load: ${file}`);
      }
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}

function post(session: inspector.Session, method: string): Promise<unknown> {
  return new Promise((resolve, reject) =>
    session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

// ---------------------------------------------------------------------------------------------------------
// parent: the load

type Figures = { rps: number; p50: number; p95: number; p99: number; errors: number; requests: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `{page}` in a path is replaced by 1, 2, … ROTATING_PAGES, 1, … request by request. */
const ROTATING_PAGES = 50;

async function load(origin: string, url: string, cookie: string | null, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let request = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}${url}`,
        connections: CONNECTIONS,
        duration: seconds,
        ...(SMALL ? { amount: SMALL_AMOUNT } : {}),
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
        ...(url.includes('{page}')
          ? {
              requests: [
                {
                  setupRequest: (options) => ({
                    ...options,
                    path: url.replace('{page}', String((request++ % ROTATING_PAGES) + 1)),
                  }),
                },
              ],
            }
          : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/**
 * autocannon stops with requests still queued in the server (PGlite answers them one by one): wait until the
 * server answers a trivial request quickly again, so that one route's backlog is not measured as the next's.
 */
async function drain(origin: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${origin}/api/config`);
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function start(databaseUrl: string | undefined): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(self, SMALL ? ['--small'] : [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        BENCH_API_CHILD: '1',
        ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`server process ended with ${code}`)));
  });
}

async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL at ${PG_URL} not reachable (${(error as Error).message}): skipped`);
    return null;
  }
  const name = `korrigo_bench_${crypto.randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const fmt = (value: number) => `${value.toFixed(1)} ms`;

async function run(kind: 'pglite' | 'postgres') {
  const scratch = kind === 'postgres' ? await scratchDatabase() : null;
  if (kind === 'postgres' && !scratch) return;
  const { child, ready } = await start(scratch?.url);
  try {
    console.log(
      `\n${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${TEACHER_ROWS} analyses for the teacher, ${OTHER_TEACHERS * OTHER_ROWS} for ${OTHER_TEACHERS} others, inserted in ${(ready.seedMs / 1000).toFixed(1)} s`,
    );
    for (const plan of ready.plans) console.log(`  plan ${plan}`);
    const routes: Array<[string, string, string | null]> = [
      ['trivial route GET /api/config', '/api/config', null],
      ['signed-in trivial GET /api/profile', '/api/profile', ready.cookie],
      ['history page 1 GET /api/analyses/history', '/api/analyses/history?page=1', ready.cookie],
      [
        'history search + course, page 2',
        `/api/analyses/history?search=anna&subject=Deutsch&page=2`,
        ready.cookie,
      ],
      ['history deep page 1000', '/api/analyses/history?page=1000', ready.cookie],
      // 50 pages in turn are more than the 16 answers kept per user: every request reads the database
      ['history pages 1-50 in turn (not kept)', '/api/analyses/history?page={page}', ready.cookie],
      ['dashboard GET /api/dashboard', '/api/dashboard', ready.cookie],
    ];
    const targets = routes.filter(
      ([label], index) => index === 0 || !ROUTES || ROUTES.some((part) => label.includes(part)),
    );
    // warm-up: JIT, connection pool, caches
    for (const [, url, cookie] of SMALL ? [] : targets) {
      await load(ready.origin, url, cookie, 2);
      await drain(ready.origin);
    }
    let trivial = 0;
    for (const [label, url, cookie] of targets) {
      const figures = await load(ready.origin, url, cookie, SECONDS);
      await drain(ready.origin);
      if (trivial === 0) trivial = figures.rps;
      const ratio = trivial > 0 ? figures.rps / trivial : 0;
      console.log(
        `  ${label.padEnd(42)} ${figures.rps.toFixed(0).padStart(6)} req/s  (${(ratio * 100).toFixed(1).padStart(5)} % of trivial)  p50 ${fmt(figures.p50)}  p95 ${fmt(figures.p95)}  p99 ${fmt(figures.p99)}${figures.errors ? `  ${figures.errors} errors/non-2xx of ${figures.requests}` : ''}`,
      );
    }
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    await scratch?.drop();
  }
}

async function main() {
  console.log(
    `Korrigo API benchmark: ${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, ${SMALL ? `${SMALL_AMOUNT} requests` : `${SECONDS} s`} per route, load average ${os.loadavg()[0]?.toFixed(1)} (target: history p95 < 50 ms)`,
  );
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') await run('pglite');
  if (only !== 'pglite') await run('postgres');
}

if (process.env.BENCH_API_CHILD) await child();
else await main();
