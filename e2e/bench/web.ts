/**
 * `npm run bench:web`: the public site's speed and accessibility, measured the way a school's phone sees it.
 *
 * 1. Starts the built app like a user does (`npm start`) on a free port with a throw-away data directory, and
 *    waits until the server has finished its start-up work (it warms the OCR workers and dictionaries after
 *    it answers): the figures are those of a visitor of a running site, not of a server still booting.
 * 2. The JavaScript `/` loads at first (before any scrolling), gzipped (target <= 150 KB).
 * 3. Lighthouse 12 (simulated mobile throttling, the default) performance and accessibility for `/`,
 *    `/pricing` and `/about` (target >= 0.95 each), in Debian's chromium (CHROME_PATH, default /usr/bin/chromium).
 *
 * Prints one table; exits non-zero when a target is missed (BENCH_NO_FAIL=1 only prints).
 *
 * `--small`: Lighthouse for `/` alone and no target judged: the size a test runs, to see that the benchmark
 * still runs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const small = process.argv.includes('--small');
const pages = small ? ['/'] : ['/', '/pricing', '/about'];
const targets = { performance: 0.95, accessibility: 0.95, firstJsKb: 150 };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startApp() {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-bench-'));
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/config`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('the app did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // at the small size too: a server still loading its OCR workers answers too slowly for the first page load
  await waitUntilIdle(child.pid!);
  return {
    base,
    stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds used so far by every process of the process group `pgid` (Linux /proc). */
function groupCpuSeconds(pgid: number): number {
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / ticksPerSecond;
}

/** Waits until the app's processes use less than a tenth of a core for two seconds (at most 120 s). */
async function waitUntilIdle(pgid: number) {
  const deadline = Date.now() + 120_000;
  let previous = groupCpuSeconds(pgid);
  let quiet = 0;
  while (Date.now() < deadline && quiet < 2) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = groupCpuSeconds(pgid);
    quiet = now - previous < 0.1 ? quiet + 1 : 0;
    previous = now;
  }
}

/** Every script `/` requests until the network is idle, without scrolling, gzipped like a compressing proxy would. */
async function firstLoadJs(base: string) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, zlib.gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await browser.close();
  const files = [...scripts.entries()].sort((a, b) => b[1] - a[1]);
  return { files, totalKb: files.reduce((sum, [, size]) => sum + size, 0) / 1024 };
}

async function lighthouseScores(base: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const results: {
    page: string;
    performance: number;
    accessibility: number;
    lcpMs: number;
    tbtMs: number;
  }[] = [];
  try {
    for (const page of pages) {
      const runner = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = runner!.lhr;
      results.push({
        page,
        performance: lhr.categories.performance!.score ?? 0,
        accessibility: lhr.categories.accessibility!.score ?? 0,
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      });
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            lhr.categories.accessibility!.auditRefs.some((r) => r.id === a.id),
        )
        .map((a) => a.id);
      if (failing.length) console.log(`  ${page}: accessibility audits below 1: ${failing.join(', ')}`);
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

const app = await startApp();
let failed = false;
try {
  const js = await firstLoadJs(app.base);
  console.log('\nJavaScript loaded by / at first (gzip -9):');
  for (const [file, size] of js.files) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`  ${js.totalKb.toFixed(1).padStart(7)} KB  total (target <= ${targets.firstJsKb} KB)`);
  if (js.totalKb > targets.firstJsKb) failed = true;

  const scores = await lighthouseScores(app.base);
  console.log('\nLighthouse 12, simulated mobile:');
  console.log('  page       performance  accessibility  LCP ms  TBT ms');
  for (const s of scores) {
    console.log(
      `  ${s.page.padEnd(10)} ${s.performance.toFixed(2).padStart(11)}  ${s.accessibility.toFixed(2).padStart(13)}  ${String(s.lcpMs).padStart(6)}  ${String(s.tbtMs).padStart(6)}`,
    );
    if (s.performance < targets.performance || s.accessibility < targets.accessibility) failed = true;
  }
  console.log(`  targets: performance >= ${targets.performance}, accessibility >= ${targets.accessibility}`);
} finally {
  app.stop();
}
if (failed && !small && !process.env.BENCH_NO_FAIL) process.exitCode = 1;
