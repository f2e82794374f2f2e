// `npm start`: builds the web app when its build is missing or older than its sources, then runs the one
// server process that serves the SPA and the API (ARCHITECTURE.md §5), and starts it again should it crash
// or stop answering GET /api/health (which asks the database too: issue 31).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { answersOk, supervise } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'packages/domain/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))))) {
  console.log('Baue die Web-Oberfläche …');
  const build = spawnSync('npm', ['run', 'build', '-w', '@korrigo/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// where the server listens (PORT and HOST, as apps/server/src/env.ts reads them); on every address: here
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const healthHost = ['0.0.0.0', '::', ''].includes(host)
  ? '127.0.0.1'
  : host.includes(':')
    ? `[${host}]`
    : host;

process.exitCode = await supervise({
  // every 20 s; 3 failures in a row (a check waits 5 s at most): killed and started again. Over 40 s: more than
  // one transaction may hold PGlite (30 s, platform/db.ts), so a long one alone does not restart the server.
  health:
    port > 0
      ? {
          check: () => answersOk(`http://${healthHost}:${port}/api/health`, 5000),
          intervalMs: 20_000,
        }
      : undefined,
  start: () =>
    spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { NODE_ENV: 'production', ...process.env },
    }),
});
